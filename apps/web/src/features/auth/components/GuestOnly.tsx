import { Navigate, Outlet } from 'react-router';
import { useHasCachedSession } from './use-cached-session';

/** Layout route of /auth: someone already signed in goes straight to the home page. */
export function GuestOnly() {
  const hasCachedSession = useHasCachedSession();
  return hasCachedSession ? <Navigate to="/" replace /> : <Outlet />;
}
