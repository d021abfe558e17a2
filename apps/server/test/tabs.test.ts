import type { AuditEntry } from '@quan/contract/audit';
import { splitAmount } from '@quan/contract/bill';
import type { Ingredient } from '@quan/contract/ingredient';
import { formatVnd } from '@quan/contract/money';
import type { Order } from '@quan/contract/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billOf, createMenu, createTable, placeOrder, findTable, type OrderLine } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
type Dish = { _id: string; name: string; price: number };
let lau: Dish;
let beer: Dish;
let odd: Dish;
let shrimp: Ingredient;

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  // These tests work out bills with VAT added and pay exact amounts; a new restaurant holds VAT in its prices.
  await t.request({
    method: 'PUT',
    url: '/api/settings',
    payload: { pricesIncludeTax: false, cashRounding: 0 },
    as: 'admin',
  });
  shrimp = (
    await t.request({
      method: 'POST',
      url: '/api/ingredient',
      payload: { name: 'Tôm', unit: 'kg', quantity: 10 },
      as: 'manager',
    })
  ).json().data;
  [lau, beer, odd] = (
    await createMenu(t, [
      { name: 'Lẩu thái', price: 250_000 },
      { name: 'Bia Sài Gòn', price: 22_000 },
      { name: 'Chè ba màu', price: 33_333 },
    ])
  ).items as [Dish, Dish, Dish];
  await t.request({
    method: 'PUT',
    url: `/api/item/${lau._id}`,
    payload: { recipe: [{ ingredientId: shrimp._id, quantity: 0.3 }] },
    as: 'manager',
  });
});
afterAll(() => t.close());

const placeAt = (tableId: string, items: OrderLine[], guests = 2) => placeOrder(t, items, { tableId, guests });

const post = (url: string, payload: Record<string, unknown>, as: 'staff' | 'manager' = 'staff') =>
  t.request({ method: 'POST', url, payload, as });

const tableOf = (id: string) => findTable(t, id);

async function shrimpLeft(): Promise<number> {
  const all: Ingredient[] = (await t.request({ method: 'GET', url: '/api/ingredient', as: 'staff' })).json().data;
  return all.find((one) => one._id === shrimp._id)!.quantity;
}

const latestAudit = async (kind: string): Promise<AuditEntry> =>
  (await t.request({ method: 'GET', url: `/api/audit?kind=${kind}&limit=1`, as: 'manager' })).json().data[0];

describe('splitAmount', () => {
  it('divides whole VND so that the parts add up exactly and equal shares differ by at most 1 ₫', () => {
    expect(splitAmount(100_001, [1, 1, 1])).toEqual([33_334, 33_334, 33_333]);
    expect(splitAmount(10, [1, 1, 1, 1, 1, 1, 1])).toEqual([2, 2, 2, 1, 1, 1, 1]);
    expect(splitAmount(1_000, [250, 750])).toEqual([250, 750]);
    expect(splitAmount(7, [1, 2])).toEqual([2, 5]);
    expect(splitAmount(0, [3, 4])).toEqual([0, 0]);
  });
});

