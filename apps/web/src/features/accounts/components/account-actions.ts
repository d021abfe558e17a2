import { can, mayChangeAccount } from '@quan/contract/permissions';
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
 * What the signed-in person may do to one account: the permission table of the contract package, then the
 * rules that depend on the account itself. The server enforces the same rules; this only keeps impossible
 * buttons off the screen. Nobody acts on their own account here, so nobody can suspend, demote or delete
 * themselves by mistake.
 */
export function getAccountActions(viewer: { _id: string; role: Role | '' }, target: User): AccountActions {
  if (viewer._id === target._id) return noActions;
  const role = viewer.role || null;
  // An admin's account is changed by admins only: a manager may approve or suspend everyone else.
  const mayTouchTarget = mayChangeAccount(role, target.role);
  return {
    statusAction: can(role, 'accounts:set-status') && mayTouchTarget ? statusActionFor[target.status] : null,
    canChangeRole: can(role, 'accounts:set-role'),
    canDelete: can(role, 'accounts:delete'),
  };
}
