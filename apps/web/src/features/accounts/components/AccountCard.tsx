import { useId } from 'react';
import { roles, type Role, type User } from '@quan/contract/user';
import { Avatar } from '../../../components/Avatar';
import { formatDate } from '../../../lib/format';
import type { AccountActions, StatusAction } from './account-actions';
import { RoleBadge, StatusBadge, roleLabels } from './badges';

const statusActionLabels: Record<StatusAction, string> = {
  approve: 'Approve',
  suspend: 'Suspend',
  reactivate: 'Reactivate',
};

interface AccountCardProps {
  user: User;
  isSelf: boolean;
  actions: AccountActions;
  isBusy: boolean;
  onStatusAction: (user: User, action: StatusAction) => void;
  onRoleChange: (user: User, role: Role) => void;
  onDelete: (user: User) => void;
}

export function AccountCard({
  user,
  isSelf,
  actions,
  isBusy,
  onStatusAction,
  onRoleChange,
  onDelete,
}: AccountCardProps) {
  const nameId = useId();
  const roleSelectId = useId();
  const { statusAction, canChangeRole, canDelete } = actions;

  return (
    <article aria-labelledby={nameId} className="card flex flex-col gap-4 p-4 lg:flex-row lg:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Avatar name={user.name} src={user.avatar} decorative />
        <div className="min-w-0">
          <h2 id={nameId} className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
            {user.name}
            {isSelf && (
              <span className="rounded-full bg-stone-900 px-2 py-0.5 text-xs font-medium text-white">You</span>
            )}
          </h2>
          <p className="truncate text-sm text-stone-700">{user.email}</p>
          <p className="text-sm text-stone-700">{user.phone}</p>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2 lg:w-64">
        <RoleBadge role={user.role} />
        <StatusBadge status={user.status} />
        <span className="text-xs text-stone-600">Joined {formatDate(user.createdAt)}</span>
      </div>

      {(statusAction || canChangeRole || canDelete) && (
        <div className="flex flex-wrap items-center gap-2 lg:justify-end">
          {canChangeRole && (
            <>
              <label htmlFor={roleSelectId} className="sr-only">
                Role of {user.name}
              </label>
              <select
                id={roleSelectId}
                value={user.role}
                disabled={isBusy}
                onChange={(event) => onRoleChange(user, event.target.value as Role)}
                className="field-input w-auto py-1.5"
              >
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {roleLabels[role]}
                  </option>
                ))}
              </select>
            </>
          )}
          {statusAction && (
            <button
              type="button"
              disabled={isBusy}
              onClick={() => onStatusAction(user, statusAction)}
              className={`btn btn-sm ${statusAction === 'suspend' ? 'btn-secondary' : 'btn-primary'}`}
            >
              {statusActionLabels[statusAction]}
            </button>
          )}
          {canDelete && (
            <button type="button" disabled={isBusy} onClick={() => onDelete(user)} className="btn btn-sm btn-danger">
              Delete
            </button>
          )}
        </div>
      )}
      {isSelf && <p className="text-xs text-stone-600 lg:w-40">Edit your own account on your profile.</p>}
    </article>
  );
}
