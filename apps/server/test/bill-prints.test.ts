import type { Order } from '@quan/contract/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenu, placeOrder } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
let pho: { _id: string };

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  pho = (await createMenu(t, [{ name: 'Phở bò', price: 65_000 }])).items[0]!;
});
afterAll(() => t.close());

const print = (order: Pick<Order, '_id'>, kind: string, as: 'staff' | 'manager' | string = 'staff') =>
  t.request({ method: 'POST', url: `/api/order/${order._id}/prints`, payload: { kind }, as });

describe('POST /api/order/:id/prints', () => {
  it('counts each copy of the bill, so the second and later ones are reprints', async () => {
    const order = await placeOrder(t, [{ itemId: pho._id, quantity: 2 }]);

    const first = await print(order, 'bill');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ kind: 'bill', copies: 1, sentTo: null });
    expect((await print(order, 'bill', 'manager')).json().data).toEqual({ kind: 'bill', copies: 2, sentTo: null });
    expect((await print(order, 'bill')).json().data).toEqual({ kind: 'bill', copies: 3, sentTo: null });

    // Another order keeps its own count.
    const other = await placeOrder(t, [{ itemId: pho._id, quantity: 1 }]);
    expect((await print(other, 'bill')).json().data).toEqual({ kind: 'bill', copies: 1, sentTo: null });
  });

  it('refuses a receipt while something is due, and counts receipts apart from bills once paid', async () => {
    const order = await placeOrder(t, [{ itemId: pho._id, quantity: 1 }]);
    await print(order, 'bill');

    const unpaid = await print(order, 'receipt');
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({
      message: `Order ${order.orderNo} is not paid yet: print its provisional bill`,
      code: 'RECEIPT_UNPAID',
      params: { orderNo: order.orderNo },
    });

    const paid = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/payments`,
      payload: { method: 'card', amount: order.due },
      as: 'staff',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((paid.json().data as Order).paymentStatus).toBe('paid');

    expect((await print(order, 'receipt')).json().data).toEqual({ kind: 'receipt', copies: 1, sentTo: null });
    expect((await print(order, 'receipt')).json().data).toEqual({ kind: 'receipt', copies: 2, sentTo: null });
    expect((await print(order, 'bill')).json().data).toEqual({ kind: 'bill', copies: 2, sentTo: null });
  });

  it('asks who prints to be signed in, a known order and a kind it knows', async () => {
    const order = await placeOrder(t, [{ itemId: pho._id, quantity: 1 }]);

    const anonymous = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/prints`,
      payload: { kind: 'bill' },
    });
    expect(anonymous.statusCode).toBe(401);

    const missing = await print({ _id: '0190a1b2-c3d4-7e5f-8a9b-000000000000' }, 'bill');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ORDER_NOT_FOUND');

    const unknownKind = await print(order, 'invoice');
    expect(unknownKind.statusCode).toBe(400);
  });
});