describe('merging two tables', () => {
  it("brings table B's rounds, stock and guests to table A's bill and frees table B", async () => {
    const [a, b] = [await createTable(t), await createTable(t)];
    const first = await placeAt(a._id, [{ itemId: beer._id, quantity: 2 }], 2);
    const second = await placeAt(b._id, [{ itemId: lau._id, quantity: 1 }], 3);
    const before = await shrimpLeft();
    const response = await post(`/api/order/${first._id}/merge`, { fromOrderId: second._id });
    expect(response.statusCode, response.body).toBe(200);
    const merged: Order = response.json().data;
    expect(merged.items.map((line) => [line.name, line.roundNo])).toEqual([
      ['Bia Sài Gòn', 1],
      ['Lẩu thái', 2],
    ]);
    expect(merged.rounds.map((round) => round.no)).toEqual([1, 2]);
    expect(merged.customerDetails.guests).toBe(5);
    expect(merged.bills).toEqual(
      billOf({ subtotals: [{ vatRate: 8, amount: 44_000 + 250_000 }], discount: 0, serviceVatRate: 8 }),
    );
    expect(await tableOf(b._id)).toMatchObject({ status: 'available', currentOrder: null });
    expect((await tableOf(a._id)).currentOrder?._id).toBe(first._id);
    const closed: Order = (await t.request({ method: 'GET', url: `/api/order/${second._id}`, as: 'staff' })).json()
      .data;
    // It names the order it went into as a number, which each screen words in its language; its note is the guests'.
    expect(closed).toMatchObject({ status: 'cancelled', items: [], bills: { total: 0 } });
    expect(closed).toMatchObject({ mergedIntoOrderNo: first.orderNo, note: second.note });
    expect(merged.mergedIntoOrderNo).toBeNull();
    expect(await shrimpLeft()).toBe(before);

    // The stock the hot pot took now belongs to the merged order: cancelling it gives it back once.
    await t.request({ method: 'PUT', url: `/api/order/${first._id}`, payload: { status: 'cancelled' }, as: 'staff' });
    expect(await shrimpLeft()).toBeCloseTo(before + 0.3, 3);
    expect(await latestAudit('merge')).toMatchObject({
      order: { _id: first._id },
      details: { fromOrderNo: second.orderNo, couponCode: null },
    });
  });

  it('gives back the coupon of the order merged in, and the trail names it', async () => {
    await t.request({
      method: 'POST',
      url: '/api/coupons',
      payload: { code: 'GOPBAN10', discountType: 'fixed', discountValue: 10_000 },
      as: 'manager',
    });
    const [a, b] = [await createTable(t), await createTable(t)];
    const first = await placeAt(a._id, [{ itemId: beer._id, quantity: 1 }]);
    const placed = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: {
        customerDetails: { name: 'Khách', guests: 2 },
        tableId: b._id,
        couponCode: 'GOPBAN10',
        items: [{ itemId: lau._id, quantity: 1 }],
      },
      as: 'staff',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const second: Order = placed.json().data;
    const response = await post(`/api/order/${first._id}/merge`, { fromOrderId: second._id });
    expect(response.statusCode, response.body).toBe(200);
    const audit = await latestAudit('merge');
    expect(audit.details).toMatchObject({ fromOrderNo: second.orderNo, couponCode: 'GOPBAN10' });
    expect(audit.summary).toMatch(/, coupon GOPBAN10 given back$/);
  });

  it('refuses merging an order into itself or a closed one, naming the problem', async () => {
    const table = await createTable(t);
    const order = await placeAt(table._id, [{ itemId: beer._id, quantity: 1 }]);
    const self = await post(`/api/order/${order._id}/merge`, { fromOrderId: order._id });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('An order cannot be merged into itself');
    const other = await placeAt((await createTable(t))._id, [{ itemId: beer._id, quantity: 1 }]);
    await t.request({ method: 'PUT', url: `/api/order/${other._id}`, payload: { status: 'cancelled' }, as: 'staff' });
    const closed = await post(`/api/order/${order._id}/merge`, { fromOrderId: other._id });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(`Order ${other.orderNo} is cancelled; only open orders merge`);
  });
});

