import type { Order } from '@quan/contract/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenu } from './factories';
import { buildTestApp, type TestApp } from './helper';

// The POS's offline outbox sends a queued call again after a lost answer or a crash mid-send: every call it
// queues answers a repeat of the same Idempotency-Key and body with the first result, changing nothing.
// On PostgreSQL (DATABASE_URL) the concurrent repeats really run at once.

let t: TestApp;
let hotpot: { _id: string; price: number };

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  // No tax or service charge: a bill is what the dishes cost.
  await t.request({ method: 'PUT', url: '/api/settings', payload: { taxRate: 0 }, as: 'admin' });
  hotpot = (await createMenu(t, [{ name: 'Lẩu thái', price: 100_000 }])).items[0]!;
});
afterAll(() => t.close());

type Method = 'PUT' | 'PATCH' | 'POST';

const send = (method: Method, url: string, payload: Record<string, unknown>, key?: string) =>
  t.request({ method, url, payload, headers: key ? { 'idempotency-key': key } : {}, as: 'staff' });

/** A message as a person reads it (money is formatted with a no-break space before ₫). */
const messageOf = (response: { json(): { message: string } }) => response.json().message.replace(/\u00a0/g, ' ');

let keys = 0;
const newKey = (what: string) => `outbox-${what}-${Date.now()}-${++keys}`;

