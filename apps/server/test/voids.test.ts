import type { AuditEntry } from '@quan/contract/audit';
import type { Ingredient, IngredientHistory } from '@quan/contract/ingredient';
import { formatVnd } from '@quan/contract/money';
import type { Order } from '@quan/contract/order';
import { VOID_GRACE_MINUTES } from '@quan/contract/rounds';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMenu, createTable, newAccountInput, billOf } from './factories';
import { buildTestApp, type SignedIn, type TestApp } from './helper';

let t: TestApp;
type Dish = { _id: string; name: string; price: number };
let pho: Dish;
let tea: Dish;
let beef: Ingredient;
let manager: { email: string; password: string; name: string };
let staff: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  staff = await t.signInAs('staff');
  // A manager who is not signed in here: they approve on the staff member's device.
  const input = newAccountInput({ name: 'Quản lý Lan' });
  const { data: user } = (await t.request({ method: 'POST', url: '/api/user/register', payload: input })).json();
  await t.request({
    method: 'PATCH',
    url: `/api/user/users/${user._id}/status`,
    payload: { status: 'active' },
    as: 'admin',
  });
  await t.request({
    method: 'PATCH',
    url: `/api/user/users/${user._id}/role`,
    payload: { role: 'manager' },
    as: 'admin',
  });
  manager = { email: input.email, password: input.password, name: input.name };

  beef = (
    await t.request({
      method: 'POST',
      url: '/api/ingredient',
      payload: { name: 'Thịt bò', unit: 'kg', quantity: 5 },
      as: 'manager',
    })
  ).json().data;
  [pho, tea] = (
    await createMenu(t, [
      { name: 'Phở bò', price: 65_000 },
      { name: 'Trà đá', price: 5_000 },
    ])
  ).items as [Dish, Dish];
  await t.request({
    method: 'PUT',
    url: `/api/item/${pho._id}`,
    payload: { recipe: [{ ingredientId: beef._id, quantity: 0.2 }] },
    as: 'manager',
  });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

async function placeAt(tableId: string | undefined, items: { itemId: string; quantity: number }[]): Promise<Order> {
  const response = await t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: { name: 'Bàn 2', guests: 2 }, tableId, items },
    as: 'staff',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** The kitchen (or one station) taps Start on a round's ticket. */
const start = (orderId: string, roundNo: number, body: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: `/api/order/${orderId}/rounds/${roundNo}/start`, payload: body, as: 'staff' });

const voidOn = (orderId: string, body: Record<string, unknown>, as: 'staff' | 'manager' | SignedIn = staff) =>
  t.request({ method: 'POST', url: `/api/order/${orderId}/voids`, payload: body, as });

async function beefLeft(): Promise<number> {
  const all: Ingredient[] = (await t.request({ method: 'GET', url: '/api/ingredient', as: 'staff' })).json().data;
  return all.find((one) => one._id === beef._id)!.quantity;
}

