import type { Branch } from '@quan/contract/branch';
import type { Order } from '@quan/contract/order';
import type {
  ChainChartData,
  ChainPrepTimes,
  ChainRevenue,
  ChartData,
  PrepTimes,
  Revenue,
} from '@quan/contract/report';
import type { Shift } from '@quan/contract/shifts';
import type { Station } from '@quan/contract/stations';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderLines, orderRounds, orders } from '../src/db/schema/orders';
import { salesRollupState } from '../src/db/schema/sales';
import { addBranch, createMenu, signInToBranch } from './factories';
import { buildTestApp, type SignedIn, type TestApp } from './helper';

/**
 * Reports, shifts and exports of a chain of two branches: each branch reads its own figures, the owner reads
 * the chain's, a column per branch and a total that is their sum.
 */
let t: TestApp;
let branchA: Branch;
let branchB: Branch;
const people = {} as Record<'staffA' | 'staffB' | 'managerA' | 'managerB' | 'admin', SignedIn>;
type Dish = { _id: string; name: string; price: number };
let pho: Dish;
let tea: Dish;
let shiftOfA: Shift;

beforeAll(async () => {
  t = await buildTestApp();
  people.admin = await t.signInAs('admin');
  [pho, tea] = (
    await createMenu(t, [
      { name: 'Phở bò', price: 65_000 },
      { name: 'Trà đá', price: 10_000 },
    ])
  ).items as [Dish, Dish];
  const listed: Branch[] = (await t.request({ method: 'GET', url: '/api/branches', as: 'admin' })).json().data;
  branchA = listed.find((branch) => branch.isFirst)!;
  branchB = await addBranch(t, 'Quận 3');
  people.staffA = await signInToBranch(t, branchA._id, 'staff');
  people.staffB = await signInToBranch(t, branchB._id, 'staff');
  people.managerA = await signInToBranch(t, branchA._id, 'manager');
  people.managerB = await signInToBranch(t, branchB._id, 'manager');

  // A: 2 phở in cash, 1 tea by card; B: 1 phở by transfer, 3 teas in cash (2 orders each).
  await completedOrder(people.staffA, [{ itemId: pho._id, quantity: 2 }], 'cash', 3);
  await completedOrder(people.staffA, [{ itemId: tea._id, quantity: 1 }], 'card', 1);
  await completedOrder(people.staffB, [{ itemId: pho._id, quantity: 1 }], 'transfer', 2);
  await completedOrder(people.staffB, [{ itemId: tea._id, quantity: 3 }], 'cash', 4);
});
afterAll(() => t.close());

