// @vitest-environment node
import type { Order } from '@quan/contract/order';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../../test/data/orders';
import { withOrder, type OrderFilters, type OrderPage } from './list-orders';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 5, minute)).toISOString();
const page = (orders: Order[], totalItems = orders.length, itemsPerPage = 50): OrderPage => ({
  orders,
  pagination: {
    currentPage: 1,
    totalPages: Math.max(1, Math.ceil(totalItems / itemsPerPage)),
    totalItems,
    itemsPerPage,
  },
});
const numbers = (result: OrderPage | undefined) => result?.orders.map((order) => order.orderNo);

describe('withOrder: a cached list with an order from a live event', () => {
  const kitchen: OrderFilters = { status: ['pending', 'in_progress', 'ready'], sort: 'oldest', limit: 200 };
  const a = makeOrder({ orderNo: 1, status: 'in_progress', createdAt: at(0) });
  const b = makeOrder({ orderNo: 2, status: 'pending', createdAt: at(10) });

  it('inserts a new matching order where the server sorts it, and counts it', () => {
    const between = makeOrder({ orderNo: 3, status: 'pending', createdAt: at(5) });
    const result = withOrder(page([a, b]), between, kitchen);
    expect(numbers(result)).toEqual([1, 3, 2]);
    expect(result?.pagination.totalItems).toBe(3);
    expect(numbers(withOrder(page([b, a]), between, { sort: 'newest' }))).toEqual([2, 3, 1]);
  });

  it('replaces an order that still matches, and takes out one that no longer does', () => {
    expect(withOrder(page([a, b]), { ...a, status: 'ready' }, kitchen)?.orders[0]?.status).toBe('ready');
    const served = withOrder(page([a, b]), { ...a, status: 'served' }, kitchen);
    expect(numbers(served)).toEqual([2]);
    expect(served?.pagination.totalItems).toBe(1);
  });

  it('leaves the list alone for an order that is not in it and does not match', () => {
    const list = page([a, b]);
    expect(withOrder(list, makeOrder({ status: 'completed' }), kitchen)).toBe(list);
    expect(withOrder(list, makeOrder({ status: 'pending', createdAt: at(1) }), { startDate: at(30) })).toBe(list);
  });

  it('cannot tell the new answer of one page among several, or of a full page: the list is asked for again', () => {
    const firstOfTwo = page([a, b], 4, 2);
    expect(withOrder(firstOfTwo, makeOrder({ status: 'pending' }), { limit: 2 })).toBeUndefined();
    expect(withOrder(firstOfTwo, { ...a, status: 'served' }, { ...kitchen, limit: 2 })).toBeUndefined();
    // Still exact: an order on the page changing in place.
    expect(withOrder(firstOfTwo, { ...b, note: 'no onions' }, { limit: 2 })?.orders[1]?.note).toBe('no onions');
    expect(withOrder(page([a, b], 2, 2), makeOrder({ status: 'pending' }), { limit: 2 })).toBeUndefined();
  });
});