async function place(quantity = 1): Promise<Order> {
  const response = await send('POST', '/api/order', {
    customerDetails: { name: 'Bàn 7', guests: 2 },
    items: [{ itemId: hotpot._id, quantity }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function current(order: Order): Promise<Order> {
  return (await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' })).json().data;
}

async function moveTo(order: Order, status: string): Promise<Order> {
  const response = await send('PUT', `/api/order/${order._id}`, { status });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('PUT /api/order/{id} with an Idempotency-Key', () => {
  it('moves the order once for a repeat, and refuses the key with another body', async () => {
    const order = await place();
    const key = newKey('move');
    const first = await send('PUT', `/api/order/${order._id}`, { status: 'ready', note: 'bàn góc' }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const moved: Order = first.json().data;
    expect(moved).toMatchObject({ status: 'ready', note: 'bàn góc' });

    const again = await send('PUT', `/api/order/${order._id}`, { note: 'bàn góc', status: 'ready' }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(moved);
    expect(messageOf(again)).toBe(messageOf(first));
    // Nothing was written the second time: every change of an order bumps its version.
    expect((await current(order)).version).toBe(moved.version);

    const different = await send('PUT', `/api/order/${order._id}`, { status: 'served' }, key);
    expect(different.statusCode).toBe(409);
    expect(different.json().message).toBe('This Idempotency-Key was already used for a different order update');
    expect(await current(order)).toMatchObject({ status: 'ready', version: moved.version });
  });

  it('completes and pays once when the completion is sent twice', async () => {
    const order = await moveTo(await place(), 'ready');
    const key = newKey('complete');
    const body = { status: 'completed', paymentMethod: 'cash' };
    const first = await send('PUT', `/api/order/${order._id}`, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const completed: Order = first.json().data;
    expect(completed).toMatchObject({ status: 'completed', paid: 100_000, due: 0 });

    // Without the key the repeat would be refused (a completed order cannot change); with it, the first answer.
    const again = await send('PUT', `/api/order/${order._id}`, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(completed);
    const now = await current(order);
    expect(now.payments).toHaveLength(1);
    expect(now).toMatchObject({ paid: 100_000, version: completed.version });
  });
});

describe('PATCH /api/order/{id}/rounds/{n} with an Idempotency-Key', () => {
  it('moves the round once for a repeat, and refuses the key with another body or another round', async () => {
    const order = await place();
    const key = newKey('round');
    const first = await send('PATCH', `/api/order/${order._id}/rounds/1`, { status: 'ready' }, key);
    expect(first.statusCode, first.body).toBe(200);
    const moved: Order = first.json().data;
    expect(moved.rounds[0]).toMatchObject({ no: 1, status: 'ready' });
    expect(messageOf(first)).toBe(`Round 1 of order ${order.orderNo} is ready`);

    const again = await send('PATCH', `/api/order/${order._id}/rounds/1`, { status: 'ready' }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(moved);
    expect(messageOf(again)).toBe(`Round 1 of order ${order.orderNo} was already moved to ready`);
    expect((await current(order)).version).toBe(moved.version);

    const different = await send('PATCH', `/api/order/${order._id}/rounds/1`, { status: 'served' }, key);
    expect(different.statusCode).toBe(409);
    expect(different.json().message).toBe('This Idempotency-Key was already used for a different round move');
    // The same body for another round is another request too.
    const otherRound = await send('PATCH', `/api/order/${order._id}/rounds/2`, { status: 'ready' }, key);
    expect(otherRound.statusCode).toBe(409);
    const now = await current(order);
    expect(now.rounds.map((round) => round.status)).toEqual(['ready']);
    expect(now.version).toBe(moved.version);
  });
});

describe('POST /api/order/{id}/payments with an Idempotency-Key', () => {
  it('takes the payment once for a repeat, with the same change, and refuses the key with another body', async () => {
    const order = await moveTo(await place(3), 'ready');
    const key = newKey('pay');
    const body = { method: 'cash', amount: 120_000, tendered: 200_000 };
    const first = await send('POST', `/api/order/${order._id}/payments`, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(messageOf(first)).toBe('Payment of 120.000 ₫ taken; 180.000 ₫ left to pay; change 80.000 ₫');
    const paid: Order = first.json().data;
    expect(paid).toMatchObject({ paid: 120_000, due: 180_000 });

    const again = await send('POST', `/api/order/${order._id}/payments`, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(paid);
    expect(messageOf(again)).toBe('Payment of 120.000 ₫ was already taken; 180.000 ₫ left to pay; change 80.000 ₫');

    const different = await send('POST', `/api/order/${order._id}/payments`, { ...body, tendered: 150_000 }, key);
    expect(different.statusCode).toBe(409);
    expect(different.json().message).toBe('This Idempotency-Key was already used for a different payment');
    // The same body for another order is another payment, and a key of one call is not another call's.
    const other = await moveTo(await place(3), 'ready');
    expect((await send('POST', `/api/order/${other._id}/payments`, body, key)).statusCode).toBe(409);
    expect((await send('PUT', `/api/order/${order._id}`, { status: 'completed' }, key)).statusCode).toBe(409);

    const now = await current(order);
    expect(now.payments).toHaveLength(1);
    expect(now).toMatchObject({ status: 'ready', paid: 120_000, due: 180_000, version: paid.version });
    expect((await current(other)).payments).toHaveLength(0);
  });

  it('takes one payment for the same key sent five times at once', async () => {
    const order = await moveTo(await place(3), 'ready');
    const key = newKey('pay-race');
    // A third of the bill: without the key, three of the five would be taken.
    const body = { method: 'cash', amount: 100_000, tendered: 200_000 };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send('POST', `/api/order/${order._id}/payments`, body, key)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    for (const answer of answers) {
      expect(answer.json().data).toMatchObject({ _id: order._id, status: 'ready', paid: 100_000, due: 200_000 });
      expect(messageOf(answer)).toMatch(/; 200\.000 ₫ left to pay; change 100\.000 ₫$/);
    }
    const now = await current(order);
    expect(now.payments).toHaveLength(1);
    expect(now.payments[0]).toMatchObject({ method: 'cash', amount: 100_000, tendered: 200_000, change: 100_000 });
  });
});

describe('POST /api/order/{id}/parts/{n}/pay with an Idempotency-Key', () => {
  it('pays the part once for a repeat, and refuses the key with another body', async () => {
    const order = await moveTo(await place(2), 'ready');
    const split = await send('POST', `/api/order/${order._id}/split`, { by: 'guests', guests: 2 });
    expect(split.statusCode, split.body).toBe(200);
    const key = newKey('part');
    const first = await send('POST', `/api/order/${order._id}/parts/1/pay`, { paymentMethod: 'card' }, key);
    expect(first.statusCode, first.body).toBe(200);
    const paid: Order = first.json().data;
    expect(paid).toMatchObject({ paid: 100_000, due: 100_000 });
    expect(paid.billParts[0]).toMatchObject({ paid: 100_000, due: 0, paymentMethod: 'card' });

    // Without the key a repeat is refused as paid already; with it, it is the first answer again.
    const unkeyed = await send('POST', `/api/order/${order._id}/parts/1/pay`, { paymentMethod: 'card' });
    expect(unkeyed.statusCode).toBe(409);
    const again = await send('POST', `/api/order/${order._id}/parts/1/pay`, { paymentMethod: 'card' }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(paid);
    expect(messageOf(again)).toBe('Part 1 was already paid');

    const different = await send('POST', `/api/order/${order._id}/parts/1/pay`, { paymentMethod: 'cash' }, key);
    expect(different.statusCode).toBe(409);
    expect(different.json().message).toBe('This Idempotency-Key was already used for a different payment');
    const otherPart = await send('POST', `/api/order/${order._id}/parts/2/pay`, { paymentMethod: 'card' }, key);
    expect(otherPart.statusCode).toBe(409);

    const now = await current(order);
    expect(now.payments).toHaveLength(1);
    expect(now).toMatchObject({ status: 'ready', paid: 100_000, due: 100_000, version: paid.version });
    expect(now.billParts.map((part) => part.due)).toEqual([0, 100_000]);
  });
});

describe('the API description', () => {
  it('documents the Idempotency-Key of every call the outbox queues', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const calls = [
      spec.paths['/api/order'].post,
      spec.paths['/api/order/{id}'].put,
      spec.paths['/api/order/{id}/rounds'].post,
      spec.paths['/api/order/{id}/rounds/{roundNo}'].patch,
      spec.paths['/api/order/{id}/payments'].post,
      spec.paths['/api/order/{id}/parts/{partNo}/pay'].post,
    ];
    for (const call of calls) {
      const headers = call.parameters.filter((one: { in: string }) => one.in === 'header');
      expect(headers.map((one: { name: string }) => one.name)).toEqual(['idempotency-key']);
      expect(call.description).toContain('Idempotency-Key');
    }
    expect(Object.keys(spec.paths['/api/order/{id}/payments'].post.responses).sort()).toEqual(['200', '201']);
  });
});