async function completedOrder(
  as: SignedIn,
  items: { itemId: string; quantity: number }[],
  paymentMethod: string,
  guests: number,
): Promise<Order> {
  const placed = await t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: { name: 'Khách', guests }, items },
    as,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  let order: Order = placed.json().data;
  for (const status of ['ready', 'completed']) {
    const moved = await t.request({
      method: 'PUT',
      url: `/api/order/${order._id}`,
      payload: status === 'completed' ? { status, paymentMethod } : { status },
      as,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    order = moved.json().data;
  }
  return order;
}

async function read<T>(url: string, as: SignedIn): Promise<T> {
  const response = await t.request({ method: 'GET', url, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** The figures a branch's report and the chain's column of that branch have in common. */
const figuresOf = ({ comparison: _comparison, ...revenue }: Revenue) => revenue;

describe("a branch's reports", () => {
  it("count only the branch's own orders", async () => {
    const a = await read<Revenue>('/api/order/revenue', people.managerA);
    const b = await read<Revenue>('/api/order/revenue', people.managerB);
    expect(a.orderCount).toBe(2);
    expect(a.totalGuests).toBe(4);
    expect(a.topItems.map((item) => [item.name, item.quantity])).toEqual([
      ['Phở bò', 2],
      ['Trà đá', 1],
    ]);
    expect(a.byPaymentMethod.find((row) => row.method === 'transfer')?.orders).toBe(0);
    expect(b.orderCount).toBe(2);
    expect(b.totalGuests).toBe(6);
    expect(b.topItems.map((item) => [item.name, item.quantity])).toEqual([
      ['Phở bò', 1],
      ['Trà đá', 3],
    ]);
    expect(b.byPaymentMethod.find((row) => row.method === 'card')?.orders).toBe(0);
    expect(a.totalRevenue).toBeGreaterThan(b.totalRevenue);

    const chartA = await read<ChartData>('/api/order/chart-data', people.managerA);
    expect(chartA.daily.reduce((sum, day) => sum + day.orders, 0)).toBe(2);
    expect(chartA.daily.reduce((sum, day) => sum + day.revenue, 0)).toBe(a.totalRevenue);
    const topB = await read<{ name: string; quantity: number }[]>('/api/order/top-dishes', people.staffB);
    expect(topB.map((dish) => dish.quantity)).toEqual([1, 3]);
  });

  it('rebuild their sums per branch, each keeping its own orders', async () => {
    const before = await read<Revenue>('/api/order/revenue', people.managerB);
    await t.app.database.db.update(salesRollupState).set({ timezone: null });
    expect(figuresOf(await read<Revenue>('/api/order/revenue', people.managerB))).toEqual(figuresOf(before));
    expect((await read<Revenue>('/api/order/revenue', people.managerA)).orderCount).toBe(2);
  });
});

describe("the chain's reports", () => {
  it("give each branch's own figures and a total that is their sum", async () => {
    const a = await read<Revenue>('/api/order/revenue', people.managerA);
    const b = await read<Revenue>('/api/order/revenue', people.managerB);
    const chain = await read<ChainRevenue>('/api/order/revenue?scope=chain', people.admin);
    expect(chain.scope).toBe('chain');
    expect(chain.branches.map((column) => column.branch)).toEqual([
      { _id: branchA._id, name: branchA.name },
      { _id: branchB._id, name: branchB.name },
    ]);
    const [columnA, columnB] = chain.branches;
    expect({ ...columnA!, branch: undefined }).toEqual({ ...figuresOf(a), branch: undefined });
    expect({ ...columnB!, branch: undefined }).toEqual({ ...figuresOf(b), branch: undefined });

    expect(chain.total.totalRevenue).toBe(a.totalRevenue + b.totalRevenue);
    expect(Number.isInteger(chain.total.totalRevenue)).toBe(true);
    expect(chain.total.orderCount).toBe(4);
    expect(chain.total.totalGuests).toBe(10);
    expect(chain.total.averageOrderValue).toBe(Math.round(chain.total.totalRevenue / 4));
    for (const row of chain.total.byPaymentMethod) {
      const inA = a.byPaymentMethod.find((one) => one.method === row.method)!;
      const inB = b.byPaymentMethod.find((one) => one.method === row.method)!;
      expect(row).toEqual({ method: row.method, revenue: inA.revenue + inB.revenue, orders: inA.orders + inB.orders });
    }
    expect(chain.total.topItems.map((item) => [item.name, item.quantity])).toEqual([
      ['Phở bò', 3],
      ['Trà đá', 4],
    ]);
  });

  it("sum the branches' charts day by day", async () => {
    const chain = await read<ChainChartData>('/api/order/chart-data?scope=chain', people.admin);
    const a = await read<ChartData>('/api/order/chart-data', people.managerA);
    const b = await read<ChartData>('/api/order/chart-data', people.managerB);
    expect({ ...chain.branches[0]!, branch: undefined }).toEqual({ ...a, branch: undefined });
    expect({ ...chain.branches[1]!, branch: undefined }).toEqual({ ...b, branch: undefined });
    const sum = (chart: ChartData) => chart.daily.reduce((total, day) => total + day.revenue, 0);
    expect(sum(chain.total)).toBe(sum(a) + sum(b));
    expect(chain.total.hourly.reduce((total, hour) => total + hour.orders, 0)).toBe(4);
  });

  it('are refused to a manager, naming the permission', async () => {
    for (const url of [
      '/api/order/revenue?scope=chain',
      '/api/order/chart-data?scope=chain',
      '/api/order/prep-times?scope=chain',
      '/api/exports/orders?from=2020-01-01&to=2020-01-02&scope=chain',
    ]) {
      const response = await t.request({ method: 'GET', url, as: people.managerA });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'PERMISSION_DENIED',
        params: { role: 'manager', permission: 'reports:chain' },
      });
      expect(response.json().message).toContain('reports:chain');
    }
  });

  it('export every branch with a branch column, and a branch its own rows only', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const days = `from=${yesterday(today)}&to=${tomorrow(today)}`;
    const chain = await t.request({ method: 'GET', url: `/api/exports/orders?${days}&scope=chain`, as: people.admin });
    expect(chain.statusCode, chain.body).toBe(200);
    expect(chain.headers['content-disposition']).toContain('quan-orders-chain-');
    const [header, ...rows] = chain.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header!.split(',')[0]).toBe('Chi nhánh');
    expect(rows.map((row) => row.split(',')[0]).sort()).toEqual(
      [branchA.name, branchA.name, branchB.name, branchB.name].sort(),
    );
    const own = await t.request({ method: 'GET', url: `/api/exports/orders?${days}`, as: people.managerB });
    expect(own.statusCode, own.body).toBe(200);
    const ownRows = own.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(ownRows).toHaveLength(2);
    expect(own.body.split('\r\n')[0]).not.toContain('Chi nhánh');
  });
});