async function auditEntries(query = ''): Promise<AuditEntry[]> {
  const response = await t.request({ method: 'GET', url: `/api/audit${query}`, as: 'manager' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('voids', () => {
  it("lets staff void a diner's dish the kitchen has not started, with no stock to give back", async () => {
    const table = await createTable(t);
    const order = await placeAt(table._id, [{ itemId: tea._id, quantity: 2 }]);
    await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { tableNo: table.tableNo, tableKey: table.qrKey, items: [{ itemId: pho._id, quantity: 2 }] },
    });
    const before = await beefLeft();
    const response = await voidOn(order._id, { lines: [{ position: 1, quantity: 1 }], reason: 'changed_mind' });
    expect(response.statusCode, response.body).toBe(200);
    const voided: Order = response.json().data;
    expect(voided.items[1]).toMatchObject({ name: 'Phở bò', quantity: 2, voidedQuantity: 1, total: 65_000 });
    expect(voided.bills).toEqual(
      billOf({
        subtotals: [{ vatRate: 8, amount: 10_000 + 65_000 }],
        discount: 0,
        serviceVatRate: 8,
        pricesIncludeTax: true,
      }),
    );
    expect(await beefLeft()).toBe(before);
    const [entry] = await auditEntries('?kind=void');
    expect(entry).toMatchObject({
      kind: 'void',
      order: { _id: order._id, orderNo: order.orderNo },
      actor: { _id: staff.user._id },
      approvedBy: null,
      summary: `Voided 1 × Phở bò on order ${order.orderNo} (guest changed their mind): ${formatVnd(65_000)}`,
    });
  });

  it('lets staff void a dish seconds after sending it, before the kitchen starts, and gives its stock back', async () => {
    const before = await beefLeft();
    const order = await placeAt(undefined, [{ itemId: pho._id, quantity: 2 }]);
    expect(await beefLeft()).toBeCloseTo(before - 0.4, 3);
    expect(order.items[0]!.startedAt).toBeNull();
    const response = await voidOn(order._id, { lines: [{ position: 0, quantity: 1 }], reason: 'wrong_dish' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.items[0]).toMatchObject({ voidedQuantity: 1 });
    expect(await beefLeft()).toBeCloseTo(before - 0.2, 3);
    const [entry] = await auditEntries('?kind=void');
    expect(entry).toMatchObject({ approvedBy: null, details: { lines: [{ started: false }] } });
  });

  it('needs a manager for a dish the kitchen has started; their approval gives the stock back', async () => {
    const before = await beefLeft();
    const order = await placeAt(undefined, [{ itemId: pho._id, quantity: 2 }]);
    expect(await beefLeft()).toBeCloseTo(before - 0.4, 3);
    const started = await start(order._id, 1, { expectedVersion: order.version });
    expect(started.statusCode, started.body).toBe(200);
    const startedAt = started.json().data.items[0].startedAt;
    expect(Date.parse(startedAt)).toBeGreaterThan(0);
    // Starting again keeps the first start.
    expect((await start(order._id, 1)).json().data.items[0].startedAt).toBe(startedAt);
    const body = { lines: [{ position: 0, quantity: 1 }], reason: 'wrong_dish' };

    const refused = await voidOn(order._id, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'VOID_NEEDS_MANAGER',
      message: 'The kitchen has started these dishes: a manager must approve the void with their email and password',
    });
    const wrongPassword = await voidOn(order._id, {
      ...body,
      approval: { email: manager.email, password: 'guess-1234' },
    });
    expect(wrongPassword.statusCode).toBe(403);
    const notAManager =
      "That email and password are not a manager's who can void dishes the kitchen has started or served";
    expect(wrongPassword.json().message).toBe(notAManager);
    const staffApproval = await voidOn(order._id, {
      ...body,
      approval: { email: staff.user.email, password: 'correct-horse-42' },
    });
    // A staff member's own right password gets the same answer: the approval tells nobody whose password it was.
    expect(staffApproval.json().message).toBe(notAManager);
    const unchanged: Order = (await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' })).json()
      .data;
    expect(unchanged.items[0]!.voidedQuantity).toBe(0);

    const approved = await voidOn(order._id, {
      ...body,
      approval: { email: manager.email, password: manager.password },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.bills).toEqual(
      billOf({
        subtotals: [{ vatRate: 8, amount: 65_000 }],
        discount: 0,
        serviceVatRate: 8,
        pricesIncludeTax: true,
      }),
    );
    expect(await beefLeft()).toBeCloseTo(before - 0.2, 3);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({ actor: { _id: staff.user._id }, approvedBy: { name: manager.name } });
  });

  it('keeps the stock of wasted dishes used and writes it as waste, and cancels an order with nothing left', async () => {
    const table = await createTable(t);
    const before = await beefLeft();
    const order = await placeAt(table._id, [{ itemId: pho._id, quantity: 1 }]);
    await start(order._id, 1);
    const response = await voidOn(
      order._id,
      { lines: [{ position: 0, quantity: 1 }], reason: 'quality', note: 'Nước dùng bị nguội', wasted: true },
      'manager',
    );
    expect(response.statusCode, response.body).toBe(200);
    const voided: Order = response.json().data;
    expect(voided.status).toBe('cancelled');
    expect(voided.rounds[0]!.status).toBe('cancelled');
    expect(await beefLeft()).toBeCloseTo(before - 0.2, 3);
    const history: IngredientHistory[] = (
      await t.request({ method: 'GET', url: `/api/ingredient/${beef._id}/history`, as: 'staff' })
    ).json().data;
    expect(history[0]).toMatchObject({
      reason: 'waste',
      change: -0.2,
      orderNo: order.orderNo,
      note: 'quality: Nước dùng bị nguội',
    });
    const tables = (await t.request({ method: 'GET', url: '/api/table', as: 'staff' })).json().data;
    expect(tables.find((one: { _id: string }) => one._id === table._id)).toMatchObject({ status: 'available' });
  });

  it('names what is wrong and writes nothing', async () => {
    const order = await placeAt(undefined, [{ itemId: tea._id, quantity: 2 }]);
    const expectations: [Record<string, unknown>, number, string][] = [
      [{ lines: [{ position: 9, quantity: 1 }], reason: 'wrong_dish' }, 400, `Order ${order.orderNo} has no line 9`],
      [
        { lines: [{ position: 0, quantity: 3 }], reason: 'wrong_dish' },
        400,
        `Only 2 × Trà đá left to void on order ${order.orderNo}`,
      ],
      [
        { lines: [{ position: 0, quantity: 1 }], reason: 'other' },
        400,
        'Invalid request body: note: Say why in the note when the reason is other',
      ],
      [{ lines: [], reason: 'wrong_dish' }, 400, 'Invalid request body: lines: Choose at least one line to void'],
    ];
    for (const [body, status, message] of expectations) {
      const response = await voidOn(order._id, body, 'manager');
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    await t.request({ method: 'PUT', url: `/api/order/${order._id}`, payload: { status: 'ready' }, as: 'staff' });
    await t.request({
      method: 'PUT',
      url: `/api/order/${order._id}`,
      payload: { status: 'completed', paymentMethod: 'cash' },
      as: 'staff',
    });
    const closed = await voidOn(order._id, { lines: [{ position: 0, quantity: 1 }], reason: 'wrong_dish' }, 'manager');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(`Order ${order.orderNo} is completed; its lines can no longer be voided`);
    const after: Order = (await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' })).json().data;
    expect(after.items[0]!.voidedQuantity).toBe(0);
  });

  // Last of these: the audit rows written under the faked clock are the newest.
  it('needs a manager once the grace time after sending is over, though nobody tapped Start', async () => {
    const order = await placeAt(undefined, [{ itemId: tea._id, quantity: 2 }]);
    const body = { lines: [{ position: 0, quantity: 1 }], reason: 'wrong_dish' };
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + VOID_GRACE_MINUTES * 60_000 + 1_000 });
    const refused = await voidOn(order._id, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('VOID_NEEDS_MANAGER');
    expect((await voidOn(order._id, body, 'manager')).statusCode).toBe(200);
  });
});

describe('the audit trail', () => {
  it('is for managers, newest first, filtered by kind and by the person who made or approved a change', async () => {
    expect((await t.request({ method: 'GET', url: '/api/audit', as: 'staff' })).statusCode).toBe(403);
    const all = await auditEntries('?limit=2');
    expect(all).toHaveLength(2);
    const byStaff = await auditEntries(`?userId=${staff.user._id}`);
    expect(byStaff.length).toBeGreaterThanOrEqual(2);
    expect(byStaff.every((entry) => entry.actor?._id === staff.user._id)).toBe(true);
    const dates = byStaff.map((entry) => entry.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(await auditEntries('?kind=merge')).toEqual([]);
    const bad = await t.request({ method: 'GET', url: '/api/audit?kind=payment', as: 'manager' });
    expect(bad.statusCode).toBe(400);
  });
});
