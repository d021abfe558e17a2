import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Header } from '../../components/Header';
import { useLogout } from '../../features/auth/api/logout';
import { BranchSwitcher } from '../../features/branches/components/BranchSwitcher';
import { OutboxButton } from '../../features/outbox/components/OutboxButton';
import { OutboxRunner } from '../../features/outbox/components/OutboxRunner';
import { useOutboxEntries } from '../../features/outbox/components/use-outbox-entries';
import { waitsFor } from '../../lib/outbox';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { removeUser, selectUser } from '../../store/user-slice';
import { LiveUpdates } from '../LiveUpdates';

/**
 * Counts the switches from one known branch to another. The first branch a session learns (a session stored
 * before branches answers its branch later) is no switch, so the page is not started again for it.
 */
function useBranchGeneration(branchId: string | undefined): number {
  const [seen, setSeen] = useState({ branchId, generation: 0 });
  if (branchId !== seen.branchId) {
    setSeen({ branchId, generation: seen.branchId && branchId ? seen.generation + 1 : seen.generation });
  }
  return seen.generation;
}

/** The frame of every staff page: the shared header above the page. */
export function AppLayout() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logoutMutation = useLogout();
  const branchGeneration = useBranchGeneration(user.branchId);
  const outbox = useOutboxEntries();

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
      <Header
        user={user}
        branchSwitcher={<BranchSwitcher waitingToSend={outbox.some(waitsFor(user._id))} />}
        deviceStatus={<OutboxButton />}
        onSignOut={signOut}
        isSigningOut={logoutMutation.isPending}
      />
      {/* A new branch, a new page: nothing the old branch's screen held stays on it. */}
      <main key={branchGeneration}>
        <Outlet />
      </main>
    </div>
  );
}