const dayOffset = (day: string, offset: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const yesterday = (day: string) => dayOffset(day, -1);
const tomorrow = (day: string) => dayOffset(day, 1);

describe('shifts by branch', () => {
  it("are another branch's 404: read, moved, closed or reopened", async () => {
    const opened = await t.request({
      method: 'POST',
      url: '/api/shifts',
      payload: { deviceId: 'branch-a-counter', deviceName: 'Quầy A', openingFloat: 500_000 },
      as: people.staffA,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const shift: Shift = opened.json().data;
    shiftOfA = shift;

    expect((await t.request({ method: 'GET', url: `/api/shifts/${shift._id}`, as: people.managerA })).statusCode).toBe(
      200,
    );
    const calls = [
      { method: 'GET' as const, url: `/api/shifts/${shift._id}` },
      {
        method: 'POST' as const,
        url: `/api/shifts/${shift._id}/cash-movements`,
        payload: { kind: 'in', amount: 1000, reason: 'Tiền lẻ' },
      },
      { method: 'POST' as const, url: `/api/shifts/${shift._id}/close`, payload: { countedCash: 500_000 } },
      { method: 'POST' as const, url: `/api/shifts/${shift._id}/reopen`, payload: { reason: 'Đếm lại' } },
    ];
    for (const call of calls) {
      const response = await t.request({ ...call, as: people.managerB });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(response.json().code).toBe('SHIFT_NOT_FOUND');
    }
    const listedB: Shift[] = await read('/api/shifts', people.managerB);
    expect(listedB.map((one) => one._id)).not.toContain(shift._id);
    const listedA: Shift[] = await read('/api/shifts', people.managerA);
    expect(listedA.map((one) => one._id)).toContain(shift._id);
    const current = await t.request({
      method: 'GET',
      url: '/api/shifts/current',
      as: people.staffB,
      headers: { 'x-device-id': 'branch-a-counter' },
    });
    expect(current.json().data).toBeNull();
  });

  it("close over the branch's own open orders only", async () => {
    const closedA = await t.request({
      method: 'POST',
      url: `/api/shifts/${shiftOfA._id}/close`,
      payload: { countedCash: 500_000 },
      as: people.staffA,
    });
    expect(closedA.statusCode, closedA.body).toBe(200);
    const opened = await t.request({
      method: 'POST',
      url: '/api/shifts',
      payload: { deviceId: 'branch-b-counter', deviceName: 'Quầy B', openingFloat: 0 },
      as: people.staffB,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const shift: Shift = opened.json().data;
    // An order left open in A does not hold B's last drawer.
    const inA = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: { customerDetails: { name: 'Khách', guests: 1 }, items: [{ itemId: tea._id, quantity: 1 }] },
      as: people.staffA,
    });
    expect(inA.statusCode, inA.body).toBe(201);
    const closed = await t.request({
      method: 'POST',
      url: `/api/shifts/${shift._id}/close`,
      payload: { countedCash: 0 },
      as: people.staffB,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.report.orders).toBe(0);
  });
});

describe("the chain's figures compared with the period before", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves a completed order to `instant`; the sums are built again on the next report. */
  async function completedAt(order: Order, instant: string): Promise<void> {
    const { db } = t.app.database;
    await db
      .update(orders)
      .set({ completedAt: new Date(instant) })
      .where(eq(orders.id, order._id));
    await db.update(salesRollupState).set({ timezone: null });
  }

  /** The figures at `now` (only the clock of Date is stood still: the app's timers run as ever). */
  async function readAt<T>(now: string, url: string, as: SignedIn): Promise<T> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    try {
      return await read<T>(url, as);
    } finally {
      vi.useRealTimers();
    }
  }

  /** Sets the branch's time zone; answers the one it had. */
  async function setTimezone(branch: Branch, timezone: string): Promise<string> {
    const owner = await signInToBranch(t, branch._id, 'admin');
    const before = await read<{ timezone: string }>('/api/settings', owner);
    const saved = await t.request({ method: 'PUT', url: '/api/settings', payload: { timezone }, as: owner });
    expect(saved.statusCode, saved.body).toBe(200);
    return before.timezone;
  }

  it("compare each branch as its own report does, in its own days, and the total with the branches' sum", async () => {
    // B counts its days in Tokyo (UTC+9), two hours before A's in Hồ Chí Minh City (UTC+7).
    const zoneOfB = await setTimezone(branchB, 'Asia/Tokyo');
    const aToday = await completedOrder(people.staffA, [{ itemId: pho._id, quantity: 1 }], 'cash', 2);
    const aYesterday = await completedOrder(people.staffA, [{ itemId: pho._id, quantity: 2 }], 'cash', 3);
    const aYesterdayLate = await completedOrder(people.staffA, [{ itemId: tea._id, quantity: 4 }], 'card', 4);
    const bToday = await completedOrder(people.staffB, [{ itemId: tea._id, quantity: 1 }], 'cash', 1);
    const bYesterday = await completedOrder(people.staffB, [{ itemId: tea._id, quantity: 3 }], 'transfer', 2);
    // 21 May 2026, 10:15 in A and 12:15 in B; no other test puts orders on these days.
    const now = '2026-05-21T10:15:00+07:00';
    await completedAt(aToday, '2026-05-21T08:00:00+07:00');
    await completedAt(aYesterday, '2026-05-20T09:00:00+07:00');
    // After 10:15: not yet the same hours as today's.
    await completedAt(aYesterdayLate, '2026-05-20T11:00:00+07:00');
    await completedAt(bToday, '2026-05-21T09:00:00+09:00');
    // Just after midnight in Tokyo: still the day before in A's zone, yesterday in B's.
    await completedAt(bYesterday, '2026-05-20T01:00:00+09:00');

    const chain = await readAt<ChainRevenue>(now, '/api/order/revenue?scope=chain&compare=previous', people.admin);
    const a = await readAt<Revenue>(now, '/api/order/revenue?compare=previous', people.managerA);
    const b = await readAt<Revenue>(now, '/api/order/revenue?compare=previous', people.managerB);
    expect(a.comparison).toMatchObject({
      totalRevenue: aYesterday.bills.total,
      orderCount: 1,
      totalGuests: 3,
      span: 'elapsed',
      range: { startDate: '2026-05-19T17:00:00.000Z', endDate: '2026-05-20T03:15:00.000Z' },
    });
    expect(b.comparison).toMatchObject({
      totalRevenue: bYesterday.bills.total,
      orderCount: 1,
      totalGuests: 2,
      span: 'elapsed',
      range: { startDate: '2026-05-19T15:00:00.000Z', endDate: '2026-05-20T03:15:00.000Z' },
    });
    const [columnA, columnB] = chain.branches;
    expect({ ...columnA!, branch: undefined }).toEqual({ ...a, branch: undefined });
    expect({ ...columnB!, branch: undefined }).toEqual({ ...b, branch: undefined });

    expect(chain.total.totalRevenue).toBe(aToday.bills.total + bToday.bills.total);
    const previousTotal = a.comparison!.totalRevenue + b.comparison!.totalRevenue;
    expect(chain.total.comparison).toEqual({
      totalRevenue: previousTotal,
      orderCount: 2,
      averageOrderValue: Math.round(previousTotal / 2),
      totalGuests: 5,
      span: 'elapsed',
      asOf: new Date(now).toISOString(),
    });

    const uncompared = await readAt<ChainRevenue>(now, '/api/order/revenue?scope=chain', people.admin);
    expect(uncompared.total).not.toHaveProperty('comparison');
    expect(uncompared.branches[0]).not.toHaveProperty('comparison');
    await setTimezone(branchB, zoneOfB);
  });
});

describe("the chain's preparation times", () => {
  /** An order of the branch, sent to the kitchen at `sentAt` and its lines done `seconds` later. */
  async function prepared(as: SignedIn, itemId: string, sentAt: string, seconds: number): Promise<Order> {
    const placed = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: { customerDetails: { name: 'Khách', guests: 1 }, items: [{ itemId, quantity: 1 }] },
      as,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order: Order = placed.json().data;
    const stationId = order.items[0]!.stationId!;
    const ready = await t.request({
      method: 'PATCH',
      url: `/api/order/${order._id}/rounds/1/stations/${stationId}`,
      payload: { ready: true },
      as,
    });
    expect(ready.statusCode, ready.body).toBe(200);
    const { db } = t.app.database;
    const sent = new Date(sentAt);
    await db.update(orderRounds).set({ sentAt: sent }).where(eq(orderRounds.orderId, order._id));
    await db
      .update(orderLines)
      .set({ readyAt: new Date(sent.getTime() + seconds * 1000) })
      .where(eq(orderLines.orderId, order._id));
    return order;
  }

  it("give each branch's own times and the chain's over every line, per station and dish", async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/station',
      payload: { name: 'Bếp', sortOrder: 0 },
      as: people.admin,
    });
    expect(created.statusCode, created.body).toBe(201);
    const kitchen: Station = created.json().data;
    // 10 June 2026 in Hồ Chí Minh City; no other test sends rounds on that day.
    const inA = await prepared(people.staffA, pho._id, '2026-06-10T12:00:00+07:00', 60);
    await prepared(people.staffB, pho._id, '2026-06-10T12:05:00+07:00', 120);
    await prepared(people.staffB, tea._id, '2026-06-10T12:10:00+07:00', 180);
    expect(inA.items[0]!.stationId).toBe(kitchen._id);

    const day = range('2026-06-10T00:00:00+07:00', '2026-06-11T00:00:00+07:00');
    const chain = await read<ChainPrepTimes>(`/api/order/prep-times${day}&scope=chain`, people.admin);
    const a = await read<PrepTimes>(`/api/order/prep-times${day}`, people.managerA);
    const b = await read<PrepTimes>(`/api/order/prep-times${day}`, people.managerB);
    expect(chain.branches.map((column) => column.branch._id)).toEqual([branchA._id, branchB._id]);
    expect({ ...chain.branches[0]!, branch: undefined }).toEqual({ ...a, branch: undefined });
    expect({ ...chain.branches[1]!, branch: undefined }).toEqual({ ...b, branch: undefined });
    expect(a.byStation).toEqual([{ stationId: kitchen._id, name: 'Bếp', lines: 1, averageSeconds: 60 }]);
    expect(b.byStation).toEqual([{ stationId: kitchen._id, name: 'Bếp', lines: 2, averageSeconds: 150 }]);

    // Over the three lines (60, 120 and 180 seconds), not the mean of the branches' 60 and 150.
    expect(chain.total.byStation).toEqual([{ stationId: kitchen._id, name: 'Bếp', lines: 3, averageSeconds: 120 }]);
    expect(chain.total.byDish).toEqual([
      { itemId: tea._id, name: tea.name, lines: 1, averageSeconds: 180 },
      { itemId: pho._id, name: pho.name, lines: 2, averageSeconds: 90 },
    ]);
  });
});

const range = (start: string, end: string) =>
  `?startDate=${encodeURIComponent(start)}&endDate=${encodeURIComponent(end)}`;
