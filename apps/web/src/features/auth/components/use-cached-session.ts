import { getStoredToken } from '../../../lib/session-storage';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';

/**
 * Whether the stored session can be used without asking the server: it can when user state and a token
 * are present, as the first contract fixed it (docs/compatibility.md). The token's expiry was checked when
 * the store was created; RequireAuth checks it again on each navigation.
 */
export function useHasCachedSession(): boolean {
  const { isAuth } = useAppSelector(selectUser);
  return isAuth && getStoredToken() !== null;
}
