import { createHmac } from 'node:crypto';
import type { Branch } from '@quan/contract/branch';
import type { Order } from '@quan/contract/order';
import type { ClientToServerEvents, ServerToClientEvents } from '@quan/contract/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addBranch, createMenu, createTable, signInToBranch } from './factories';
import { buildTestApp, type SignedIn, type TestApp } from './helper';

// Orders are each branch's own: numbered from 1001 in every branch, out of reach (404) of another branch's
// staff, listed and announced live only in their branch.

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const WEBHOOK_SECRET = 'branch-orders-webhook-secret-0000000000';

let t: TestApp;
let url: string;
let branchB: Branch;
let staffA: SignedIn;
let staffB: SignedIn;
let managerB: SignedIn;
let dish: { _id: string; price: number };
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ BANK_WEBHOOK_SECRET: WEBHOOK_SECRET });
  await t.signInAs('admin');
  staffA = await t.signInAs('staff');
  branchB = await addBranch(t, 'Quận 3');
  staffB = await signInToBranch(t, branchB._id, 'staff');
  managerB = await signInToBranch(t, branchB._id, 'manager');
  dish = (await createMenu(t, [{ price: 40_000 }])).items[0]!;
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t.close();
});

async function place(as: SignedIn, headers: Record<string, string> = {}): Promise<Order> {
  const response = await t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: { name: 'Khách', guests: 2 }, items: [{ itemId: dish._id, quantity: 2 }] },
    headers,
    as,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
}

