import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router';
import { Header } from '../../components/Header';
import { useLogout } from '../../features/auth/api/logout';
import { OutboxButton } from '../../features/outbox/components/OutboxButton';
import { OutboxRunner } from '../../features/outbox/components/OutboxRunner';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { removeUser, selectUser } from '../../store/user-slice';
import { LiveUpdates } from '../LiveUpdates';

/** The frame of every staff page: the shared header above the page. */
export function AppLayout() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logoutMutation = useLogout();

  function signOut() {
    // Signed out locally whatever the server answers; the socket closes when the user is removed.
    logoutMutation.mutate(undefined, {
      onSettled: () => {
        dispatch(removeUser());
        queryClient.clear();
        void navigate('/auth', { replace: true });
      },
    });
  }

  return (
    <div className="min-h-dvh bg-stone-50 pb-20 lg:pb-0">
      <LiveUpdates ownUserId={user._id} />
      <OutboxRunner />
      <Header user={user} deviceStatus={<OutboxButton />} onSignOut={signOut} isSigningOut={logoutMutation.isPending} />
      <main>
        <Outlet />
      </main>
    </div>
  );
}
