import type { Order } from '@quan/contract/order';
import type { ChartData, Revenue } from '@quan/contract/report';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { salesRollupState } from '../src/db/schema/sales';
import { createMenu } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
let pho: { _id: string; name: string; price: number };
let tra: { _id: string; name: string; price: number };

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  const menu = await createMenu(t, [
    { name: 'Phở bò', price: 65_000 },
    { name: 'Trà đá', price: 10_000 },
  ]);
  [pho, tra] = menu.items as [typeof pho, typeof tra];
});
afterAll(() => t.close());

async function placeOrder(lines: { itemId: string; quantity: number }[], guests = 2): Promise<Order> {
  const response = await t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: { name: 'Khách', guests }, items: lines },
    as: 'staff',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function move(order: Order, status: string, paymentMethod?: string): Promise<Order> {
  const response = await t.request({
    method: 'PUT',
    url: `/api/order/${order._id}`,
    payload: { status, paymentMethod },
    as: 'staff',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function completedOrder(lines: { itemId: string; quantity: number }[], paymentMethod = 'cash', guests = 2) {
  return move(await move(await placeOrder(lines, guests), 'ready'), 'completed', paymentMethod);
}

async function revenue(query = ''): Promise<Revenue> {
  const response = await t.request({ method: 'GET', url: `/api/order/revenue${query}`, as: 'manager' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Moves an order's completion to another instant, and has the sums rebuilt from the orders. */
async function completedAt(order: Order, instant: string): Promise<void> {
  const { db } = t.app.database;
  await db
    .update(orders)
    .set({ completedAt: new Date(instant) })
    .where(eq(orders.id, order._id));
  await db.update(salesRollupState).set({ timezone: null });
}

const range = (start: string, end: string) =>
  `?startDate=${encodeURIComponent(start)}&endDate=${encodeURIComponent(end)}`;

describe('revenue', () => {
  it('is for managers: staff get 403', async () => {
    for (const url of ['/api/order/revenue', '/api/order/chart-data']) {
      expect((await t.request({ method: 'GET', url, as: 'staff' })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url, as: 'manager' })).statusCode).toBe(200);
    }
  });

  it("counts today's completed orders only, as they complete, by payment method and dish", async () => {
    expect((await revenue()).orderCount).toBe(0);
    const first = await completedOrder([{ itemId: pho._id, quantity: 2 }], 'cash', 3);
    const second = await completedOrder(
      [
        { itemId: pho._id, quantity: 1 },
        { itemId: tra._id, quantity: 3 },
      ],
      'card',
      2,
    );
    await move(await placeOrder([{ itemId: pho._id, quantity: 5 }]), 'cancelled');
    await placeOrder([{ itemId: tra._id, quantity: 9 }]);
    const ready = await move(await placeOrder([{ itemId: tra._id, quantity: 1 }]), 'ready');

    const today = await revenue();
    const total = first.bills.total + second.bills.total;
    expect(today).toMatchObject({
      totalRevenue: total,
      orderCount: 2,
      averageOrderValue: Math.round(total / 2),
      totalGuests: 5,
    });
    expect(today.byPaymentMethod).toEqual([
      { method: 'cash', revenue: first.bills.total, orders: 1 },
      { method: 'card', revenue: second.bills.total, orders: 1 },
      { method: 'transfer', revenue: 0, orders: 0 },
      { method: 'ewallet', revenue: 0, orders: 0 },
      { method: 'voucher', revenue: 0, orders: 0 },
    ]);
    expect(today.topItems).toEqual([
      { itemId: pho._id, name: 'Phở bò', quantity: 3, revenue: 195_000 },
      { itemId: tra._id, name: 'Trà đá', quantity: 3, revenue: 30_000 },
    ]);

    // The sums built incrementally are what a rebuild from the orders gives.
    await t.app.database.db.update(salesRollupState).set({ timezone: null });
    expect(await revenue()).toEqual(today);

    await move(ready, 'completed', 'transfer');
    expect((await revenue()).orderCount).toBe(3);
  });

  it("counts an order on the restaurant's day: 23:30 in Ho Chi Minh City is still that day", async () => {
    // 2026-03-09 23:30 and 2026-03-10 00:30 in Asia/Ho_Chi_Minh (UTC+7).
    const lateEvening = await completedOrder([{ itemId: pho._id, quantity: 1 }]);
    const afterMidnight = await completedOrder([{ itemId: tra._id, quantity: 1 }]);
    await completedAt(lateEvening, '2026-03-09T16:30:00Z');
    await completedAt(afterMidnight, '2026-03-09T17:30:00Z');

    const ninth = await revenue(range('2026-03-09T00:00:00+07:00', '2026-03-10T00:00:00+07:00'));
    expect(ninth).toMatchObject({ orderCount: 1, totalRevenue: lateEvening.bills.total });
    expect(ninth.range).toEqual({ startDate: '2026-03-08T17:00:00.000Z', endDate: '2026-03-09T17:00:00.000Z' });
    const tenth = await revenue(range('2026-03-10T00:00:00+07:00', '2026-03-11T00:00:00+07:00'));
    expect(tenth).toMatchObject({ orderCount: 1, totalRevenue: afterMidnight.bills.total });

    // Ranges that do not start or end at midnight read the partial days from the orders.
    const twoHours = await revenue(range('2026-03-09T16:00:00Z', '2026-03-09T18:00:00Z'));
    expect(twoHours.orderCount).toBe(2);
    const oneMinuteShort = await revenue(range('2026-03-09T16:31:00Z', '2026-03-09T17:29:00Z'));
    expect(oneMinuteShort.orderCount).toBe(0);
    const acrossDays = await revenue(range('2026-03-08T12:00:00+07:00', '2026-03-10T00:45:00+07:00'));
    expect(acrossDays.orderCount).toBe(2);
    expect(acrossDays.topItems.map((item) => item.name)).toEqual(['Phở bò', 'Trà đá']);

    // In UTC both fall on 9 March: a new time zone rebuilds the sums.
    await t.request({ method: 'PUT', url: '/api/settings', payload: { timezone: 'UTC' }, as: 'admin' });
    expect((await revenue(range('2026-03-09T00:00:00Z', '2026-03-10T00:00:00Z'))).orderCount).toBe(2);
    await t.request({ method: 'PUT', url: '/api/settings', payload: { timezone: 'Asia/Ho_Chi_Minh' }, as: 'admin' });
    expect((await revenue(range('2026-03-09T00:00:00+07:00', '2026-03-10T00:00:00+07:00'))).orderCount).toBe(1);
  });

  it('refuses a range that ends before it starts, or dates it cannot read', async () => {
    const backwards = await t.request({
      method: 'GET',
      url: `/api/order/revenue${range('2026-03-10T00:00:00Z', '2026-03-09T00:00:00Z')}`,
      as: 'manager',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain('startDate must be before endDate');
    const unreadable = await t.request({ method: 'GET', url: '/api/order/revenue?startDate=yesterday', as: 'manager' });
    expect(unreadable.statusCode).toBe(400);
  });
});

describe('revenue VAT by rate', () => {
  it("adds up the rates of the day's completed bills as each bill rounded them, for the branch and the chain", async () => {
    const beerCategory = await t.request({
      method: 'POST',
      url: '/api/category',
      payload: { name: 'Bia', vatRate: 10 },
      as: 'manager',
    });
    expect(beerCategory.statusCode, beerCategory.body).toBe(201);
    const beerDish = await t.request({
      method: 'POST',
      url: '/api/item',
      payload: { name: 'Bia Tiger', price: 28_000, categoryId: beerCategory.json().data._id },
      as: 'manager',
    });
    expect(beerDish.statusCode, beerDish.body).toBe(201);
    const beer = beerDish.json().data as { _id: string };

    // Prices hold the VAT (a new restaurant's): 130.000 ₫ of phở holds 9.630 ₫ at 8 %, 84.000 ₫ of beer 7.636 ₫
    // at 10 %, and the beer alone on the second bill 28.000 ₫ holds 2.545 ₫.
    const withBeer = await completedOrder([
      { itemId: pho._id, quantity: 2 },
      { itemId: beer._id, quantity: 3 },
    ]);
    const beerOnly = await completedOrder([{ itemId: beer._id, quantity: 1 }], 'card');
    const cancelled = await move(await placeOrder([{ itemId: beer._id, quantity: 4 }]), 'cancelled');
    for (const order of [withBeer, beerOnly, cancelled]) await completedAt(order, '2024-02-29T12:00:00+07:00');

    const day = range('2024-02-29T00:00:00+07:00', '2024-03-01T00:00:00+07:00');
    const figures = await revenue(day);
    expect(figures.orderCount).toBe(2);
    // Summed per rate, not worked out again from the totals: 2.545 + 7.636, where 10 % of 112.000 ₫ would hold 10.182 ₫.
    expect(figures.taxes).toEqual([
      { vatRate: 8, taxable: 120_370, tax: 9_630 },
      { vatRate: 10, taxable: 101_819, tax: 10_181 },
    ]);
    expect(figures.taxes.reduce((sum, part) => sum + part.tax, 0)).toBe(withBeer.bills.tax + beerOnly.bills.tax);
    expect(figures.taxes.reduce((sum, part) => sum + part.taxable + part.tax, 0)).toBe(figures.totalRevenue);

    // The chain's total is the sum of its branches' rates (one branch here).
    const chain = await t.request({ method: 'GET', url: `/api/order/revenue${day}&scope=chain`, as: 'admin' });
    expect(chain.statusCode, chain.body).toBe(200);
    expect(chain.json().data.total.taxes).toEqual(figures.taxes);
    // A day without sales has no rates.
    expect((await revenue(range('2024-02-28T00:00:00+07:00', '2024-02-29T00:00:00+07:00'))).taxes).toEqual([]);
  });
});

describe('revenue compared with the period before', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The figures at `now` (only the clock of Date is stood still: the app's timers run as ever). */
  async function revenueAt(now: string, query: string): Promise<Revenue> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    try {
      return await revenue(query);
    } finally {
      vi.useRealTimers();
    }
  }

  // 15 April 2026 at 10:15 in Ho Chi Minh City (UTC+7); no other test puts orders on these days.
  const quarterPastTen = '2026-04-15T10:15:00+07:00';
  const today = range('2026-04-15T00:00:00+07:00', '2026-04-16T00:00:00+07:00');

  it('compares today so far with yesterday until the same time, and a past day whole with the day before', async () => {
    await t.signInAs('manager');
    const thisMorning = await completedOrder([{ itemId: pho._id, quantity: 1 }], 'cash', 2);
    const yesterdayMorning = await completedOrder([{ itemId: pho._id, quantity: 2 }], 'cash', 3);
    const yesterdayLate = await completedOrder([{ itemId: tra._id, quantity: 4 }], 'card', 4);
    const dayBefore = await completedOrder([{ itemId: tra._id, quantity: 1 }], 'cash', 1);
    await completedAt(thisMorning, '2026-04-15T08:00:00+07:00');
    await completedAt(yesterdayMorning, '2026-04-14T09:00:00+07:00');
    // After 10:15: not yet the same hours as today's.
    await completedAt(yesterdayLate, '2026-04-14T11:00:00+07:00');
    await completedAt(dayBefore, '2026-04-13T20:00:00+07:00');

    const soFar = await revenueAt(quarterPastTen, `${today}&compare=previous`);
    expect(soFar).toMatchObject({ orderCount: 1, totalRevenue: thisMorning.bills.total, totalGuests: 2 });
    expect(soFar.comparison).toEqual({
      totalRevenue: yesterdayMorning.bills.total,
      orderCount: 1,
      averageOrderValue: yesterdayMorning.bills.total,
      totalGuests: 3,
      // Yesterday from midnight to 10:15, in the restaurant's zone.
      range: { startDate: '2026-04-13T17:00:00.000Z', endDate: '2026-04-14T03:15:00.000Z' },
      span: 'elapsed',
      asOf: '2026-04-15T03:15:00.000Z',
    });
    // Without a range, today is the day of the same clock.
    const defaultDay = await revenueAt(quarterPastTen, '?compare=previous');
    expect(defaultDay.range).toEqual({ startDate: '2026-04-14T17:00:00.000Z', endDate: '2026-04-15T17:00:00.000Z' });
    expect(defaultDay.comparison).toEqual(soFar.comparison);

    // At 07:00 yesterday had nothing yet either.
    const early = await revenueAt('2026-04-15T07:00:00+07:00', `${today}&compare=previous`);
    expect(early.comparison).toMatchObject({
      orderCount: 0,
      totalRevenue: 0,
      range: { startDate: '2026-04-13T17:00:00.000Z', endDate: '2026-04-14T00:00:00.000Z' },
      span: 'elapsed',
    });

    // Yesterday is over: the whole of it against the whole day before.
    const yesterday = await revenueAt(
      quarterPastTen,
      `${range('2026-04-14T00:00:00+07:00', '2026-04-15T00:00:00+07:00')}&compare=previous`,
    );
    expect(yesterday.orderCount).toBe(2);
    expect(yesterday.totalRevenue).toBe(yesterdayMorning.bills.total + yesterdayLate.bills.total);
    expect(yesterday.comparison).toMatchObject({
      totalRevenue: dayBefore.bills.total,
      orderCount: 1,
      range: { startDate: '2026-04-12T17:00:00.000Z', endDate: '2026-04-13T17:00:00.000Z' },
      span: 'whole',
    });

    // The last 7 days so far (9 to 15 April) against 2 to 8 April until 10:15 on the 8th.
    const week = await revenueAt(
      quarterPastTen,
      `${range('2026-04-09T00:00:00+07:00', '2026-04-16T00:00:00+07:00')}&compare=previous`,
    );
    expect(week.orderCount).toBe(4);
    expect(week.comparison).toMatchObject({
      orderCount: 0,
      range: { startDate: '2026-04-01T17:00:00.000Z', endDate: '2026-04-08T03:15:00.000Z' },
      span: 'elapsed',
    });

    // Without `compare` the answer is as it always was.
    expect(await revenueAt(quarterPastTen, today)).not.toHaveProperty('comparison');
  });
});

describe('chart data', () => {
  it('has every one of the last 30 days, every hour, and revenue by category', async () => {
    const response = await t.request({ method: 'GET', url: '/api/order/chart-data', as: 'manager' });
    expect(response.statusCode, response.body).toBe(200);
    const chart: ChartData = response.json().data;
    const todays = await revenue();

    expect(chart.daily).toHaveLength(30);
    const dates = chart.daily.map((day) => day.date);
    expect(new Set(dates).size).toBe(30);
    expect([...dates].sort()).toEqual(dates);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
    expect(dates.at(-1)).toBe(today);
    expect(chart.daily.at(-1)).toEqual({ date: today, revenue: todays.totalRevenue, orders: todays.orderCount });
    // March is long gone: the other days are zeros.
    expect(chart.daily.slice(0, -1).every((day) => day.revenue === 0 && day.orders === 0)).toBe(true);

    expect(chart.hourly.map((hour) => hour.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    expect(chart.hourly.reduce((sum, hour) => sum + hour.orders, 0)).toBe(todays.orderCount);

    expect(chart.byCategory).toHaveLength(1);
    expect(chart.byCategory[0]!.revenue).toBe(todays.topItems.reduce((sum, item) => sum + item.revenue, 0));
  });
});

describe('a deleted dish', () => {
  it('stays one row in the top dishes, by name, whether its sales come from the sums or the orders', async () => {
    const { items } = await createMenu(t, [{ name: 'Chả cá Lã Vọng', price: 150_000 }]);
    const dish = items[0]!;
    const yesterday = await completedOrder([{ itemId: dish._id, quantity: 1 }]);
    await completedOrder([{ itemId: dish._id, quantity: 2 }]);
    // Yesterday at 20:00 in Ho Chi Minh City.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
    const todayStart = new Date(`${today}T00:00:00+07:00`);
    await completedAt(yesterday, new Date(todayStart.getTime() - 4 * 3_600_000).toISOString());
    await revenue(); // rebuilds the sums
    expect((await t.request({ method: 'DELETE', url: `/api/item/${dish._id}`, as: 'manager' })).statusCode).toBe(200);

    // From yesterday noon (a partial day, read from the orders) to tonight (a whole day, from the sums).
    const noon = new Date(todayStart.getTime() - 12 * 3_600_000).toISOString();
    const tomorrow = new Date(todayStart.getTime() + 24 * 3_600_000).toISOString();
    const { topItems } = await revenue(range(noon, tomorrow));
    expect(topItems.filter((item) => item.name === 'Chả cá Lã Vọng')).toEqual([
      { itemId: null, name: 'Chả cá Lã Vọng', quantity: 3, revenue: 450_000 },
    ]);
  });
});

describe('top dishes today', () => {
  async function topDishes(query = '', as = 'staff') {
    const response = await t.request({ method: 'GET', url: `/api/order/top-dishes${query}`, as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { itemId: string | null; name: string; quantity: number }[];
  }
  const withoutRevenue = (items: Revenue['topItems']) =>
    items.map(({ itemId, name, quantity }) => ({ itemId, name, quantity }));

  it('is for everyone who sees orders, not for the signed-out, and is not taken for an order id', async () => {
    for (const role of ['staff', 'manager', 'admin']) {
      expect((await t.request({ method: 'GET', url: '/api/order/top-dishes', as: role })).statusCode).toBe(200);
    }
    expect((await t.request({ method: 'GET', url: '/api/order/top-dishes' })).statusCode).toBe(401);
    const tooMany = await t.request({ method: 'GET', url: '/api/order/top-dishes?limit=11', as: 'staff' });
    expect(tooMany.statusCode).toBe(400);
  });

  it("ranks today's completed orders as the dashboard's top dishes do, without their revenue", async () => {
    const { items } = await createMenu(t, [
      { name: 'Bánh xèo', price: 80_000 },
      { name: 'Chè ba màu', price: 25_000 },
    ]);
    const [banhXeo, che] = items as [typeof pho, typeof pho];
    // Chè sells more plates, bánh xèo more money: revenue ranks first.
    await completedOrder([{ itemId: che._id, quantity: 6 }]);
    await completedOrder([{ itemId: banhXeo._id, quantity: 2 }]);
    // Orders not completed count for nothing.
    await placeOrder([{ itemId: che._id, quantity: 40 }]);
    await move(await placeOrder([{ itemId: banhXeo._id, quantity: 30 }]), 'cancelled');

    const today = await revenue();
    const top = await topDishes('?limit=10');
    expect(top).toEqual(withoutRevenue(today.topItems));
    expect(top.find((dish) => dish.name === 'Bánh xèo')).toEqual({
      itemId: banhXeo._id,
      name: 'Bánh xèo',
      quantity: 2,
    });
    expect(top.find((dish) => dish.name === 'Chè ba màu')).toEqual({
      itemId: che._id,
      name: 'Chè ba màu',
      quantity: 6,
    });
    expect(top.findIndex((dish) => dish.name === 'Bánh xèo')).toBeLessThan(
      top.findIndex((dish) => dish.name === 'Chè ba màu'),
    );
    // Five by default, the best first.
    expect(await topDishes()).toEqual(top.slice(0, 5));

    // Completing an order counts at once.
    await completedOrder([{ itemId: che._id, quantity: 10 }]);
    expect((await topDishes('?limit=10')).find((dish) => dish.name === 'Chè ba màu')?.quantity).toBe(16);
  });
});

describe('revenue by payment', () => {
  const method = (figures: Revenue, name: string) => figures.byPaymentMethod.find((row) => row.method === name)!;
  const pay = async (order: Order, body: Record<string, unknown>, as: 'staff' | 'manager' = 'staff') => {
    const response = await t.request({ method: 'POST', url: `/api/order/${order._id}/payments`, payload: body, as });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Order;
  };

  it('counts a split tender in each of its methods, net of refunds, and the tips by who took them', async () => {
    const staff = await t.signInAs('staff');
    const manager = await t.signInAs('manager');
    const before = await revenue();
    expect(before.tips).toEqual({ total: 0, byStaff: [] });

    const split = await move(await placeOrder([{ itemId: pho._id, quantity: 4 }], 4), 'ready');
    await pay(split, { method: 'card', amount: 100_000 });
    const settled = await pay(split, { method: 'cash', amount: split.bills.total - 100_000, tip: 15_000 });
    expect(settled.status).toBe('completed');
    const single = await move(await placeOrder([{ itemId: tra._id, quantity: 2 }], 1), 'ready');
    await pay(single, { method: 'transfer', amount: single.bills.total, tip: 5_000 }, 'manager');

    const after = await revenue();
    expect(after.totalRevenue - before.totalRevenue).toBe(split.bills.total + single.bills.total);
    expect(after.orderCount - before.orderCount).toBe(2);
    expect(after.totalGuests - before.totalGuests).toBe(5);
    // The order is counted once, with its first payment (the card); its cash part adds revenue only.
    expect(method(after, 'card').revenue - method(before, 'card').revenue).toBe(100_000);
    expect(method(after, 'card').orders - method(before, 'card').orders).toBe(1);
    expect(method(after, 'cash').revenue - method(before, 'cash').revenue).toBe(split.bills.total - 100_000);
    expect(method(after, 'cash').orders - method(before, 'cash').orders).toBe(0);
    expect(method(after, 'transfer').revenue - method(before, 'transfer').revenue).toBe(single.bills.total);
    expect(after.tips).toEqual({
      total: 20_000,
      byStaff: [
        { staff: { _id: staff.user._id, name: staff.user.name }, amount: 15_000 },
        { staff: { _id: manager.user._id, name: manager.user.name }, amount: 5_000 },
      ],
    });

    // A refund after completion comes off the cash revenue; the order still counts.
    const cashPayment = settled.payments.find((payment) => payment.method === 'cash')!;
    const refund = await t.request({
      method: 'POST',
      url: `/api/order/${split._id}/payments/${cashPayment._id}/refunds`,
      payload: { amount: 20_000, reason: 'Phở nguội' },
      as: 'manager',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const refunded = await revenue();
    expect(method(refunded, 'cash').revenue).toBe(method(after, 'cash').revenue - 20_000);
    expect(refunded.totalRevenue).toBe(after.totalRevenue - 20_000);
    expect(refunded.orderCount).toBe(after.orderCount);

    // The sums kept as payments and refunds came are what a rebuild from the payments gives.
    await t.app.database.db.update(salesRollupState).set({ timezone: null });
    expect(await revenue()).toEqual(refunded);
  });
});
