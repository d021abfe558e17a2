import { describe, expect, it } from 'vitest';
import {
  assignTable,
  detachMember,
  emptyOrderState,
  removeCustomer,
  selectCanStartOrder,
  selectHasCustomer,
  selectOrderInProgress,
  setCustomer,
} from './order-slice';
import { createAppStore } from './store';
import { removeUser } from './user-slice';

const customer = { name: 'Chị Lan', phone: '0901234567', guests: 4, isPreorder: true };
const table4 = { _id: 'table-4', tableNo: 4 };
const lan = {
  _id: '0190a1b2-c3d4-7e5f-8a9b-00000000c001',
  name: 'Chị Lan',
  membershipLevel: 'gold' as const,
  loyaltyPoints: 120,
};
const at = Date.parse('2026-03-01T05:00:00.000Z');

describe('order-in-progress slice', () => {
  it('starts without an order', () => {
    const store = createAppStore();

    expect(selectOrderInProgress(store.getState())).toEqual(emptyOrderState);
    expect(selectHasCustomer(store.getState())).toBe(false);
  });

  it('setCustomer stores the customer with a new orderId made from the current timestamp', () => {
    const store = createAppStore();

    store.dispatch(setCustomer(customer, at));

    expect(selectOrderInProgress(store.getState())).toEqual({
      orderId: String(at),
      customerName: 'Chị Lan',
      customerPhone: '0901234567',
      guests: 4,
      table: null,
      isPreorder: true,
      member: null,
    });
    expect(selectHasCustomer(store.getState())).toBe(true);
  });

  it('setCustomer uses the clock when no time is given', () => {
    const store = createAppStore();
    const before = Date.now();

    store.dispatch(setCustomer(customer));

    const orderId = Number(selectOrderInProgress(store.getState()).orderId);
    expect(orderId).toBeGreaterThanOrEqual(before);
    expect(orderId).toBeLessThanOrEqual(Date.now());
  });

  it('setting the customer again makes a new orderId and replaces the details, keeping the table', () => {
    const store = createAppStore();
    store.dispatch(setCustomer(customer, at));
    store.dispatch(assignTable(table4));

    store.dispatch(setCustomer({ name: 'Anh Minh', phone: '', guests: 2, isPreorder: false }, at + 1500));

    expect(selectOrderInProgress(store.getState())).toEqual({
      orderId: String(at + 1500),
      customerName: 'Anh Minh',
      customerPhone: '',
      guests: 2,
      table: table4,
      isPreorder: false,
      member: null,
    });
  });

  it('assignTable keeps { _id, tableNo } of the table, replaces it and clears it with null', () => {
    const store = createAppStore();

    const fullTable = { ...table4, seats: 6, status: 'available' };
    store.dispatch(assignTable(fullTable));
    expect(selectOrderInProgress(store.getState()).table).toEqual(table4);

    store.dispatch(assignTable({ _id: 'table-7', tableNo: 7 }));
    expect(selectOrderInProgress(store.getState()).table).toEqual({ _id: 'table-7', tableNo: 7 });

    store.dispatch(assignTable(null));
    expect(selectOrderInProgress(store.getState()).table).toBeNull();
  });

  it('choosing a table without a customer starts a table order with a new orderId; with one it keeps its id', () => {
    const store = createAppStore();

    store.dispatch(assignTable(table4, at));
    expect(selectOrderInProgress(store.getState())).toMatchObject({ orderId: String(at), table: table4 });
    expect(selectCanStartOrder(store.getState())).toBe(true);
    expect(selectHasCustomer(store.getState())).toBe(false);

    store.dispatch(setCustomer(customer, at + 10));
    store.dispatch(assignTable({ _id: 'table-7', tableNo: 7 }, at + 20));
    expect(selectOrderInProgress(store.getState()).orderId).toBe(String(at + 10));
  });

  it('removeCustomer clears name, phone, guests and table but keeps orderId and isPreorder', () => {
    const store = createAppStore();
    store.dispatch(setCustomer(customer, at));
    store.dispatch(assignTable(table4));

    store.dispatch(removeCustomer());

    expect(selectOrderInProgress(store.getState())).toEqual({
      orderId: String(at),
      customerName: '',
      customerPhone: '',
      guests: 0,
      table: null,
      isPreorder: true,
      member: null,
    });
    expect(selectHasCustomer(store.getState())).toBe(false);
  });

  it('setCustomer with a loyalty member keeps only what the POS shows of them, with a new orderId', () => {
    const store = createAppStore();
    store.dispatch(setCustomer(customer, at));

    const fullCustomer = { ...lan, email: 'lan@quan.test', totalSpent: 3_000_000, status: 'active' };
    store.dispatch(setCustomer({ ...customer, member: fullCustomer }, at + 10));

    expect(selectOrderInProgress(store.getState())).toMatchObject({ orderId: String(at + 10), member: lan });
    expect(selectOrderInProgress(store.getState()).member).toEqual(lan);
  });

  it('setting the customer without a member drops the previous one', () => {
    const store = createAppStore();
    store.dispatch(setCustomer({ ...customer, member: lan }, at));

    store.dispatch(setCustomer(customer, at + 10));

    expect(selectOrderInProgress(store.getState()).member).toBeNull();
  });

  it('detachMember drops the member only; removeCustomer drops the member with the guest', () => {
    const store = createAppStore();
    store.dispatch(setCustomer({ ...customer, member: lan }, at));
    store.dispatch(assignTable(table4));

    store.dispatch(detachMember());
    expect(selectOrderInProgress(store.getState())).toEqual({
      orderId: String(at),
      customerName: 'Chị Lan',
      customerPhone: '0901234567',
      guests: 4,
      table: table4,
      isPreorder: true,
      member: null,
    });

    store.dispatch(setCustomer({ ...customer, member: lan }, at + 10));
    store.dispatch(removeCustomer());
    expect(selectOrderInProgress(store.getState())).toMatchObject({ orderId: String(at + 10), member: null });
  });

  it('is reset when the user signs out', () => {
    const store = createAppStore();
    store.dispatch(setCustomer(customer, at));

    store.dispatch(removeUser());

    expect(selectOrderInProgress(store.getState())).toEqual(emptyOrderState);
  });
});
