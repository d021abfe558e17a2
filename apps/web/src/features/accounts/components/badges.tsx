import type { AccountStatus, Role } from '@quan/contract/user';

export const roleLabels: Record<Role, string> = { admin: 'Admin', manager: 'Manager', staff: 'Staff' };

const roleClasses: Record<Role, string> = {
  admin: 'bg-purple-50 text-purple-800 ring-purple-200',
  manager: 'bg-sky-50 text-sky-800 ring-sky-200',
  staff: 'bg-stone-100 text-stone-700 ring-stone-200',
};

const statusLabels: Record<AccountStatus, string> = {
  active: 'Active',
  pending: 'Waiting for approval',
  suspended: 'Suspended',
};

const statusClasses: Record<AccountStatus, string> = {
  active: 'bg-green-50 text-green-800 ring-green-200',
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  suspended: 'bg-red-50 text-red-800 ring-red-200',
};

const badgeBase = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset';

export function RoleBadge({ role }: { role: Role }) {
  return <span className={`${badgeBase} ${roleClasses[role]}`}>{roleLabels[role]}</span>;
}

export function StatusBadge({ status }: { status: AccountStatus }) {
  return <span className={`${badgeBase} ${statusClasses[status]}`}>{statusLabels[status]}</span>;
}