describe('orders per branch', () => {
  it('numbers the orders of every branch from 1001', async () => {
    const firstA = await place(staffA);
    const firstB = await place(staffB);
    const secondB = await place(staffB);
    const secondA = await place(staffA);
    expect([firstA.orderNo, secondA.orderNo]).toEqual([1001, 1002]);
    expect([firstB.orderNo, secondB.orderNo]).toEqual([1001, 1002]);
  });

  it("answers another branch's order id with the same 404 as a missing order, and changes nothing", async () => {
    const order = await place(staffA);
    const id = order._id;
    const calls = [
      { method: 'GET', url: `/api/order/${id}` },
      { method: 'PUT', url: `/api/order/${id}`, payload: { status: 'ready' } },
      { method: 'POST', url: `/api/order/${id}/payments`, payload: { method: 'cash', amount: 10_000 } },
      {
        method: 'POST',
        url: `/api/order/${id}/voids`,
        payload: { lines: [{ position: 0, quantity: 1 }], reason: 'wrong_dish' },
      },
      { method: 'POST', url: `/api/order/${id}/split`, payload: { by: 'guests', guests: 2 } },
      { method: 'POST', url: `/api/order/${id}/prints`, payload: { kind: 'bill' } },
      { method: 'POST', url: `/api/order/${id}/rounds`, payload: { items: [{ itemId: dish._id, quantity: 1 }] } },
      { method: 'PATCH', url: `/api/order/${id}/rounds/1`, payload: { status: 'ready' } },
      { method: 'POST', url: `/api/order/${id}/rounds/1/tickets`, payload: {} },
    ] as const;
    for (const call of calls) {
      const response = await t.request({ ...call, as: staffB });
      expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(404);
      expect(response.json().code).toBe('ORDER_NOT_FOUND');
    }
    const missing = await t.request({ method: 'GET', url: `/api/order/${crypto.randomUUID()}`, as: staffB });
    expect(missing.json()).toMatchObject({ code: 'ORDER_NOT_FOUND', message: 'That order does not exist' });

    const still: Order = (await t.request({ method: 'GET', url: `/api/order/${id}`, as: staffA })).json().data;
    expect(still).toMatchObject({ status: 'in_progress', version: order.version, paid: 0, billParts: [] });
    expect(still.items[0]).toMatchObject({ quantity: 2, voidedQuantity: 0 });
  });

  it("lists the branch's orders only", async () => {
    const ofA = await place(staffA);
    const ofB = await place(staffB);
    const list = async (as: SignedIn, query = '') =>
      ((await t.request({ method: 'GET', url: `/api/order?limit=100${query}`, as })).json().data as Order[]).map(
        (order) => order._id,
      );
    const seenByB = await list(staffB);
    expect(seenByB).toContain(ofB._id);
    expect(seenByB).not.toContain(ofA._id);
    const openInB = await list(staffB, '&status=in_progress');
    expect(openInB).toContain(ofB._id);
    expect(openInB).not.toContain(ofA._id);
    expect(await list(staffA)).not.toContain(ofB._id);
  });

  it("keeps an Idempotency-Key to its branch: the same key in another branch places that branch's order", async () => {
    const key = `key-${crypto.randomUUID()}`;
    const inA = await place(staffA, { 'idempotency-key': key });
    const inB = await place(staffB, { 'idempotency-key': key });
    expect(inB._id).not.toBe(inA._id);
    const again = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: { customerDetails: { name: 'Khách', guests: 2 }, items: [{ itemId: dish._id, quantity: 2 }] },
      headers: { 'idempotency-key': key },
      as: staffB,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(inB._id);
  });

  it('keeps the audit trail to the branch it was written in', async () => {
    const order = await place(staffB);
    const voided = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/voids`,
      payload: { lines: [{ position: 0, quantity: 1 }], reason: 'wrong_dish' },
      as: managerB,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const trailOf = async (as: SignedIn | 'admin') =>
      (
        (await t.request({ method: 'GET', url: '/api/audit?kind=void&limit=100', as })).json().data as {
          order: { _id: string } | null;
        }[]
      ).map((entry) => entry.order?._id);
    expect(await trailOf(managerB)).toContain(order._id);
    // The admin's session works in the first branch.
    expect(await trailOf('admin')).not.toContain(order._id);
  });
});

// A number is taken by the insert of the order it names: a repeat, a refusal or a round that joins an order takes
// none, so a branch's numbers have no gaps. On PostgreSQL (DATABASE_URL) the orders placed at once really race.
describe('order numbers', () => {
  const counterOrder = () => ({
    customerDetails: { name: 'Khách', guests: 2 },
    items: [{ itemId: dish._id, quantity: 2 }],
  });

  it('takes no number for a repeat of an Idempotency-Key: the next order has the next number', async () => {
    const key = { 'idempotency-key': `key-${crypto.randomUUID()}` };
    const first = await place(staffA, key);
    const again = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: counterOrder(),
      headers: key,
      as: staffA,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toMatchObject({ _id: first._id, orderNo: first.orderNo });
    const next = await place(staffA);
    expect(next.orderNo).toBe(first.orderNo + 1);
  });

  it('takes no number for an order refused after its insert, at a table that is taken', async () => {
    const table = await createTable(t);
    const atTable = { ...counterOrder(), tableId: table._id };
    const seated = await t.request({ method: 'POST', url: '/api/order', payload: atTable, as: staffA });
    expect(seated.statusCode, seated.body).toBe(201);
    const refused = await t.request({ method: 'POST', url: '/api/order', payload: atTable, as: staffA });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TABLE_OCCUPIED');
    const next = await place(staffA);
    expect(next.orderNo).toBe(seated.json().data.orderNo + 1);
  });

  it('gives 20 orders placed at once 20 numbers in a row', async () => {
    const before = await place(staffB);
    const placed = await Promise.all(Array.from({ length: 20 }, () => place(staffB)));
    const numbers = placed.map((order) => order.orderNo).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => before.orderNo + 1 + i));
  });

  it('starts one order for two phones ordering at a free table at once, and numbers only that one', async () => {
    const table = await createTable(t);
    const dinerOrder = {
      tableNo: table.tableNo,
      tableKey: table.qrKey,
      items: [{ itemId: dish._id, quantity: 1 }],
    };
    const phones = await Promise.all(
      [1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/order', payload: dinerOrder })),
    );
    // The later phone joins the order as its next round, or, when both found the table free, is asked to send again.
    const answered = phones.filter((phone) => phone.statusCode === 201);
    const refused = phones.filter((phone) => phone.statusCode !== 201);
    for (const phone of refused) expect(phone.json().code, phone.body).toBe('TABLE_JUST_ORDERED');
    expect(new Set(answered.map((phone) => phone.json().data._id)).size).toBe(1);
    const { orderNo } = answered[0]!.json().data;
    const next = await place(staffA);
    expect(next.orderNo).toBe(orderNo + 1);
  });
});

describe('bank transfers per branch', () => {
  const notify = (body: Record<string, unknown>) => {
    const raw = JSON.stringify({ transactedAt: new Date().toISOString(), ...body });
    const signature = `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex')}`;
    return t.request({
      method: 'POST',
      url: '/api/payments/bank-notifications',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-signature': signature },
    });
  };

  it('pays the order of the branch whose account received the transfer, and shows a refusal to that branch only', async () => {
    const account = '0011001932499';
    const bank = { bin: '970415', accountNumber: account, accountName: 'QUAN NGON Q3' };
    const adminInB = await signInToBranch(t, branchB._id, 'admin');
    const set = await t.request({ method: 'PUT', url: '/api/settings', payload: { bank }, as: adminInB });
    expect(set.statusCode, set.body).toBe(200);
    // Branch A's order of the same number is not B's to be paid.
    let ofA = await place(staffA);
    let ofB = await place(staffB);
    while (ofB.orderNo !== ofA.orderNo) {
      if (ofB.orderNo < ofA.orderNo) ofB = await place(staffB);
      else ofA = await place(staffA);
    }

    const paid = await notify({
      transactionId: `FT${Date.now()}1`,
      amount: ofB.bills.total,
      description: `QUAN ${ofB.orderNo}`,
      accountNumber: account,
    });
    expect(paid.json().data).toMatchObject({ outcome: 'paid', orderNo: ofB.orderNo });
    const afterB: Order = (await t.request({ method: 'GET', url: `/api/order/${ofB._id}`, as: staffB })).json().data;
    expect(afterB.paid).toBe(ofB.bills.total);
    const afterA: Order = (await t.request({ method: 'GET', url: `/api/order/${ofA._id}`, as: staffA })).json().data;
    expect(afterA.paid).toBe(0);

    const refusedId = `FT${Date.now()}2`;
    const refused = await notify({
      transactionId: refusedId,
      amount: 1,
      description: 'QUAN 99999',
      accountNumber: account,
    });
    expect(refused.json().data.outcome).toBe('refused');
    const listOf = async (as: SignedIn | 'manager') =>
      (
        (await t.request({ method: 'GET', url: '/api/payments/bank-transfers', as })).json().data.transfers as {
          transactionId: string;
        }[]
      ).map((transfer) => transfer.transactionId);
    expect(await listOf(managerB)).toContain(refusedId);
    expect(await listOf('manager')).not.toContain(refusedId);
    const applied = await t.request({
      method: 'POST',
      url: `/api/payments/bank-transfers/${refusedId}/apply`,
      payload: { orderNo: ofA.orderNo, reason: 'guest said so' },
      as: 'manager',
    });
    expect(applied.statusCode).toBe(404);
    expect(applied.json().code).toBe('TRANSFER_NOT_FOUND');
  });
});

describe('live orders per branch', () => {
  function socketFor(token: string): ClientSocket {
    const socket: ClientSocket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    return socket;
  }
  const connected = (socket: ClientSocket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });

  it("announces an order placed in A to A's staff and not to B's", async () => {
    const [socketA, socketB] = [socketFor(staffA.token), socketFor(staffB.token)];
    await Promise.all([connected(socketA), connected(socketB)]);
    const heardByA: string[] = [];
    const heardByB: string[] = [];
    socketA.on('order:created', (order) => heardByA.push(order._id));
    socketB.on('order:created', (order) => heardByB.push(order._id));
    const untilHeard = (heard: string[], id: string) => vi.waitFor(() => expect(heard).toContain(id));

    const ofA = await place(staffA);
    await untilHeard(heardByA, ofA._id);
    // The server sends a socket its events in order: once B hears its own later order, it has heard all it
    // ever would of A's.
    const ofB = await place(staffB);
    await untilHeard(heardByB, ofB._id);
    expect(heardByA).toContain(ofA._id);
    expect(heardByA).not.toContain(ofB._id);
    expect(heardByB).toEqual([ofB._id]);
  });
});
