import type { AccountStatus, Role } from '@quan/contract/user';
import { useT } from '../../../lib/i18n';

/** The message id naming each role, translated where it is shown. */
export const roleLabelIds: Record<Role, string> = {
  admin: 'accounts.role.admin',
  manager: 'accounts.role.manager',
  staff: 'accounts.role.staff',
};

const roleClasses: Record<Role, string> = {
  admin: 'bg-purple-50 text-purple-800 ring-purple-200',
  manager: 'bg-sky-50 text-sky-800 ring-sky-200',
  staff: 'bg-stone-100 text-stone-700 ring-stone-200',
};

const statusLabelIds: Record<AccountStatus, string> = {
  active: 'accounts.status.active',
  pending: 'accounts.status.pending',
  suspended: 'accounts.status.suspended',
};

const statusClasses: Record<AccountStatus, string> = {
  active: 'bg-green-50 text-green-800 ring-green-200',
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  suspended: 'bg-red-50 text-red-800 ring-red-200',
};

const badgeBase = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset';

export function RoleBadge({ role }: { role: Role }) {
  const t = useT();
  return <span className={`${badgeBase} ${roleClasses[role]}`}>{t(roleLabelIds[role])}</span>;
}

export function StatusBadge({ status }: { status: AccountStatus }) {
  const t = useT();
  return <span className={`${badgeBase} ${statusClasses[status]}`}>{t(statusLabelIds[status])}</span>;
}
