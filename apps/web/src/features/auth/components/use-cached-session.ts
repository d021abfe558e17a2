import { getStoredToken } from '../../../lib/session-storage';
import { isTokenValid } from '../../../lib/token';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';

/**
 * Whether the stored session can be used without asking the server (SPEC §4). The token is
 * checked again here, not only at start-up, because a tab can stay open longer than a token lives.
 */
export function useHasCachedSession(): boolean {
  const { isAuth } = useAppSelector(selectUser);
  return isAuth && isTokenValid(getStoredToken(), Date.now());
}
