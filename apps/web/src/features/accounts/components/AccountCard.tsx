import { useId, type ReactNode } from 'react';
import { roles, type Role, type User } from '@quan/contract/user';
import { Avatar } from '../../../components/Avatar';
import { formatDate } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import type { AccountActions, StatusAction } from './account-actions';
import { RoleBadge, StatusBadge, roleLabelIds } from './badges';

const statusActionLabelIds: Record<StatusAction, string> = {
  approve: 'accounts.action.approve',
  suspend: 'accounts.action.suspend',
  reactivate: 'accounts.action.reactivate',
};

interface AccountCardProps {
  user: User;
  isSelf: boolean;
  actions: AccountActions;
  isBusy: boolean;
  onStatusAction: (user: User, action: StatusAction) => void;
  onRoleChange: (user: User, role: Role) => void;
  onDelete: (user: User) => void;
  /** Where the person works, shown under their badges when the chain has several branches. */
  branches?: ReactNode;
}

export function AccountCard({
  user,
  isSelf,
  actions,
  isBusy,
  onStatusAction,
  onRoleChange,
  onDelete,
  branches,
}: AccountCardProps) {
  const t = useT();
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
              <span className="rounded-full bg-stone-900 px-2 py-0.5 text-xs font-medium text-white">
                {t('accounts.you')}
              </span>
            )}
          </h2>
          <p className="truncate text-sm text-stone-700">{user.email}</p>
          <p className="text-sm text-stone-700">{user.phone}</p>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2 lg:w-64">
        <RoleBadge role={user.role} />
        <StatusBadge status={user.status} />
        <span className="text-xs text-stone-600">{t('accounts.joined', { date: formatDate(user.createdAt) })}</span>
        {branches}
      </div>

      {(statusAction || canChangeRole || canDelete) && (
        <div className="flex flex-wrap items-center gap-2 lg:justify-end">
          {canChangeRole && (
            <>
              <label htmlFor={roleSelectId} className="sr-only">
                {t('accounts.roleOf', { name: user.name })}
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
                    {t(roleLabelIds[role])}
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
              {t(statusActionLabelIds[statusAction])}
            </button>
          )}
          {canDelete && (
            <button type="button" disabled={isBusy} onClick={() => onDelete(user)} className="btn btn-sm btn-danger">
              {t('accounts.delete')}
            </button>
          )}
        </div>
      )}
      {isSelf && <p className="text-xs text-stone-600 lg:w-40">{t('accounts.editOnProfile')}</p>}
    </article>
  );
}
