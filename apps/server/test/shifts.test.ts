import type { AuditEntry } from '@quan/contract/audit';
import type { Order } from '@quan/contract/order';
import { cashNotes } from '@quan/contract/payments';
import { countedTotal, type Shift, type ShiftSummary } from '@quan/contract/shifts';
import type { Role } from '@quan/contract/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenu, moveOrder } from './factories';
import { buildTestApp, type SignedIn, type TestApp } from './helper';

let t: TestApp;
let staff: SignedIn;
type Dish = { _id: string; name: string; price: number };
let pho: Dish;
let tea: Dish;

const FRONT = 'front-counter-01';
const BAR = 'bar-counter-02';

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  staff = await t.signInAs('staff');
  await t.request({
    method: 'PUT',
    url: '/api/settings',
    payload: { taxRate: 8, serviceCharge: { rate: 5, dineIn: true, takeaway: true, table: true } },
    as: 'admin',
  });
  [pho, tea] = (
    await createMenu(t, [
      { name: 'Phở bò', price: 65_000 },
      { name: 'Trà đá', price: 10_000 },
    ])
  ).items as [Dish, Dish];
  // Tea at 10 % of its own: the shift's bills carry two rates.
  const teaAt10 = await t.request({
    method: 'PUT',
    url: `/api/item/${tea._id}`,
    payload: { vatRate: 10 },
    as: 'admin',
  });
  expect(teaAt10.statusCode, teaAt10.body).toBe(200);
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, as: Role = 'staff', device: string | null = FRONT) =>
  t.request({ method: 'POST', url, payload, as, headers: device ? { 'x-device-id': device } : {} });
const get = (url: string, as: Role = 'manager', headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, as, headers });
const messageOf = (response: { json(): { message: string } }) => response.json().message.replace(/\u00a0/g, ' ');

