import type { DomainEvent } from '@quan/contract/events';
import type { Ingredient } from '@quan/contract/ingredient';
import type { DinerOrderResult } from '@quan/contract/public';
import type { Order } from '@quan/contract/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenu, createTable, billOf } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
type Dish = { _id: string; name: string; price: number };
let pho: Dish;
let beer: Dish;
let beef: Ingredient;

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  beef = (
    await t.request({
      method: 'POST',
      url: '/api/ingredient',
      payload: { name: 'Bò tái', unit: 'kg', quantity: 10 },
      as: 'manager',
    })
  ).json().data;
  const menu = await createMenu(t, [
    { name: 'Phở bò', price: 65_000 },
    { name: 'Bia Hà Nội', price: 20_000 },
  ]);
  [pho, beer] = menu.items as [Dish, Dish];
  await t.request({
    method: 'PUT',
    url: `/api/item/${pho._id}`,
    payload: { recipe: [{ ingredientId: beef._id, quantity: 0.15 }] },
    as: 'manager',
  });
});
afterAll(() => t.close());

async function placeAt(tableId: string | undefined, items: { itemId: string; quantity: number }[], extra = {}) {
  const response = await t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: { name: 'Bàn 5', guests: 3 }, tableId, items, ...extra },
    as: 'staff',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Order;
}

const addRound = (orderId: string, body: Record<string, unknown>, key?: string) =>
  t.request({
    method: 'POST',
    url: `/api/order/${orderId}/rounds`,
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
    as: 'staff',
  });

const moveRound = (orderId: string, roundNo: number, body: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: `/api/order/${orderId}/rounds/${roundNo}`, payload: body, as: 'staff' });

async function beefLeft(): Promise<number> {
  const all: Ingredient[] = (await t.request({ method: 'GET', url: '/api/ingredient', as: 'staff' })).json().data;
  return all.find((one) => one._id === beef._id)!.quantity;
}

