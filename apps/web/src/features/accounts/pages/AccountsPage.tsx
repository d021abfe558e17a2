import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { Role, User } from '@quan/contract/user';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { describeApiError, getApiStatus } from '../../../lib/api-client';
import { useCan } from '../../../lib/use-can';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/list-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { useUpdateUserStatus } from '../api/update-user-status';
import { AccountCard } from '../components/AccountCard';
import { getAccountActions, statusAfter, type StatusAction } from '../components/account-actions';
import { roleLabels } from '../components/badges';
import { LoadError } from '../../../components/LoadError';

const statusSuccessMessages: Record<StatusAction, (name: string) => string> = {
  approve: (name) => `${name} can now sign in.`,
  suspend: (name) => `${name}'s account is suspended.`,
  reactivate: (name) => `${name}'s account is active again.`,
};

function ManagersOnly() {
  return (
    <div role="status" className="card flex items-start gap-3 p-6 text-stone-700">
      <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <p>Only managers can manage accounts. Ask a manager if a colleague needs access.</p>
    </div>
  );
}

/** Pending accounts first: they are the ones waiting for someone to act. */
function byPendingFirst(a: User, b: User): number {
  return Number(b.status === 'pending') - Number(a.status === 'pending');
}

export function AccountsPage() {
  usePageTitle('Accounts');
  const viewer = useAppSelector(selectUser);
  const canReadAccounts = useCan('accounts:read');
  const users = useUsers({ enabled: canReadAccounts });
  const statusMutation = useUpdateUserStatus();
  const roleMutation = useUpdateUserRole();
  const deleteMutation = useDeleteUser();
  const { enqueueSnackbar } = useSnackbar();
  const [userToDelete, setUserToDelete] = useState<User | null>(null);

  function showError(error: unknown, fallback: string) {
    enqueueSnackbar(describeApiError(error, fallback), { variant: 'error' });
  }

  function changeStatus(user: User, action: StatusAction) {
    statusMutation.mutate(
      { id: user._id, status: statusAfter[action] },
      {
        onSuccess: () => enqueueSnackbar(statusSuccessMessages[action](user.name), { variant: 'success' }),
        onError: (error) => showError(error, `Could not update ${user.name}'s account.`),
      },
    );
  }

  function changeRole(user: User, role: Role) {
    roleMutation.mutate(
      { id: user._id, role },
      {
        onSuccess: () =>
          enqueueSnackbar(`${user.name} is now ${roleLabels[role].toLowerCase()}.`, { variant: 'success' }),
        onError: (error) => showError(error, `Could not change ${user.name}'s role.`),
      },
    );
  }

  function confirmDelete() {
    if (!userToDelete) return;
    const user = userToDelete;
    deleteMutation.mutate(user._id, {
      onSuccess: () => enqueueSnackbar(`${user.name}'s account is deleted.`, { variant: 'success' }),
      onError: (error) => showError(error, `Could not delete ${user.name}'s account.`),
      onSettled: () => setUserToDelete(null),
    });
  }

  function isBusy(user: User): boolean {
    return (
      (statusMutation.isPending && statusMutation.variables?.id === user._id) ||
      (roleMutation.isPending && roleMutation.variables?.id === user._id) ||
      (deleteMutation.isPending && deleteMutation.variables === user._id)
    );
  }

  const sortedUsers = users.data ? [...users.data].sort(byPendingFirst) : [];
  const pendingCount = sortedUsers.filter((user) => user.status === 'pending').length;

  function renderContent() {
    if (!canReadAccounts || getApiStatus(users.error) === 403) return <ManagersOnly />;
    if (users.isPending) {
      return (
        <p role="status" className="text-stone-600">
          Loading accounts…
        </p>
      );
    }
    if (users.isError) {
      return (
        <LoadError error={users.error} fallback="Could not load the accounts." onRetry={() => void users.refetch()} />
      );
    }
    return (
      <ul className="space-y-3">
        {sortedUsers.map((user) => (
          <li key={user._id}>
            <AccountCard
              user={user}
              isSelf={user._id === viewer._id}
              actions={getAccountActions(viewer, user)}
              isBusy={isBusy(user)}
              onStatusAction={changeStatus}
              onRoleChange={changeRole}
              onDelete={setUserToDelete}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">Accounts</h1>
        <p className="mt-1 text-sm text-stone-600">
          {pendingCount > 0
            ? `${pendingCount} ${pendingCount === 1 ? 'account is' : 'accounts are'} waiting for approval.`
            : 'Approve new staff, suspend access and set roles.'}
        </p>
      </div>
      {renderContent()}
      <ConfirmDialog
        open={userToDelete !== null}
        title="Delete this account?"
        description={
          <p>
            <strong>{userToDelete?.name}</strong> ({userToDelete?.email}) will be signed out and can no longer sign in.
            This cannot be undone.
          </p>
        }
        confirmLabel="Delete account"
        isPending={deleteMutation.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setUserToDelete(null)}
      />
    </section>
  );
}
