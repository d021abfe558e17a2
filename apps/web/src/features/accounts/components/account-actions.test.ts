// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/data/session';
import { getAccountActions } from './account-actions';

const admin = { _id: 'admin-1', role: 'admin' as const };
const manager = { _id: 'manager-1', role: 'manager' as const };
const staff = { _id: 'staff-1', role: 'staff' as const };

describe('getAccountActions', () => {
  it('offers the status change that fits the account', () => {
    expect(getAccountActions(manager, makeUser({ role: 'staff', status: 'pending' })).statusAction).toBe('approve');
    expect(getAccountActions(manager, makeUser({ role: 'staff', status: 'active' })).statusAction).toBe('suspend');
    expect(getAccountActions(manager, makeUser({ role: 'staff', status: 'suspended' })).statusAction).toBe(
      'reactivate',
    );
  });

  it('lets a manager change the status of non-admins only, and never roles or deletion', () => {
    expect(getAccountActions(manager, makeUser({ role: 'manager' }))).toEqual({
      statusAction: 'suspend',
      canChangeRole: false,
      canDelete: false,
    });
    expect(getAccountActions(manager, makeUser({ role: 'admin' })).statusAction).toBeNull();
  });

  it('lets an admin do everything to other accounts, admins included', () => {
    expect(getAccountActions(admin, makeUser({ role: 'admin', status: 'active' }))).toEqual({
      statusAction: 'suspend',
      canChangeRole: true,
      canDelete: true,
    });
  });

  it('offers nothing on your own account', () => {
    const self = makeUser({ _id: admin._id, role: 'admin' });
    expect(getAccountActions(admin, self)).toEqual({ statusAction: null, canChangeRole: false, canDelete: false });
  });

  it('offers staff nothing', () => {
    expect(getAccountActions(staff, makeUser({ role: 'staff', status: 'pending' }))).toEqual({
      statusAction: null,
      canChangeRole: false,
      canDelete: false,
    });
  });
});