describe('moving dishes to another table', () => {
  it("moves one of two hot pots with its stock to the other table's order, as a round with its status", async () => {
    const [a, b] = [await createTable(t), await createTable(t)];
    const from = await placeAt(a._id, [
      { itemId: lau._id, quantity: 2 },
      { itemId: beer._id, quantity: 1 },
    ]);
    const to = await placeAt(b._id, [{ itemId: beer._id, quantity: 2 }]);
    await t.request({
      method: 'PATCH',
      url: `/api/order/${from._id}/rounds/1`,
      payload: { status: 'ready' },
      as: 'staff',
    });
    const before = await shrimpLeft();
    const response = await post(`/api/order/${from._id}/move-lines`, {
      lines: [{ position: 0, quantity: 1 }],
      toTableId: b._id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const left: Order = response.json().data;
    expect(left.items.map((line) => [line.name, line.quantity])).toEqual([
      ['Lẩu thái', 1],
      ['Bia Sài Gòn', 1],
    ]);
    expect(left.bills).toEqual(
      billOf({ subtotals: [{ vatRate: 8, amount: 250_000 + 22_000 }], discount: 0, serviceVatRate: 8 }),
    );
    const joined: Order = (await t.request({ method: 'GET', url: `/api/order/${to._id}`, as: 'staff' })).json().data;
    expect(joined.rounds.map((round) => [round.no, round.status])).toEqual([
      [1, 'in_progress'],
      [2, 'ready'],
    ]);
    expect(joined.items.at(-1)).toMatchObject({ name: 'Lẩu thái', quantity: 1, roundNo: 2 });
    expect(joined.bills).toEqual(
      billOf({ subtotals: [{ vatRate: 8, amount: 44_000 + 250_000 }], discount: 0, serviceVatRate: 8 }),
    );
    expect(await shrimpLeft()).toBe(before);

    // The stock went with the pot: voiding it at its new table gives the shrimp back there, once.
    const potLine = joined.items.at(-1)!.position;
    const voided = await post(
      `/api/order/${to._id}/voids`,
      { lines: [{ position: potLine, quantity: 1 }], reason: 'changed_mind' },
      'manager',
    );
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await shrimpLeft()).toBeCloseTo(before + 0.3, 3);
    const again = await post(
      `/api/order/${from._id}/voids`,
      { lines: [{ position: 0, quantity: 1 }], reason: 'changed_mind' },
      'manager',
    );
    expect(again.statusCode).toBe(200);
    expect(await shrimpLeft()).toBeCloseTo(before + 0.6, 3);
    expect((await latestAudit('move')).summary).toContain(`to table ${b.tableNo}`);
  });

  it('closes an order whose last dishes moved after a partial void, and audits a whole-order move', async () => {
    const [a, b, c] = [await createTable(t), await createTable(t), await createTable(t)];
    const from = await placeAt(a._id, [{ itemId: beer._id, quantity: 2 }]);
    await placeAt(b._id, [{ itemId: beer._id, quantity: 1 }]);
    await post(
      `/api/order/${from._id}/voids`,
      { lines: [{ position: 0, quantity: 1 }], reason: 'wrong_dish' },
      'manager',
    );
    const rest = await post(`/api/order/${from._id}/move-lines`, {
      lines: [{ position: 0, quantity: 1 }],
      toTableId: b._id,
    });
    expect(rest.json().data.status).toBe('cancelled');
    expect(await tableOf(a._id)).toMatchObject({ status: 'available', currentOrder: null });

    const party = await placeAt(a._id, [{ itemId: beer._id, quantity: 1 }]);
    await t.request({ method: 'PUT', url: `/api/table/${c._id}`, payload: { orderId: party._id }, as: 'staff' });
    const moved = await latestAudit('move');
    expect(moved.summary).toBe(`Moved order ${party.orderNo} from table ${a.tableNo} to table ${c.tableNo}`);
    expect(moved.details).toMatchObject({ wholeOrder: true, fromTableNo: a.tableNo, toTableNo: c.tableNo });
  });

  it('closes an order whose every dish moved, and refuses a table without an open order', async () => {
    const [a, b, empty] = [await createTable(t), await createTable(t), await createTable(t)];
    const from = await placeAt(a._id, [{ itemId: beer._id, quantity: 3 }]);
    await placeAt(b._id, [{ itemId: beer._id, quantity: 1 }]);
    const nowhere = await post(`/api/order/${from._id}/move-lines`, {
      lines: [{ position: 0, quantity: 1 }],
      toTableId: empty._id,
    });
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json().message).toBe(`Table ${empty.tableNo} has no open order; move the whole order to it instead`);
    const all = await post(`/api/order/${from._id}/move-lines`, {
      lines: [{ position: 0, quantity: 3 }],
      toTableId: b._id,
    });
    expect(all.json().data.status).toBe('cancelled');
    expect(await tableOf(a._id)).toMatchObject({ status: 'available' });
  });
});