async function openShift(deviceId: string, openingFloat: number, deviceName = 'Quầy 1'): Promise<Shift> {
  const response = await post('/api/shifts', { deviceId, deviceName, openingFloat });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function place(items: { itemId: string; quantity: number }[], guests = 2): Promise<Order> {
  const response = await post('/api/order', { customerDetails: { name: 'Khách', guests }, items });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const moveTo = (order: Order, status: string) => moveOrder(t, order, status);

async function pay(order: Order, body: Record<string, unknown>, device = FRONT): Promise<Order> {
  const response = await post(`/api/order/${order._id}/payments`, body, 'staff', device);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function shift(id: string): Promise<Shift> {
  const response = await get(`/api/shifts/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function audit(kind: string): Promise<AuditEntry[]> {
  return (await get(`/api/audit?kind=${kind}`)).json().data;
}

describe('shifts', () => {
  let first: Shift;

  it('opens one shift per drawer, and tells the device which one is open', async () => {
    first = await openShift(FRONT, 500_000);
    expect(first).toMatchObject({
      deviceId: FRONT,
      deviceName: 'Quầy 1',
      status: 'open',
      openingFloat: 500_000,
      openedBy: { _id: staff.user._id },
      closedAt: null,
      reopenCount: 0,
      movements: [],
    });
    expect(first.report.cash).toMatchObject({ expected: 500_000, counted: null, overShort: null });
    expect(first.report.byMethod.map((row) => row.method)).toEqual(['cash', 'card', 'transfer', 'ewallet', 'voucher']);

    const again = await post('/api/shifts', { deviceId: FRONT, deviceName: 'Quầy 1', openingFloat: 0 });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toMatch(new RegExp(`^Shift ${first.shiftNo} \\(Quầy 1\\) is already open on this device`));

    const current = await get('/api/shifts/current', 'staff', { 'x-device-id': FRONT });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().data._id).toBe(first._id);
    expect((await get('/api/shifts/current', 'staff', { 'x-device-id': BAR })).json().data).toBeNull();
    expect((await get('/api/shifts/current', 'staff')).json().data).toBeNull();

    const negative = await post('/api/shifts', { deviceId: BAR, deviceName: 'Quầy 2', openingFloat: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors[0].path).toBe('openingFloat');
  });

  it('reports what the shift took, by method and in the drawer, and closes short by the difference', async () => {
    // A cash bill with a tip, handed over in notes; a split tender by card and transfer with a voided dish.
    const cashOrder = await moveTo(
      await place([
        { itemId: pho._id, quantity: 2 },
        { itemId: tea._id, quantity: 1 },
      ]),
      'ready',
    );
    const cashPaid = await pay(cashOrder, {
      method: 'cash',
      amount: cashOrder.due,
      tip: 20_000,
      tendered: cashOrder.due + 20_000 + 7_000,
    });
    expect(cashPaid.status).toBe('completed');

    const splitOrder = await place(
      [
        { itemId: pho._id, quantity: 1 },
        { itemId: tea._id, quantity: 2 },
      ],
      3,
    );
    const voided = await t.request({
      method: 'POST',
      url: `/api/order/${splitOrder._id}/voids`,
      payload: { lines: [{ position: 1, quantity: 1 }], reason: 'wrong_dish' },
      as: 'manager',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const ready = await moveTo(voided.json().data, 'ready');
    const byCard = Math.round(ready.due / 2);
    await pay(ready, { method: 'card', amount: byCard, tip: 10_000 });
    const splitPaid = await pay(ready, { method: 'transfer', amount: ready.due - byCard });
    expect(splitPaid.status).toBe('completed');

    // A manager gives 5.000 ₫ of the cash payment back, from this drawer.
    const cashPayment = cashPaid.payments[0]!;
    const refund = await post(
      `/api/order/${cashOrder._id}/payments/${cashPayment._id}/refunds`,
      { amount: 5_000, reason: 'Trà đá bị đổ' },
      'manager',
    );
    expect(refund.statusCode, refund.body).toBe(201);

    const payIn = await post(`/api/shifts/${first._id}/cash-movements`, {
      kind: 'in',
      amount: 200_000,
      reason: 'Tiền lẻ từ ngân hàng',
    });
    expect(payIn.statusCode, payIn.body).toBe(201);
    const payOut = await post(`/api/shifts/${first._id}/cash-movements`, {
      kind: 'out',
      amount: 50_000,
      reason: 'Mua đá viên',
    });
    expect(payOut.statusCode, payOut.body).toBe(201);
    const withMovements: Shift = payOut.json().data;
    expect(withMovements.movements.map(({ kind, amount, reason, by }) => ({ kind, amount, reason, by }))).toEqual([
      {
        kind: 'in',
        amount: 200_000,
        reason: 'Tiền lẻ từ ngân hàng',
        by: { _id: staff.user._id, name: staff.user.name },
      },
      { kind: 'out', amount: 50_000, reason: 'Mua đá viên', by: { _id: staff.user._id, name: staff.user.name } },
    ]);
    const movementAudit = await audit('cash-movement');
    expect(movementAudit).toHaveLength(2);
    expect(movementAudit.every((entry) => entry.order === null)).toBe(true);
    expect(movementAudit[1]!.details).toMatchObject({
      shiftId: first._id,
      deviceName: 'Quầy 1',
      kind: 'in',
      amount: 200_000,
    });

    const orders = [cashPaid, splitPaid];
    const sum = (pick: (order: Order) => number) => orders.reduce((total, order) => total + pick(order), 0);
    const expectedCash = 500_000 + cashOrder.due + 20_000 - 5_000 + 200_000 - 50_000;
    const report = (await shift(first._id)).report;
    expect(report).toEqual({
      byMethod: [
        { method: 'cash', payments: 1, amount: cashOrder.due - 5_000 },
        { method: 'card', payments: 1, amount: byCard },
        { method: 'transfer', payments: 1, amount: ready.due - byCard },
        { method: 'ewallet', payments: 0, amount: 0 },
        { method: 'voucher', payments: 0, amount: 0 },
      ],
      netSales: sum((order) => order.bills.total) - 5_000,
      refunds: { count: 1, amount: 5_000 },
      tips: { amount: 30_000, byStaff: [{ staff: { _id: staff.user._id, name: staff.user.name }, amount: 30_000 }] },
      orders: 2,
      guests: 5,
      subtotal: sum((order) => order.bills.subtotal),
      discounts: 0,
      serviceCharge: sum((order) => order.bills.serviceCharge),
      taxes: sum((order) => order.bills.tax),
      // The VAT rate by rate, as each bill rounded it (the service charge with the food, at the default 8 %).
      taxesByRate: ([8, 10] as const).map((vatRate) => {
        const part = (order: Order) => order.bills.taxes.find((one) => one.vatRate === vatRate)!;
        return { vatRate, taxable: sum((order) => part(order).taxable), tax: sum((order) => part(order).tax) };
      }),
      voids: { count: 1, amount: 10_000 },
      cash: {
        openingFloat: 500_000,
        sales: cashOrder.due,
        // 147.000 ₫ (VAT inside, 5 % service) needs no rounding to 1.000 ₫: see cash-rounding.test.ts.
        rounding: 0,
        tips: 20_000,
        refunds: 5_000,
        payIns: 200_000,
        payOuts: 50_000,
        expected: expectedCash,
        counted: null,
        overShort: null,
      },
    });
    expect(report.serviceCharge).toBeGreaterThan(0);
    expect(report.taxesByRate.every((part) => part.tax > 0)).toBe(true);
    expect(report.taxesByRate.reduce((total, part) => total + part.tax, 0)).toBe(report.taxes);

    // The drawer holds 20.000 ₫ less than it should.
    const closed = await post(`/api/shifts/${first._id}/close`, { countedCash: expectedCash - 20_000, note: 'Thiếu' });
    expect(closed.statusCode, closed.body).toBe(200);
    const closedShift: Shift = closed.json().data;
    expect(closedShift).toMatchObject({ status: 'closed', closedBy: { _id: staff.user._id }, note: 'Thiếu' });
    expect(closedShift.report.cash).toMatchObject({
      expected: expectedCash,
      counted: expectedCash - 20_000,
      overShort: -20_000,
    });
    const [closing] = await audit('shift-close');
    expect(closing!.details).toEqual({
      shiftId: first._id,
      shiftNo: first.shiftNo,
      deviceName: 'Quầy 1',
      expected: expectedCash,
      counted: expectedCash - 20_000,
      overShort: -20_000,
    });
    expect(closing!.summary.replace(/\u00a0/g, ' ')).toMatch(/short 20\.000 ₫$/);
    expect((await get('/api/shifts/current', 'staff', { 'x-device-id': FRONT })).json().data).toBeNull();
  });

  it('changes nothing in a closed shift', async () => {
    const movement = await post(`/api/shifts/${first._id}/cash-movements`, {
      kind: 'in',
      amount: 10_000,
      reason: 'Quên nộp',
    });
    expect(movement.statusCode).toBe(409);
    expect(messageOf(movement)).toBe(`Shift ${first.shiftNo} (Quầy 1) is closed: reopen it to change it`);
    const closeAgain = await post(`/api/shifts/${first._id}/close`, { countedCash: 0 });
    expect(closeAgain.statusCode).toBe(409);
    expect(messageOf(closeAgain)).toBe(`Shift ${first.shiftNo} (Quầy 1) is already closed`);
    expect((await shift(first._id)).movements).toHaveLength(2);
  });

  it('is reopened by a manager with a reason, once the device has no other shift open', async () => {
    const byStaff = await post(`/api/shifts/${first._id}/reopen`, { reason: 'Đếm nhầm' }, 'staff');
    expect(byStaff.statusCode).toBe(403);

    const reopened = await post(`/api/shifts/${first._id}/reopen`, { reason: 'Đếm nhầm tờ 10.000' }, 'manager');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data).toMatchObject({ status: 'open', closedAt: null, closedBy: null, reopenCount: 1 });
    expect(reopened.json().data.report.cash).toMatchObject({ counted: null, overShort: null });
    const [reopening] = await audit('shift-reopen');
    expect(reopening!.details).toMatchObject({
      shiftId: first._id,
      deviceName: 'Quầy 1',
      reason: 'Đếm nhầm tờ 10.000',
    });

    // Counted again, note by note: the drawer holds what it should, to the smallest note.
    const expected = (reopened.json().data as Shift).report.cash.expected;
    let left = expected;
    const notes = cashNotes.map((note) => {
      const count = Math.floor(left / note);
      left -= count * note;
      return { note, count };
    });
    const recount = await post(`/api/shifts/${first._id}/close`, { noteCounts: notes });
    expect(recount.statusCode, recount.body).toBe(200);
    expect(recount.json().data).toMatchObject({
      noteCounts: notes,
      report: { cash: { expected, counted: countedTotal(notes), overShort: 0 - left } },
    });

    const next = await openShift(FRONT, 300_000);
    const refused = await post(`/api/shifts/${first._id}/reopen`, { reason: 'Đếm lại lần nữa' }, 'manager');
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(
      `Shift ${next.shiftNo} (Quầy 1) is open on the same device: close it before reopening shift ${first.shiftNo}`,
    );
    expect((await shift(first._id)).status).toBe('closed');
  });

  it('refuses to close the last open shift while orders are open, naming them', async () => {
    const front = (await get('/api/shifts/current', 'staff', { 'x-device-id': FRONT })).json().data as Shift;
    const bar = await openShift(BAR, 100_000, 'Quầy 2');
    const waiting = await place([{ itemId: pho._id, quantity: 1 }]);
    const cooking = await moveTo(await place([{ itemId: tea._id, quantity: 1 }]), 'ready');

    // Another drawer is still open: this one may close.
    const barClosed = await post(`/api/shifts/${bar._id}/close`, { countedCash: 100_000 }, 'staff', BAR);
    expect(barClosed.statusCode, barClosed.body).toBe(200);

    const refused = await post(`/api/shifts/${front._id}/close`, { countedCash: 300_000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      message: `Orders ${waiting.orderNo}, ${cooking.orderNo} are still open: take their payments or cancel them before closing the last shift`,
      code: 'SHIFT_OPEN_ORDERS',
      params: { count: 2, orderNos: `${waiting.orderNo}, ${cooking.orderNo}` },
      errors: [
        { path: `orders.${waiting.orderNo}`, message: 'In the kitchen' },
        { path: `orders.${cooking.orderNo}`, message: 'Ready to serve' },
      ],
    });
    expect(await shift(front._id)).toMatchObject({ status: 'open', closedAt: null });

    await moveTo(waiting, 'cancelled');
    await pay(cooking, { method: 'cash', amount: cooking.due });
    const closed = await post(`/api/shifts/${front._id}/close`, { countedCash: 300_000 });
    expect(closed.statusCode, closed.body).toBe(200);
  });

  it('lists shifts newest first, a page at a time, for managers', async () => {
    expect((await get('/api/shifts', 'staff')).statusCode).toBe(403);
    const page = await get('/api/shifts?limit=2');
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { data: ShiftSummary[]; pagination: unknown };
    expect(body.pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 3, itemsPerPage: 2 });
    expect(body.data.map((one) => one.deviceName)).toEqual(['Quầy 2', 'Quầy 1']);
    expect(body.data[0]!.shiftNo).toBeGreaterThan(body.data[1]!.shiftNo);
    const last = (await get('/api/shifts?limit=2&page=2')).json().data as ShiftSummary[];
    expect(last.map((one) => one._id)).toEqual([first._id]);
    expect(last[0]).not.toHaveProperty('movements');

    expect((await get('/api/shifts/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).statusCode).toBe(404);
    expect((await get('/api/shifts?limit=500')).statusCode).toBe(400);
  });
  it('counts the cash of a drawer whose shift is closed in no other drawer', async () => {
    const [terrace, garden] = ['terrace-counter-03', 'garden-counter-04'];
    const closing = await openShift(terrace, 0, 'Sân thượng');
    const other = await openShift(garden, 100_000, 'Sân vườn');
    expect((await post(`/api/shifts/${closing._id}/close`, { countedCash: 0 }, 'staff', terrace)).statusCode).toBe(200);
    const order = await moveTo(await place([{ itemId: tea._id, quantity: 1 }]), 'ready');
    const paid = await pay(order, { method: 'cash', amount: 5_000 }, terrace);
    expect(paid.payments[0]).toMatchObject({ amount: 5_000, shiftId: null });
    expect((await shift(other._id)).report.cash.expected).toBe(100_000);
  });

  it('keeps a drawer within what the books hold, and pays out no more than it should hold', async () => {
    const drawer = await openShift('cellar-counter-05', 1_000_000_000, 'Hầm rượu');
    const tooMuch = await post(
      `/api/shifts/${drawer._id}/cash-movements`,
      { kind: 'in', amount: 1_500_000_000, reason: 'Nộp quỹ' },
      'staff',
      'cellar-counter-05',
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(messageOf(tooMuch)).toBe('The drawer would hold more than 2.000.000.000 ₫');
    const overdrawn = await post(
      `/api/shifts/${drawer._id}/cash-movements`,
      { kind: 'out', amount: 1_000_000_001, reason: 'Trả nhà cung cấp' },
      'staff',
      'cellar-counter-05',
    );
    expect(overdrawn.statusCode).toBe(400);
    expect(messageOf(overdrawn)).toBe('The drawer should hold only 1.000.000.000 ₫; count it before paying out more');
    const huge = await post(`/api/shifts/${drawer._id}/close`, { noteCounts: [{ note: 500_000, count: 100_000 }] });
    expect(huge.statusCode).toBe(400);
    expect(messageOf(huge)).toMatch(/The count comes to more than 2\.000\.000\.000 ₫/);
    expect((await shift(drawer._id)).movements).toEqual([]);
  });
});
