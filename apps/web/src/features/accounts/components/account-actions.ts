import type { AccountStatus, Role, User } from '@quan/contract/user';

export type StatusAction = 'approve' | 'suspend' | 'reactivate';

export interface AccountActions {
  statusAction: StatusAction | null;
  canChangeRole: boolean;
  canDelete: boolean;
}

const statusActionFor: Record<AccountStatus, StatusAction> = {
  pending: 'approve',
  active: 'suspend',
  suspended: 'reactivate',
};

export const statusAfter: Record<StatusAction, AccountStatus> = {
  approve: 'active',
  suspend: 'suspended',
  reactivate: 'active',
};

const noActions: AccountActions = { statusAction: null, canChangeRole: false, canDelete: false };

/**
 * What the signed-in person may do to one account (API.md "Roles and permissions"). The server
 * enforces the same rules; this only keeps impossible buttons off the screen. Nobody acts on
 * their own account here, so nobody can suspend, demote or delete themselves by mistake.
 */
export function getAccountActions(viewer: { _id: string; role: Role | '' }, target: User): AccountActions {
  if (viewer._id === target._id) return noActions;
  const isAdmin = viewer.role === 'admin';
  const canChangeStatus = isAdmin || (viewer.role === 'manager' && target.role !== 'admin');
  return {
    statusAction: canChangeStatus ? statusActionFor[target.status] : null,
    canChangeRole: isAdmin,
    canDelete: isAdmin,
  };
}