describe('rounds on one bill', () => {
  it('adds a second round priced from the menu when it is sent, with its own stock and ticket', async () => {
    const table = await createTable(t);
    const first = await placeAt(table._id, [
      { itemId: pho._id, quantity: 1 },
      { itemId: beer._id, quantity: 2 },
    ]);
    const before = await beefLeft();
    // The kitchen finishes round 1; meanwhile phở costs more.
    expect((await moveRound(first._id, 1, { status: 'ready' })).json().data.status).toBe('ready');
    await t.request({ method: 'PUT', url: `/api/item/${pho._id}`, payload: { price: 70_000 }, as: 'manager' });

    const response = await addRound(first._id, { items: [{ itemId: pho._id, quantity: 2 }] });
    expect(response.statusCode, response.body).toBe(201);
    const order: Order = response.json().data;
    expect(order.rounds.map(({ no, status, source }) => ({ no, status, source }))).toEqual([
      { no: 1, status: 'ready', source: 'pos' },
      { no: 2, status: 'in_progress', source: 'pos' },
    ]);
    expect(
      order.items.map(({ name, price, quantity, roundNo, position }) => [name, price, quantity, roundNo, position]),
    ).toEqual([
      ['Phở bò', 65_000, 1, 1, 0],
      ['Bia Hà Nội', 20_000, 2, 1, 1],
      ['Phở bò', 70_000, 2, 2, 2],
    ]);
    // A new round puts the order back in the kitchen; the bill is the whole order's.
    expect(order.status).toBe('in_progress');
    expect(order.bills).toEqual(
      billOf({
        subtotals: [{ vatRate: 8, amount: 65_000 + 40_000 + 140_000 }],
        discount: 0,
        serviceVatRate: 8,
        pricesIncludeTax: true,
      }),
    );
    expect(await beefLeft()).toBeCloseTo(before - 0.3, 3);
    expect(order.table).toEqual({ _id: table._id, tableNo: table.tableNo });
    expect(order.version).toBeGreaterThan(first.version);

    // Round 2 is its own ticket: bumping it moves only it, and the order is ready once every round is.
    expect((await moveRound(first._id, 2, { status: 'ready' })).json().data.status).toBe('ready');
    const served = (await moveRound(first._id, 1, { status: 'served' })).json().data as Order;
    expect(served.rounds.map((round) => round.status)).toEqual(['served', 'ready']);
    expect(served.status).toBe('ready');
    await t.request({ method: 'PUT', url: `/api/item/${pho._id}`, payload: { price: 65_000 }, as: 'manager' });
  });

  it('grows a percentage coupon with the bill, and credits loyalty and revenue with the whole order', async () => {
    await t.request({
      method: 'POST',
      url: '/api/coupons',
      payload: { code: 'ROUND10', discountType: 'percent', discountValue: 10 },
      as: 'manager',
    });
    const member = (
      await t.request({
        method: 'POST',
        url: '/api/customers',
        payload: { name: 'Trần Thu Hà', phone: '0912 345 678' },
        as: 'staff',
      })
    ).json().data;
    const first = await placeAt(undefined, [{ itemId: pho._id, quantity: 2 }], {
      couponCode: 'ROUND10',
      customerId: member._id,
    });
    expect(first.bills.discount).toBe(13_000);
    const second: Order = (await addRound(first._id, { items: [{ itemId: beer._id, quantity: 5 }] })).json().data;
    expect(second.bills).toEqual(
      billOf({
        subtotals: [{ vatRate: 8, amount: 230_000 }],
        discount: 23_000,
        serviceVatRate: 8,
        pricesIncludeTax: true,
      }),
    );

    const revenueBefore = (await t.request({ method: 'GET', url: '/api/order/revenue', as: 'manager' })).json().data;
    await moveRound(first._id, 1, { status: 'ready' });
    await moveRound(first._id, 2, { status: 'ready' });
    const done = await t.request({
      method: 'PUT',
      url: `/api/order/${first._id}`,
      payload: { status: 'completed', paymentMethod: 'cash' },
      as: 'staff',
    });
    expect(done.json().data.status).toBe('completed');
    const revenueAfter = (await t.request({ method: 'GET', url: '/api/order/revenue', as: 'manager' })).json().data;
    expect(revenueAfter.totalRevenue - revenueBefore.totalRevenue).toBe(second.bills.total);
    const customer = (await t.request({ method: 'GET', url: `/api/customers/${member._id}`, as: 'staff' })).json().data;
    expect(customer).toMatchObject({
      loyaltyPoints: Math.floor(second.bills.total / 10_000),
      totalSpent: second.bills.total,
    });
  });

  it("joins a diner's round to the table's open order, pending until staff accept it; a rejected round leaves the bill", async () => {
    const table = await createTable(t);
    const first = await placeAt(table._id, [{ itemId: beer._id, quantity: 2 }]);
    const heard: DomainEvent[] = [];
    t.app.events.on('order.round-added', (event) => void heard.push(event));
    const fromPhone = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { tableNo: table.tableNo, tableKey: table.qrKey, items: [{ itemId: pho._id, quantity: 1 }] },
    });
    expect(fromPhone.statusCode, fromPhone.body).toBe(201);
    const phone: DinerOrderResult = fromPhone.json().data;
    expect(phone._id).toBe(first._id);
    expect(phone.rounds.map((round) => [round.no, round.status, round.source])).toEqual([
      [1, 'in_progress', 'pos'],
      [2, 'pending', 'table'],
    ]);
    expect(heard).toMatchObject([{ type: 'order.round-added', roundNo: 2, order: { _id: first._id } }]);
    const followed = await t.app.inject({ url: `/api/public/orders/${first._id}?token=${phone.trackingToken}` });
    expect(followed.statusCode).toBe(200);

    // Pending: no stock taken yet; accepting takes it.
    const before = await beefLeft();
    const accepted: Order = (await moveRound(first._id, 2, { status: 'in_progress' })).json().data;
    expect(accepted.rounds[1]!.status).toBe('in_progress');
    expect(await beefLeft()).toBeCloseTo(before - 0.15, 3);

    // A third round from the phone, rejected: off the bill, no stock taken, the order as it was.
    const third: DinerOrderResult = (
      await t.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: { tableNo: table.tableNo, tableKey: table.qrKey, items: [{ itemId: pho._id, quantity: 3 }] },
      })
    ).json().data;
    expect(third.trackingToken).toBe(phone.trackingToken);
    // The table's order is still cooking; the new round waits beside it, and nothing is settled meanwhile.
    expect(third.status).toBe('in_progress');
    expect(third.rounds[2]!.status).toBe('pending');
    const split = await t.request({
      method: 'POST',
      url: `/api/order/${first._id}/split`,
      payload: { by: 'guests', guests: 2 },
      as: 'staff',
    });
    expect(split.statusCode).toBe(409);
    expect(split.json().message).toBe(
      `Round 3 of order ${first.orderNo} waits for approval; accept or reject it before splitting the bill`,
    );
    const rejected: Order = (await moveRound(first._id, 3, { status: 'cancelled' })).json().data;
    expect(rejected.status).toBe('in_progress');
    expect(rejected.items.filter((line) => line.roundNo === 3)).toMatchObject([
      { quantity: 3, voidedQuantity: 3, total: 0 },
    ]);
    expect(rejected.bills).toEqual(accepted.bills);
    expect(await beefLeft()).toBeCloseTo(before - 0.15, 3);
  });

  it('cancelling the only open round of a table gives its stock back and frees the table', async () => {
    const table = await createTable(t);
    const before = await beefLeft();
    const order = await placeAt(table._id, [{ itemId: pho._id, quantity: 2 }]);
    const cancelled: Order = (await moveRound(order._id, 1, { status: 'cancelled' })).json().data;
    expect(cancelled.status).toBe('cancelled');
    expect(await beefLeft()).toBeCloseTo(before, 3);
    const tables = (await t.request({ method: 'GET', url: '/api/table', as: 'staff' })).json().data;
    expect(tables.find((one: { _id: string }) => one._id === table._id)).toMatchObject({ status: 'available' });
  });

  it('answers a repeated round with the same Idempotency-Key once, and refuses a stale version', async () => {
    const order = await placeAt(undefined, [{ itemId: beer._id, quantity: 1 }]);
    const body = { items: [{ itemId: beer._id, quantity: 1 }] };
    const first = await addRound(order._id, body, `round-${order._id}`);
    const again = await addRound(order._id, body, `round-${order._id}`);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.rounds).toHaveLength(2);

    // A tablet that still shows the order as it was before round 2 is told, and nothing is written.
    const stale = await addRound(order._id, { ...body, expectedVersion: order.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      `Order ${order.orderNo} was changed on another screen since you opened it; its latest state is shown now`,
    );
    const now: Order = (await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' })).json().data;
    expect(now.rounds).toHaveLength(2);
    const current = await addRound(order._id, { ...body, expectedVersion: now.version });
    expect(current.statusCode).toBe(201);
  });

  it('lands both of two rounds sent to one order at the same moment', async () => {
    const order = await placeAt(undefined, [{ itemId: beer._id, quantity: 1 }]);
    const [a, b] = await Promise.all([
      addRound(order._id, { items: [{ itemId: beer._id, quantity: 2 }] }),
      addRound(order._id, { items: [{ itemId: pho._id, quantity: 1 }] }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const final: Order = (await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' })).json().data;
    expect(final.rounds.map((round) => round.no)).toEqual([1, 2, 3]);
    expect(final.items.map((line) => line.position)).toEqual([0, 1, 2]);
    expect(final.bills).toEqual(
      billOf({
        subtotals: [{ vatRate: 8, amount: 20_000 + 40_000 + 65_000 }],
        discount: 0,
        serviceVatRate: 8,
        pricesIncludeTax: true,
      }),
    );
  });

  it('leaves taking a started round off a bill that keeps other dishes to a manager', async () => {
    const order = await placeAt(undefined, [{ itemId: beer._id, quantity: 1 }]);
    await moveRound(order._id, 1, { status: 'ready' });
    await addRound(order._id, { items: [{ itemId: pho._id, quantity: 1 }] });
    // Until the kitchen starts it (or the grace time passes), staff may still take it off: see voids.test.ts.
    await t.request({ method: 'POST', url: `/api/order/${order._id}/rounds/2/start`, payload: {}, as: 'staff' });
    const byStaff = await moveRound(order._id, 2, { status: 'cancelled' });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().message).toBe(
      `Round 2 of order ${order.orderNo} is in the kitchen: a manager takes its dishes off with Void dishes`,
    );
    const byManager = await t.request({
      method: 'PATCH',
      url: `/api/order/${order._id}/rounds/2`,
      payload: { status: 'cancelled' },
      as: 'manager',
    });
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect(byManager.json().data.bills).toEqual(
      billOf({
        subtotals: [{ vatRate: 8, amount: 20_000 }],
        discount: 0,
        serviceVatRate: 8,
        pricesIncludeTax: true,
      }),
    );
  });

  it('gives two phones ordering at a free table at the same moment one order, never two', async () => {
    const table = await createTable(t);
    const body = (quantity: number) => ({
      tableNo: table.tableNo,
      tableKey: table.qrKey,
      items: [{ itemId: beer._id, quantity }],
    });
    const answers = await Promise.all(
      [1, 2, 3].map((quantity) => t.app.inject({ method: 'POST', url: '/api/order', payload: body(quantity) })),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().data);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(new Set(placed.map((order: DinerOrderResult) => order._id)).size).toBe(1);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(
        `Someone at table ${table.tableNo} has just ordered; send your dishes again to join their order`,
      );
    }
    const order: Order = (await t.request({ method: 'GET', url: `/api/order/${placed[0]._id}`, as: 'staff' })).json()
      .data;
    expect(order.rounds).toHaveLength(placed.length);
    expect(order.items).toHaveLength(placed.length);
  });

  it('explains what cannot be done: a closed order, an unknown round, a move out of order', async () => {
    const order = await placeAt(undefined, [{ itemId: beer._id, quantity: 1 }]);
    expect((await moveRound(order._id, 7, { status: 'ready' })).json()).toMatchObject({
      message: `Order ${order.orderNo} has no round 7`,
    });
    const backwards = await moveRound(order._id, 1, { status: 'pending' });
    expect(backwards.statusCode).toBe(409);
    expect(backwards.json().message).toBe(
      `Cannot move round 1 of order ${order.orderNo} from "in the kitchen" to "waiting"`,
    );
    await moveRound(order._id, 1, { status: 'ready' });
    await t.request({
      method: 'PUT',
      url: `/api/order/${order._id}`,
      payload: { status: 'completed', paymentMethod: 'card' },
      as: 'staff',
    });
    const late = await addRound(order._id, { items: [{ itemId: beer._id, quantity: 1 }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`Order ${order.orderNo} is completed; start a new order for more dishes`);
    const empty = await addRound(order._id, { items: [] });
    expect(empty.statusCode).toBe(400);
  });
});