describe('splitting the bill', () => {
  it('splits evenly between guests: parts within 1 ₫ of each other that add up exactly, paid one by one', async () => {
    const table = await createTable(t);
    const order = await placeAt(
      table._id,
      [
        { itemId: odd._id, quantity: 1 },
        { itemId: beer._id, quantity: 1 },
      ],
      3,
    );
    const response = await post(`/api/order/${order._id}/split`, { by: 'guests', guests: 3 });
    expect(response.statusCode, response.body).toBe(200);
    const split: Order = response.json().data;
    const totals = split.billParts.map((part) => part.total);
    expect(totals.reduce((sum, total) => sum + total, 0)).toBe(split.bills.total);
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(1);
    for (const key of ['subtotal', 'discount', 'tax'] as const) {
      expect(split.billParts.reduce((sum, part) => sum + part[key], 0)).toBe(split.bills[key]);
    }

    // A screen still showing the bill from before the split is told, and takes no payment.
    const stale = await post(`/api/order/${order._id}/parts/1/pay`, {
      paymentMethod: 'cash',
      expectedVersion: order.version,
    });
    expect(stale.statusCode).toBe(409);
    const early = await post(`/api/order/${order._id}/parts/1/pay`, {
      paymentMethod: 'cash',
      expectedVersion: split.version,
    });
    expect(early.statusCode, early.body).toBe(200);
    await post(`/api/order/${order._id}/parts/2/pay`, { paymentMethod: 'transfer' });
    const whole = await t.request({
      method: 'PUT',
      url: `/api/order/${order._id}`,
      payload: { status: 'ready' },
      as: 'staff',
    });
    expect(whole.json().data.status).toBe('ready');
    const completeWhole = await t.request({
      method: 'PUT',
      url: `/api/order/${order._id}`,
      payload: { status: 'completed', paymentMethod: 'cash' },
      as: 'staff',
    });
    expect(completeWhole.json().message).toBe(`Order ${order.orderNo}'s bill is split: take the payment of each part`);

    const revenueBefore = (await t.request({ method: 'GET', url: '/api/order/revenue', as: 'manager' })).json().data;
    const last = await post(`/api/order/${order._id}/parts/3/pay`, { paymentMethod: 'card' });
    expect(last.json().data).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(await tableOf(table._id)).toMatchObject({ status: 'available' });
    const revenueAfter = (await t.request({ method: 'GET', url: '/api/order/revenue', as: 'manager' })).json().data;
    const byMethod = (
      figures: { byPaymentMethod: { method: string; revenue: number; orders: number }[] },
      method: string,
    ) => figures.byPaymentMethod.find((row) => row.method === method)!;
    for (const [method, part] of [
      ['cash', 0],
      ['transfer', 1],
      ['card', 2],
    ] as const) {
      expect(byMethod(revenueAfter, method).revenue - byMethod(revenueBefore, method).revenue).toBe(totals[part]);
    }
    expect(revenueAfter.orderCount - revenueBefore.orderCount).toBe(1);
    expect(revenueAfter.totalRevenue - revenueBefore.totalRevenue).toBe(split.bills.total);
    expect((await latestAudit('split')).summary).toContain('evenly between 3 guests');
  });

  it('never gives an even part a negative tax, whatever the discount', async () => {
    await t.request({ method: 'PUT', url: '/api/settings', payload: { taxRate: 0 }, as: 'admin' });
    await t.request({
      method: 'POST',
      url: '/api/coupons',
      payload: { code: 'GIAM5001', discountType: 'fixed', discountValue: 5_001 },
      as: 'manager',
    });
    try {
      const response = await t.request({
        method: 'POST',
        url: '/api/order',
        payload: {
          customerDetails: { name: 'Khách', guests: 2 },
          couponCode: 'GIAM5001',
          items: [
            { itemId: beer._id, quantity: 2 },
            { itemId: odd._id, quantity: 1 },
          ],
        },
        as: 'staff',
      });
      const order: Order = response.json().data;
      const split: Order = (await post(`/api/order/${order._id}/split`, { by: 'guests', guests: 2 })).json().data;
      for (const part of split.billParts) {
        expect(part.tax).toBeGreaterThanOrEqual(0);
        expect(part.subtotal - part.discount + part.tax).toBe(part.total);
      }
      for (const key of ['subtotal', 'discount', 'tax', 'total'] as const) {
        expect(split.billParts.reduce((sum, part) => sum + part[key], 0)).toBe(split.bills[key]);
      }
    } finally {
      await t.request({ method: 'PUT', url: '/api/settings', payload: { taxRate: 8 }, as: 'admin' });
    }
  });

  it('splits by lines with the tax divided so that the parts add up exactly, and drops an unpaid split when the bill changes', async () => {
    const table = await createTable(t);
    const order = await placeAt(table._id, [
      { itemId: odd._id, quantity: 3 },
      { itemId: beer._id, quantity: 2 },
      { itemId: lau._id, quantity: 1 },
    ]);
    const response = await post(`/api/order/${order._id}/split`, {
      by: 'lines',
      parts: [
        [
          { position: 0, quantity: 1 },
          { position: 1, quantity: 2 },
        ],
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const split: Order = response.json().data;
    expect(split.billParts.map((part) => part.subtotal)).toEqual([33_333 + 44_000, 66_666 + 250_000]);
    expect(split.billParts.map((part) => part.lines)).toEqual([
      [
        { position: 0, quantity: 1 },
        { position: 1, quantity: 2 },
      ],
      [
        { position: 0, quantity: 2 },
        { position: 2, quantity: 1 },
      ],
    ]);
    expect(split.billParts.reduce((sum, part) => sum + part.tax, 0)).toBe(split.bills.tax);
    expect(split.billParts.reduce((sum, part) => sum + part.total, 0)).toBe(split.bills.total);

    const tooMuch = await post(`/api/order/${order._id}/split`, {
      by: 'lines',
      parts: [[{ position: 1, quantity: 5 }]],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('Only 2 × Bia Sài Gòn is left to put in a part');
    const everything = await post(`/api/order/${order._id}/split`, {
      by: 'lines',
      parts: [
        [
          { position: 0, quantity: 3 },
          { position: 1, quantity: 2 },
          { position: 2, quantity: 1 },
        ],
      ],
    });
    expect(everything.json()).toMatchObject({
      message: 'A split needs at least two parts: leave some dishes for another part',
      code: 'SPLIT_NEEDS_TWO_PARTS',
    });
    for (const guests of [0, 1, 100]) {
      expect((await post(`/api/order/${order._id}/split`, { by: 'guests', guests })).statusCode).toBe(400);
    }

    // Another round changes the bill: the unpaid split no longer describes it and is dropped.
    const more = await post(`/api/order/${order._id}/rounds`, { items: [{ itemId: beer._id, quantity: 1 }] });
    expect(more.json().data.billParts).toEqual([]);

    // Once a part is paid, the bill stays as it is.
    await post(`/api/order/${order._id}/split`, { by: 'guests', guests: 2 });
    await post(`/api/order/${order._id}/parts/1/pay`, { paymentMethod: 'cash' });
    const blocked = await post(`/api/order/${order._id}/rounds`, { items: [{ itemId: beer._id, quantity: 1 }] });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      `Part 1 of order ${order.orderNo}'s split bill is paid; its bill can no longer change`,
    );
  });
  const sums = (order: Order) => {
    for (const key of ['subtotal', 'discount', 'serviceCharge', 'tax', 'total'] as const) {
      expect(
        order.billParts.reduce((sum, part) => sum + part[key], 0),
        key,
      ).toBe(order.bills[key]);
    }
  };

  it('splits by dishes into three, and after one part is paid splits what is left evenly, as often as needed', async () => {
    const table = await createTable(t);
    const order = await placeAt(
      table._id,
      [
        { itemId: odd._id, quantity: 3 },
        { itemId: beer._id, quantity: 2 },
        { itemId: lau._id, quantity: 1 },
      ],
      4,
    );
    const three: Order = (
      await post(`/api/order/${order._id}/split`, {
        by: 'lines',
        parts: [[{ position: 0, quantity: 1 }], [{ position: 1, quantity: 2 }]],
      })
    ).json().data;
    expect(three.billParts.map((part) => part.subtotal)).toEqual([33_333, 44_000, 66_666 + 250_000]);
    sums(three);
    const paidOne = await post(`/api/order/${order._id}/parts/1/pay`, { paymentMethod: 'cash' });
    expect(paidOne.statusCode, paidOne.body).toBe(200);

    const again = await post(`/api/order/${order._id}/split`, { by: 'guests', guests: 2 });
    expect(again.statusCode, again.body).toBe(200);
    const evenly: Order = again.json().data;
    expect(evenly.billParts.map((part) => [part.no, part.due === 0])).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
    expect(evenly.billParts[0]).toEqual({
      ...three.billParts[0],
      paid: three.billParts[0]!.total,
      due: 0,
      paymentMethod: 'cash',
      paidAt: expect.any(String),
    });
    sums(evenly);
    const audit = await latestAudit('split');
    expect(audit.summary).toBe(
      `Split what is left of order ${order.orderNo}'s bill, ${formatVnd(evenly.bills.total - evenly.billParts[0]!.total)} of ${formatVnd(evenly.bills.total)} (part 1 kept) evenly between 2 guests: ${evenly.billParts
        .slice(1)
        .map((part) => formatVnd(part.total))
        .join(' + ')}`,
    );

    // Part 2 is paid in part: it stays, and part 3 alone is split again.
    await post(`/api/order/${order._id}/payments`, { method: 'cash', amount: 1_000, partNo: 2 });
    const third: Order = (await post(`/api/order/${order._id}/split`, { by: 'guests', guests: 3 })).json().data;
    expect(third.billParts.map((part) => part.no)).toEqual([1, 2, 3, 4, 5]);
    expect(third.billParts[1]).toMatchObject({ total: evenly.billParts[1]!.total, paid: 1_000 });
    sums(third);
    // By dishes is no longer possible: part 2 was an even share.
    const byDishes = await post(`/api/order/${order._id}/split`, {
      by: 'lines',
      parts: [[{ position: 2, quantity: 1 }]],
    });
    expect(byDishes.statusCode).toBe(409);
    expect(byDishes.json()).toMatchObject({ code: 'SPLIT_DISHES_SHARED', params: { partNo: 2 } });

    await t.request({ method: 'PUT', url: `/api/order/${order._id}`, payload: { status: 'ready' }, as: 'staff' });
    for (const no of [2, 3, 4]) await post(`/api/order/${order._id}/parts/${no}/pay`, { paymentMethod: 'card' });
    const last = await post(`/api/order/${order._id}/parts/5/pay`, { paymentMethod: 'transfer' });
    expect(last.json().data).toMatchObject({ status: 'completed', paid: order.bills.total, due: 0 });
    const done = await post(`/api/order/${order._id}/split`, { by: 'guests', guests: 2 });
    expect(done.json()).toMatchObject({ code: 'ORDER_CLOSED' });
  });

  it('on a bill paid in part before any split, makes that money part 1 and splits what is due evenly', async () => {
    const table = await createTable(t);
    const order = await placeAt(table._id, [
      { itemId: lau._id, quantity: 1 },
      { itemId: beer._id, quantity: 3 },
    ]);
    await post(`/api/order/${order._id}/payments`, { method: 'transfer', amount: 100_000 });
    const byDishes = await post(`/api/order/${order._id}/split`, {
      by: 'lines',
      parts: [[{ position: 0, quantity: 1 }]],
    });
    expect(byDishes.json()).toMatchObject({ code: 'SPLIT_DISHES_SHARED', params: { partNo: 1 } });
    const split: Order = (await post(`/api/order/${order._id}/split`, { by: 'guests', guests: 2 })).json().data;
    expect(split.billParts.map((part) => [part.no, part.total, part.due])).toEqual([
      [1, 100_000, 0],
      [2, Math.ceil((order.bills.total - 100_000) / 2), Math.ceil((order.bills.total - 100_000) / 2)],
      [3, Math.floor((order.bills.total - 100_000) / 2), Math.floor((order.bills.total - 100_000) / 2)],
    ]);
    expect(split.billParts[0]).toMatchObject({ paymentMethod: 'transfer' });
    expect(split.payments.map((one) => one.partNo)).toEqual([1]);
    sums(split);
  });

  it('with VAT in the prices, a part pays its share of the menu prices and shows the VAT it contains', async () => {
    await t.request({ method: 'PUT', url: '/api/settings', payload: { pricesIncludeTax: true }, as: 'admin' });
    try {
      const table = await createTable(t);
      const order = await placeAt(table._id, [
        { itemId: lau._id, quantity: 1 },
        { itemId: odd._id, quantity: 1 },
      ]);
      expect(order.bills).toMatchObject({ pricesIncludeTax: true, total: 283_333 });
      const split: Order = (
        await post(`/api/order/${order._id}/split`, { by: 'lines', parts: [[{ position: 0, quantity: 1 }]] })
      ).json().data;
      expect(split.billParts.map((part) => part.total)).toEqual([250_000, 33_333]);
      for (const part of split.billParts) expect(part.total).toBe(part.subtotal - part.discount + part.serviceCharge);
      sums(split);
    } finally {
      await t.request({ method: 'PUT', url: '/api/settings', payload: { pricesIncludeTax: false }, as: 'admin' });
    }
  });
});
