import type { Order } from '@quan/contract/order';
import type { Shift } from '@quan/contract/shifts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenu, moveOrder, placeOrder } from './factories';
import { buildTestApp, type TestApp } from './helper';

// A new restaurant: menu prices hold the 8 % VAT and cash is rounded to 1.000 ₫, half up.
let t: TestApp;
type Dish = { _id: string; name: string; price: number };
let hotpot: Dish;
let salad: Dish;
let shift: Shift;

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  [hotpot, salad] = (
    await createMenu(t, [
      { name: 'Lẩu mini', price: 56_880 },
      { name: 'Gỏi cuốn', price: 56_400 },
    ])
  ).items as [Dish, Dish];
  const opened = await t.request({
    method: 'POST',
    url: '/api/shifts',
    payload: { deviceId: 'front-counter-01', deviceName: 'Quầy 1', openingFloat: 500_000 },
    as: 'staff',
  });
  expect(opened.statusCode, opened.body).toBe(201);
  shift = opened.json().data;
});
afterAll(() => t.close());

const readyOrder = async (dish: Dish) =>
  moveOrder(t, await placeOrder(t, [{ itemId: dish._id, quantity: 1 }]), 'ready');

const pay = (order: Order, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/api/order/${order._id}/payments`, payload: body, as: 'staff', headers });

const messageOf = (response: { json(): { message: string } }) => response.json().message.replace(/\u00a0/g, ' ');

const currentShift = async (): Promise<Shift> =>
  (await t.request({ method: 'GET', url: `/api/shifts/${shift._id}`, as: 'manager' })).json().data;

describe('cash rounding', () => {
  it('rounds a cash payment of all that is due to 1.000 ₫, keeping the bill amount and the rounding apart', async () => {
    const order = await readyOrder(hotpot);
    // The guest pays the menu price; the bill shows the VAT it holds: 56.880 × 8 / 108 = 4.213 ₫.
    expect(order.bills).toMatchObject({ subtotal: 56_880, pricesIncludeTax: true, tax: 4_213, total: 56_880 });

    const cash = await pay(order, { method: 'cash', amount: 56_880, tendered: 100_000 });
    expect(cash.statusCode, cash.body).toBe(201);
    // 57.000 ₫ is owed in cash: 43.000 ₫ goes back from a 100.000 ₫ note.
    expect(messageOf(cash)).toBe(`Payment of 56.880 ₫ taken; order ${order.orderNo} is paid; change 43.000 ₫`);
    const paid: Order = cash.json().data;
    expect(paid).toMatchObject({ status: 'completed', paid: 56_880, due: 0 });
    expect(paid.payments).toMatchObject([
      { method: 'cash', amount: 56_880, rounding: 120, tendered: 100_000, change: 43_000 },
    ]);

    // A refund gives back at most what the payment paid of the bill: the rounding stays in the drawer.
    const refund = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/payments/${paid.payments[0]!._id}/refunds`,
      payload: { amount: 57_000, reason: 'Khách trả lại' },
      as: 'manager',
    });
    expect(refund.statusCode).toBe(400);
    expect(messageOf(refund)).toBe('At most 56.880 ₫ of this payment can be refunded');
  });

  it('rounds down below a half, and wants the cash to cover what is owed once rounded', async () => {
    const order = await readyOrder(salad);
    const short = await pay(order, { method: 'cash', amount: 56_400, tendered: 55_000 });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'CASH_TENDERED_SHORT', params: { owed: '56.000\u00a0₫' } });

    // 56.400 ₫ is paid with 56.000 ₫: the rounding takes 400 ₫ off, and nothing goes back.
    const cash = await pay(order, { method: 'cash', amount: 56_400, tendered: 56_000 });
    expect(cash.statusCode, cash.body).toBe(201);
    expect((cash.json().data as Order).payments).toMatchObject([{ amount: 56_400, rounding: -400, change: 0 }]);
  });

  it('takes card and a partial cash payment exact, and rounds the cash that pays the rest', async () => {
    const byCard = await pay(await readyOrder(hotpot), { method: 'card', amount: 56_880 });
    expect((byCard.json().data as Order).payments).toMatchObject([{ method: 'card', amount: 56_880, rounding: 0 }]);

    const order = await readyOrder(hotpot);
    const part = await pay(order, { method: 'cash', amount: 30_000, tendered: 30_000 });
    expect((part.json().data as Order).payments).toMatchObject([{ amount: 30_000, rounding: 0, change: 0 }]);
    // The rest, 26.880 ₫, is all that is due: 27.000 ₫ in cash. A repeat of the same call answers the same change.
    const rest = { method: 'cash', amount: 26_880, tendered: 50_000 };
    const key = { 'idempotency-key': 'cash-rest-of-a-bill-0001' };
    const first = await pay(order, rest, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(messageOf(first)).toMatch(/; change 23\.000 ₫$/);
    const again = await pay(order, rest, key);
    expect(again.statusCode).toBe(200);
    expect(messageOf(again)).toMatch(/; change 23\.000 ₫$/);
    expect((first.json().data as Order).payments.map((one) => one.rounding)).toEqual([0, 120]);
  });

  it('rounds the cash that pays a part of a split bill in one tap', async () => {
    const order = await readyOrder(hotpot);
    const split = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/split`,
      payload: { by: 'guests', guests: 2 },
      as: 'staff',
    });
    expect(split.statusCode, split.body).toBe(200);
    const paid = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/parts/1/pay`,
      payload: { paymentMethod: 'cash' },
      as: 'staff',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // Each part is 28.440 ₫: paid with 28.000 ₫.
    expect((paid.json().data as Order).payments).toMatchObject([{ partNo: 1, amount: 28_440, rounding: -440 }]);
  });

  it('expects real notes in the drawer and shows the rounding in the Z report, apart from revenue', async () => {
    const { report } = await currentShift();
    // Cash paid of the bills: 56.880 + 56.400 + 30.000 + 26.880 + 28.440; rounded: +120 − 400 + 120 − 440.
    const sales = 56_880 + 56_400 + 30_000 + 26_880 + 28_440;
    expect(report.cash).toMatchObject({ openingFloat: 500_000, sales, rounding: -600 });
    expect(report.cash.expected).toBe(500_000 + sales - 600);
    expect(report.cash.expected % 1_000).toBe(0);
    // Revenue counts the bills, never the rounding.
    expect(report.byMethod.find((row) => row.method === 'cash')?.amount).toBe(sales);
    expect(report.netSales).toBe(sales + 56_880);

    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
    const payments = await t.request({
      method: 'GET',
      url: `/api/exports/payments?from=${today}&to=${today}&format=csv`,
      as: 'manager',
    });
    expect(payments.statusCode, payments.body).toBe(200);
    const [header, ...rows] = payments.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const rounding = header!.indexOf('Làm tròn');
    expect(rows.map((row) => Number(row[rounding]))).toEqual([120, -400, 0, 0, 120, -440]);
  });

  it('keeps the VAT mode an order was placed with when the setting changes', async () => {
    const settings = (payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: '/api/settings', payload, as: 'admin' });
    const inside = await placeOrder(t, [{ itemId: hotpot._id, quantity: 1 }]);
    expect((await settings({ pricesIncludeTax: false, cashRounding: 0 })).statusCode).toBe(200);
    try {
      const round = await t.request({
        method: 'POST',
        url: `/api/order/${inside._id}/rounds`,
        payload: { items: [{ itemId: hotpot._id, quantity: 1 }] },
        as: 'staff',
      });
      expect(round.statusCode, round.body).toBe(201);
      expect((round.json().data as Order).bills).toMatchObject({ pricesIncludeTax: true, total: 113_760 });
      // Placed after the change: VAT added on top, 56.880 + 4.550 (8 %); cash taken to the đồng.
      const added = await readyOrder(hotpot);
      expect(added.bills).toMatchObject({ pricesIncludeTax: false, tax: 4_550, total: 61_430 });
      const cash = await pay(added, { method: 'cash', amount: 61_430 });
      expect((cash.json().data as Order).payments).toMatchObject([{ amount: 61_430, rounding: 0 }]);
    } finally {
      await settings({ pricesIncludeTax: true, cashRounding: 1000 });
    }
  });
});
