import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../../components/FullScreenSpinner';
import { useT } from '../../../lib/i18n';
import { getStoredToken } from '../../../lib/session-storage';
import { isTokenValid } from '../../../lib/token';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { removeUser, selectUser, setUser } from '../../../store/user-slice';
import { useCurrentUser } from '../api/get-current-user';
import { useHasCachedSession } from './use-cached-session';

/**
 * Layout route of every staff page. As the first contract fixed it (docs/compatibility.md): the cached
 * session is used when there is one; otherwise the current user is fetched once, and a failure sends the
 * person to /auth.
 */
export function RequireAuth() {
  const t = useT();
  const dispatch = useAppDispatch();
  const { key: locationKey } = useLocation();
  const { isAuth } = useAppSelector(selectUser);
  const hasCachedSession = useHasCachedSession();
  // Decided once per visit: a session that ends later (sign-out, token expiry) must not be
  // revived by a fetch that an old cookie might still answer.
  const [loadsUser] = useState(() => !hasCachedSession);
  const currentUser = useCurrentUser({ enabled: loadsUser });
  const sessionEnded = !loadsUser && !hasCachedSession;

  // A tab can stay open longer than a token lives, so its expiry is checked on every navigation.
  useEffect(() => {
    if (hasCachedSession && !isTokenValid(getStoredToken(), Date.now())) dispatch(removeUser());
  }, [locationKey, hasCachedSession, dispatch]);

  useEffect(() => {
    if (currentUser.data) dispatch(setUser(currentUser.data));
  }, [currentUser.data, dispatch]);

  useEffect(() => {
    if (currentUser.isError || sessionEnded) dispatch(removeUser());
  }, [currentUser.isError, sessionEnded, dispatch]);

  if (hasCachedSession) return <Outlet />;
  // Wait for setUser to land so the header never renders an empty user.
  if (loadsUser && currentUser.isSuccess && isAuth) return <Outlet />;
  if (currentUser.isError || sessionEnded) return <Navigate to="/auth" replace />;
  return <FullScreenSpinner label={t('auth.loadingAccount')} />;
}
