import { useState } from 'react';
import { RoleNotice } from '../../../components/RoleNotice';
import { useSnackbar } from 'notistack';
import type { UserWithBranches } from '@quan/contract/branch';
import type { Role, User } from '@quan/contract/user';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { describeApiError, getApiStatus } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/list-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { useUpdateUserStatus } from '../api/update-user-status';
import { AccountCard } from '../components/AccountCard';
import { AccountBranches } from '../components/AccountBranches';
import { useBranches } from '../../branches/api/list-branches';
import { getAccountActions, statusAfter, type StatusAction } from '../components/account-actions';
import { roleLabelIds } from '../components/badges';
import { LoadError } from '../../../components/LoadError';

const statusSuccessIds: Record<StatusAction, string> = {
  approve: 'accounts.approved',
  suspend: 'accounts.suspended',
  reactivate: 'accounts.reactivated',
};

function ManagersOnly() {
  const t = useT();
  return (
    <RoleNotice>
      <p>{t('accounts.managersOnly')}</p>
    </RoleNotice>
  );
}

/** Pending accounts first: they are the ones waiting for someone to act. */
function byPendingFirst(a: UserWithBranches, b: UserWithBranches): number {
  return Number(b.status === 'pending') - Number(a.status === 'pending');
}

export function AccountsPage() {
  const t = useT();
  usePageTitle(t('accounts.title'));
  const viewer = useAppSelector(selectUser);
  const canReadAccounts = useCan('accounts:read');
  const users = useUsers({ enabled: canReadAccounts });
  // Where people work is the owner's to see and set, once the chain has a second branch. Asked (with the header's
  // switcher, the same question) only by a session that knows its branch.
  const isOwner = viewer.role === 'admin';
  const branches = useBranches({ enabled: isOwner && !!viewer.branchId });
  const chainBranches = isOwner && (branches.data?.length ?? 0) > 1 ? (branches.data ?? []) : [];
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
        onSuccess: () => enqueueSnackbar(t(statusSuccessIds[action], { name: user.name }), { variant: 'success' }),
        onError: (error) => showError(error, t('accounts.updateFailed', { name: user.name })),
      },
    );
  }

  function changeRole(user: User, role: Role) {
    roleMutation.mutate(
      { id: user._id, role },
      {
        onSuccess: () =>
          enqueueSnackbar(t('accounts.roleChanged', { name: user.name, role: t(roleLabelIds[role]).toLowerCase() }), {
            variant: 'success',
          }),
        onError: (error) => showError(error, t('accounts.roleFailed', { name: user.name })),
      },
    );
  }

  function confirmDelete() {
    if (!userToDelete) return;
    const user = userToDelete;
    deleteMutation.mutate(user._id, {
      onSuccess: () => enqueueSnackbar(t('accounts.deleted', { name: user.name }), { variant: 'success' }),
      onError: (error) => showError(error, t('accounts.deleteFailed', { name: user.name })),
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
          {t('accounts.loading')}
        </p>
      );
    }
    if (users.isError) {
      return <LoadError error={users.error} fallback={t('accounts.loadFailed')} onRetry={() => void users.refetch()} />;
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
              branches={
                chainBranches.length > 0 && (
                  <AccountBranches user={user} branches={chainBranches} canEdit={user._id !== viewer._id} />
                )
              }
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('accounts.title')}</h1>
        <p className="mt-1 text-sm text-stone-600">
          {pendingCount > 0 ? t('accounts.pendingCount', { count: pendingCount }) : t('accounts.intro')}
        </p>
      </div>
      {renderContent()}
      <ConfirmDialog
        open={userToDelete !== null}
        title={t('accounts.delete.title')}
        description={
          <p>
            <strong>{userToDelete?.name}</strong> {t('accounts.delete.explain', { email: userToDelete?.email ?? '' })}
          </p>
        }
        confirmLabel={t('accounts.delete.confirm')}
        isPending={deleteMutation.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setUserToDelete(null)}
      />
    </section>
  );
}
