import { createHmac } from 'node:crypto';
import type { AuditEntry } from '@quan/contract/audit';
import { percentOf } from '@quan/contract/bill';
import { parseTransferNote } from '@quan/contract/payments';
import type { Order } from '@quan/contract/order';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CACHE_MAX_AGE_MS } from '../src/events/cache';
import { billOf, createMenu, createTable, moveOrder, placeOrder, findTable, type OrderLine } from './factories';
import { buildTestApp, type TestApp } from './helper';

const WEBHOOK_SECRET = 'a-bank-notification-secret-of-32-chars-or-more';
let t: TestApp;
type Dish = { _id: string; name: string; price: number };
let hotpot: Dish;
let tea: Dish;

beforeAll(async () => {
  t = await buildTestApp({ BANK_WEBHOOK_SECRET: WEBHOOK_SECRET });
  await t.signInAs('admin');
  // No tax, so the amounts read as the guest hears them: 3 × 415.000 ₫ is a bill of 1.245.000 ₫.
  await t.request({ method: 'PUT', url: '/api/settings', payload: { taxRate: 0 }, as: 'admin' });
  [hotpot, tea] = (
    await createMenu(t, [
      { name: 'Lẩu hải sản', price: 415_000 },
      { name: 'Trà đá', price: 5_000 },
    ])
  ).items as [Dish, Dish];
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, as: 'staff' | 'manager' = 'staff') =>
  t.request({ method: 'POST', url, payload, as });

const place = (items: OrderLine[], tableId?: string) => placeOrder(t, items, { tableId });
const moveTo = (order: Order, status: string) => moveOrder(t, order, status);

const pay = (order: Order, body: Record<string, unknown>, as: 'staff' | 'manager' = 'staff') =>
  post(`/api/order/${order._id}/payments`, body, as);

/** A refusal or confirmation as a person reads it (money is formatted with a no-break space before ₫). */
const messageOf = (response: { json(): { message: string } }) => response.json().message.replace(/\u00a0/g, ' ');

const tableOf = (id: string) => findTable(t, id);

describe('payments', () => {
  it('takes a bill in cash and by transfer, and completes the order with the payment that settles it', async () => {
    const table = await createTable(t);
    const order = await moveTo(await place([{ itemId: hotpot._id, quantity: 3 }], table._id), 'ready');
    expect(order.bills.total).toBe(1_245_000);
    expect(order).toMatchObject({ paid: 0, due: 1_245_000, payments: [] });

    const cash = await pay(order, { method: 'cash', amount: 500_000, tendered: 500_000 });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(messageOf(cash)).toBe('Payment of 500.000 ₫ taken; 745.000 ₫ left to pay');
    const partly: Order = cash.json().data;
    expect(partly).toMatchObject({ status: 'ready', paid: 500_000, due: 745_000, paymentStatus: 'unpaid' });

    // More than is due is refused, whatever the method, and nothing is recorded.
    const over = await pay(order, { method: 'transfer', amount: 800_000 });
    expect(over.statusCode).toBe(409);
    expect(messageOf(over)).toBe(`Order ${order.orderNo} has 745.000 ₫ left to pay, not 800.000 ₫`);

    const transfer = await pay(order, { method: 'transfer', amount: 745_000 });
    expect(transfer.statusCode, transfer.body).toBe(201);
    const paid: Order = transfer.json().data;
    expect(paid).toMatchObject({ status: 'completed', paid: 1_245_000, due: 0, paymentStatus: 'paid' });
    // The order's method is the one that paid most of it.
    expect(paid.paymentMethod).toBe('transfer');
    expect(paid.payments.map((one) => [one.method, one.amount])).toEqual([
      ['cash', 500_000],
      ['transfer', 745_000],
    ]);
    expect(paid.payments[0]!.takenBy?.name).toBe('Test staff');
    expect(await tableOf(table._id)).toMatchObject({ status: 'available' });

    const again = await pay(order, { method: 'cash', amount: 1_000 });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(`Order ${order.orderNo} is completed; it takes no payment`);
  });

  it('works out the change of cash handed over, with a tip kept apart', async () => {
    const order = await moveTo(await place([{ itemId: hotpot._id, quantity: 3 }]), 'ready');
    const response = await pay(order, { method: 'cash', amount: 1_245_000, tendered: 2_000_000 });
    expect(messageOf(response)).toBe(`Payment of 1.245.000 ₫ taken; order ${order.orderNo} is paid; change 755.000 ₫`);
    const [payment] = (response.json().data as Order).payments;
    expect(payment).toMatchObject({ amount: 1_245_000, tendered: 2_000_000, change: 755_000, tip: 0 });

    const tipped = await moveTo(await place([{ itemId: tea._id, quantity: 2 }]), 'ready');
    const withTip = await pay(tipped, { method: 'card', amount: 10_000, tip: 5_000 });
    expect((withTip.json().data as Order).payments[0]).toMatchObject({ amount: 10_000, tip: 5_000, change: 0 });
  });

  it('refuses amounts that are not whole, positive VND, and change for anything but cash', async () => {
    const order = await place([{ itemId: tea._id, quantity: 1 }]);
    for (const [body, path] of [
      [{ method: 'cash', amount: 0 }, 'amount'],
      [{ method: 'cash', amount: -5_000 }, 'amount'],
      [{ method: 'cash', amount: 2_500.5 }, 'amount'],
      [{ method: 'card', amount: 5_000, tendered: 10_000 }, 'tendered'],
      [{ method: 'cash', amount: 5_000, tendered: 4_000 }, 'tendered'],
      [{ method: 'cheque', amount: 5_000 }, 'method'],
    ] as const) {
      const response = await pay(order, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect(
      (await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' })).json().data.payments,
    ).toEqual([]);
  });

  it('takes a payment before the kitchen is done, and completes only when staff complete the order', async () => {
    const order = await place([{ itemId: tea._id, quantity: 1 }]);
    const prepaid: Order = (await pay(order, { method: 'ewallet', amount: 5_000 })).json().data;
    expect(prepaid).toMatchObject({ status: 'in_progress', due: 0, paymentStatus: 'paid' });
    await moveTo(order, 'ready');
    const completed = await moveTo(order, 'completed');
    expect(completed).toMatchObject({ status: 'completed', paymentMethod: 'ewallet', paid: 5_000 });
  });

  it('does not charge a round added after an advance payment to that payment’s method on Complete', async () => {
    const order = await place([{ itemId: tea._id, quantity: 2 }]);
    await pay(order, { method: 'card', amount: 10_000 });
    const round = await post(`/api/order/${order._id}/rounds`, { items: [{ itemId: tea._id, quantity: 1 }] });
    expect(round.statusCode, round.body).toBe(201);
    await moveTo(order, 'ready');
    const completing = await t.request({
      method: 'PUT',
      url: `/api/order/${order._id}`,
      payload: { status: 'completed' },
      as: 'staff',
    });
    expect(completing.statusCode).toBe(400);
    expect(messageOf(completing)).toBe(`Order ${order.orderNo} still has 5.000 ₫ to pay`);
    const [after]: Order[] = (await t.request({ method: 'GET', url: `/api/order?limit=1`, as: 'staff' })).json().data;
    expect(after).toMatchObject({ status: 'ready', paid: 10_000, due: 5_000 });
    expect(after!.payments.map((payment) => [payment.method, payment.amount])).toEqual([['card', 10_000]]);
  });

  it('owes nothing once completed, even after a refund', async () => {
    const order = await place([{ itemId: tea._id, quantity: 1 }]);
    await moveTo(order, 'ready');
    const completed: Order = (await pay(order, { method: 'cash', amount: 5_000 })).json().data;
    const refund = await post(
      `/api/order/${order._id}/payments/${completed.payments[0]!._id}/refunds`,
      { amount: 2_000, reason: 'Trà nguội' },
      'manager',
    );
    expect(refund.json().data).toMatchObject({ status: 'completed', paid: 3_000, due: 0 });
  });

  it('completes in one step with a method (what is due is paid in it), and not without one', async () => {
    const order = await moveTo(await place([{ itemId: tea._id, quantity: 3 }]), 'ready');
    await pay(order, { method: 'cash', amount: 5_000 });
    const without = await t.request({
      method: 'PUT',
      url: `/api/order/${order._id}`,
      payload: { status: 'completed' },
      as: 'staff',
    });
    expect(without.statusCode).toBe(400);
    expect(messageOf(without)).toBe(`Order ${order.orderNo} still has 10.000 ₫ to pay`);
    const withMethod = await t.request({
      method: 'PUT',
      url: `/api/order/${order._id}`,
      payload: { status: 'completed', paymentMethod: 'card' },
      as: 'staff',
    });
    expect(withMethod.json().data).toMatchObject({ status: 'completed', paid: 15_000, paymentMethod: 'card' });
    expect(withMethod.json().data.payments.map((one: { amount: number }) => one.amount)).toEqual([5_000, 10_000]);
  });

  it('keeps money already taken: no cancel, no void below it, no merge, until a manager refunds it', async () => {
    const table = await createTable(t);
    const order = await place(
      [
        { itemId: hotpot._id, quantity: 1 },
        { itemId: tea._id, quantity: 2 },
      ],
      table._id,
    );
    await pay(order, { method: 'cash', amount: 420_000 });
    const cancel = await t.request({
      method: 'PUT',
      url: `/api/order/${order._id}`,
      payload: { status: 'cancelled' },
      as: 'manager',
    });
    expect(cancel.statusCode).toBe(409);
    expect(messageOf(cancel)).toBe(`Order ${order.orderNo} has 420.000 ₫ paid; refund it before cancelling the order`);
    const voided = await post(
      `/api/order/${order._id}/voids`,
      { lines: [{ position: 0, quantity: 1 }], reason: 'changed_mind' },
      'manager',
    );
    expect(voided.statusCode).toBe(409);
    expect(messageOf(voided)).toContain('has 420.000 ₫ paid; its bill cannot go below that');
    // A split keeps it too: what was paid is a part of its own, paid, and only what is due is divided.
    const split = await post(`/api/order/${order._id}/split`, { by: 'guests', guests: 2 });
    expect(split.statusCode, split.body).toBe(200);
    expect((split.json().data as Order).billParts.map((part) => [part.total, part.paid])).toEqual([
      [420_000, 420_000],
      [2_500, 0],
      [2_500, 0],
    ]);
    const after: Order = (await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' })).json().data;
    expect(after).toMatchObject({ status: 'in_progress', paid: 420_000, due: 5_000 });
  });

  it('lets a manager refund part of a payment with a reason, audited; a completed order earns less', async () => {
    const order = await moveTo(await place([{ itemId: hotpot._id, quantity: 1 }]), 'ready');
    const paid: Order = (await pay(order, { method: 'cash', amount: 415_000 })).json().data;
    const payment = paid.payments[0]!;
    const refundUrl = `/api/order/${order._id}/payments/${payment._id}/refunds`;
    const revenueOf = async () =>
      (await t.request({ method: 'GET', url: '/api/order/revenue', as: 'manager' })).json().data.totalRevenue as number;
    const before = await revenueOf();

    const byStaff = await post(refundUrl, { amount: 15_000, reason: 'Canh nguội' }, 'staff');
    expect(byStaff.statusCode).toBe(403);
    const noReason = await post(refundUrl, { amount: 15_000, reason: '' }, 'manager');
    expect(noReason.statusCode).toBe(400);
    const tooMuch = await post(refundUrl, { amount: 415_001, reason: 'Canh nguội' }, 'manager');
    expect(tooMuch.statusCode).toBe(400);
    expect(messageOf(tooMuch)).toBe('At most 415.000 ₫ of this payment can be refunded');

    const refunded = await post(refundUrl, { amount: 15_000, reason: 'Canh nguội' }, 'manager');
    expect(refunded.statusCode, refunded.body).toBe(201);
    const after: Order = refunded.json().data;
    expect(after).toMatchObject({ status: 'completed', paid: 400_000 });
    expect(after.payments[0]).toMatchObject({ refunded: 15_000, refunds: [{ amount: 15_000, reason: 'Canh nguội' }] });
    expect(await revenueOf()).toBe(before - 15_000);

    const [audit]: AuditEntry[] = (
      await t.request({ method: 'GET', url: '/api/audit?kind=refund&limit=1', as: 'manager' })
    ).json().data;
    expect(audit).toMatchObject({ kind: 'refund', order: { orderNo: order.orderNo }, actor: { name: 'Test manager' } });
    expect(audit!.summary.replace(/\u00a0/g, ' ')).toBe(
      `Refunded 15.000 ₫ of a 415.000 ₫ cash payment on order ${order.orderNo}: Canh nguội`,
    );
    const rest = await post(refundUrl, { amount: 400_001, reason: 'Canh nguội' }, 'manager');
    expect(messageOf(rest)).toBe('At most 400.000 ₫ of this payment can be refunded');
  });

  it('makes a refunded amount due again on an open order', async () => {
    const order = await place([{ itemId: tea._id, quantity: 2 }]);
    const paid: Order = (await pay(order, { method: 'card', amount: 10_000 })).json().data;
    expect(paid.paymentStatus).toBe('paid');
    const refunded: Order = (
      await post(
        `/api/order/${order._id}/payments/${paid.payments[0]!._id}/refunds`,
        { amount: 10_000, reason: 'Wrong card' },
        'manager',
      )
    ).json().data;
    expect(refunded).toMatchObject({ paid: 0, due: 10_000, paymentStatus: 'unpaid', paymentMethod: null });
  });

  it('pays the parts of a split bill one by one, each in one or more payments', async () => {
    const order = await moveTo(await place([{ itemId: hotpot._id, quantity: 2 }]), 'ready');
    const split: Order = (await post(`/api/order/${order._id}/split`, { by: 'guests', guests: 2 })).json().data;
    expect(split.billParts.map((part) => part.due)).toEqual([415_000, 415_000]);
    const noPart = await pay(order, { method: 'cash', amount: 1_000 });
    expect(noPart.statusCode).toBe(400);
    expect(messageOf(noPart)).toBe(`Order ${order.orderNo}'s bill is split: say which part this pays`);
    await pay(order, { method: 'cash', amount: 200_000, partNo: 1 });
    const first: Order = (await pay(order, { method: 'transfer', amount: 215_000, partNo: 1 })).json().data;
    expect(first.billParts[0]).toMatchObject({ paid: 415_000, due: 0, paymentMethod: 'transfer' });
    expect(first.billParts[0]!.paidAt).not.toBeNull();
    const overPart = await pay(order, { method: 'cash', amount: 415_001, partNo: 2 });
    expect(messageOf(overPart)).toBe(`Part 2 of order ${order.orderNo} has 415.000 ₫ left to pay, not 415.001 ₫`);
    const last = await post(`/api/order/${order._id}/parts/2/pay`, { paymentMethod: 'card' });
    expect(last.json().data).toMatchObject({ status: 'completed', paid: 830_000, due: 0 });
  });

  it('never overpays a bill, whatever number of payments arrive at once', async () => {
    const order = await place([{ itemId: tea._id, quantity: 20 }]);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => pay(order, { method: 'cash', amount: 10_000 })),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(10);
    const after: Order = (await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' })).json().data;
    expect(after).toMatchObject({ paid: 100_000, due: 0 });
    expect(after.payments).toHaveLength(10);
  });
});

describe('service charge', () => {
  it('adds the service charge of the order kind before tax, as its own bill line, and splits it exactly', async () => {
    const settings = await t.request({
      method: 'PUT',
      url: '/api/settings',
      payload: {
        taxRate: 8,
        pricesIncludeTax: false,
        serviceCharge: { rate: 5, dineIn: true, takeaway: false, table: true },
      },
      as: 'admin',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    try {
      const table = await createTable(t);
      const dineIn = await place([{ itemId: hotpot._id, quantity: 1 }], table._id);
      const atEight = (amount: number) => [{ vatRate: 8 as const, amount }];
      expect(dineIn.bills).toEqual(
        billOf({ subtotals: atEight(415_000), discount: 0, serviceRate: 5, serviceVatRate: 8 }),
      );
      expect(dineIn.bills).toMatchObject({ serviceRate: 5, serviceCharge: 20_750, tax: 34_860, total: 470_610 });
      const takeaway = await place([{ itemId: hotpot._id, quantity: 1 }]);
      expect(takeaway.bills).toMatchObject({ serviceRate: 0, serviceCharge: 0, total: 448_200 });

      // A second round keeps the rate the order was placed with.
      const round = await post(`/api/order/${dineIn._id}/rounds`, { items: [{ itemId: tea._id, quantity: 3 }] });
      expect((round.json().data as Order).bills).toEqual(
        billOf({ subtotals: atEight(430_000), discount: 0, serviceRate: 5, serviceVatRate: 8 }),
      );

      const split: Order = (await post(`/api/order/${dineIn._id}/split`, { by: 'guests', guests: 3 })).json().data;
      for (const key of ['subtotal', 'serviceCharge', 'tax', 'total'] as const) {
        expect(split.billParts.reduce((sum, part) => sum + part[key], 0)).toBe(split.bills[key]);
      }
      const bad = await t.request({
        method: 'PUT',
        url: '/api/settings',
        payload: { serviceCharge: { rate: 5.555, dineIn: true, takeaway: false, table: true } },
        as: 'admin',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ path: 'serviceCharge.rate' });
      const byManager = await t.request({
        method: 'PUT',
        url: '/api/settings',
        payload: { serviceCharge: { rate: 10, dineIn: true, takeaway: true, table: true } },
        as: 'manager',
      });
      expect(byManager.statusCode).toBe(403);
    } finally {
      await t.request({
        method: 'PUT',
        url: '/api/settings',
        payload: {
          taxRate: 0,
          pricesIncludeTax: true,
          serviceCharge: { rate: 0, dineIn: true, takeaway: false, table: true },
        },
        as: 'admin',
      });
    }
  });
});

describe('percent rates', () => {
  it('round a service-charge rate with two decimals half up, to the đồng; VAT takes only the legal rates', async () => {
    // 0.7 % of 5.500 ₫ is 38,5 ₫: 39 ₫, where floating point (38.49999…) would round down.
    expect(Math.round((5_500 * 0.7) / 100)).toBe(38);
    expect(percentOf(5_500, 0.7)).toBe(39);
    // 8 % of 5.539 ₫ is 443,12 ₫: 443 ₫.
    expect(
      billOf({ subtotals: [{ vatRate: 8, amount: 5_500 }], discount: 0, serviceRate: 0.7, serviceVatRate: 8 }),
    ).toMatchObject({
      serviceCharge: 39,
      tax: 443,
      total: 5_982,
    });
    for (const taxRate of ['KCT', 0, 5, 8, 10]) {
      const saved = await t.request({ method: 'PUT', url: '/api/settings', payload: { taxRate }, as: 'admin' });
      expect(saved.statusCode, `${taxRate}: ${saved.body}`).toBe(200);
      expect(saved.json().data.taxRate).toBe(taxRate);
    }
    for (const taxRate of [8.2, 7, '8']) {
      const refused = await t.request({ method: 'PUT', url: '/api/settings', payload: { taxRate }, as: 'admin' });
      expect(refused.statusCode, `${taxRate}: ${refused.body}`).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ path: 'taxRate' });
    }
    await t.request({ method: 'PUT', url: '/api/settings', payload: { taxRate: 0 }, as: 'admin' });
  });
});

describe('bank notifications', () => {
  const sign = (raw: string, secret = WEBHOOK_SECRET) =>
    `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  const notify = (body: Record<string, unknown>, signature?: string) => {
    const raw = JSON.stringify({ transactedAt: new Date().toISOString(), ...body });
    return t.request({
      method: 'POST',
      url: '/api/payments/bank-notifications',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-signature': signature ?? sign(raw) },
    });
  };
  const refusal = (response: { statusCode: number; json(): { data: { outcome: string; reason?: string } } }) => {
    expect(response.statusCode).toBe(200);
    expect(response.json().data.outcome).toBe('refused');
    return response.json().data.reason!.replace(/\u00a0/g, ' ');
  };
  const orderNow = async (order: Order): Promise<Order> =>
    (await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' })).json().data;

  it('pays the order named in the transfer note when the amount is what is due, once', async () => {
    const order = await moveTo(await place([{ itemId: hotpot._id, quantity: 1 }]), 'ready');
    const transfer = {
      transactionId: 'FT26328000123',
      amount: 415_000,
      description: `CK QUAN${order.orderNo} cam on`,
      transactedAt: new Date().toISOString(),
    };

    const forged = await notify(transfer, sign(JSON.stringify(transfer), 'not-the-secret-not-the-secret-00000'));
    expect(forged.statusCode).toBe(401);
    const unsigned = await notify(transfer, '');
    expect(unsigned.statusCode).toBe(401);

    // Refusals answer 200 with the reason, so that the sender stops retrying; they pay nothing.
    const wrongAmount = await notify({ ...transfer, transactionId: 'FT26328000100', amount: 400_000 });
    expect(refusal(wrongAmount)).toBe(`Order ${order.orderNo} has 415.000 ₫ due, the transfer was 400.000 ₫`);
    const unknown = await notify({ ...transfer, transactionId: 'FT26328000101', description: 'QUAN 99999' });
    expect(refusal(unknown)).toBe('There is no order 99999');
    expect((await orderNow(order)).payments).toEqual([]);

    const paid = await notify(transfer);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ outcome: 'paid', orderNo: order.orderNo });
    const replay = await notify(transfer);
    expect(replay.json().data).toMatchObject({ outcome: 'duplicate', paymentId: paid.json().data.paymentId });

    const after = await orderNow(order);
    expect(after).toMatchObject({ status: 'completed', paid: 415_000, paymentMethod: 'transfer' });
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ takenBy: null, bankTransactionId: 'FT26328000123' });
  });

  it('answers a refused notification sent again with the same refusal, even once the bill would match', async () => {
    const order = await moveTo(await place([{ itemId: hotpot._id, quantity: 1 }]), 'ready');
    const half = { transactionId: 'FT26328000200', amount: 207_500, description: `QUAN ${order.orderNo}` };
    const refused = await notify(half);
    expect(refusal(refused)).toBe(`Order ${order.orderNo} has 415.000 ₫ due, the transfer was 207.500 ₫`);
    expect(refused.json().data.code).toBe('TRANSFER_OTHER_AMOUNT');

    // The other half is taken by hand: the same signed bytes now match what is due, and still pay nothing.
    const cash = await pay(order, { method: 'cash', amount: 207_500, tendered: 210_000 });
    expect(cash.statusCode, cash.body).toBe(201);
    const raw = JSON.stringify({ ...half, transactedAt: new Date().toISOString() });
    const replayed = await notify(JSON.parse(raw) as Record<string, unknown>);
    expect(refusal(replayed)).toBe(`Order ${order.orderNo} has 415.000 ₫ due, the transfer was 207.500 ₫`);
    expect(await orderNow(order)).toMatchObject({ status: 'ready', paid: 207_500, due: 207_500 });
  });

  it('refuses a notification dated a day ago or in the future, and a body that is not JSON', async () => {
    const order = await moveTo(await place([{ itemId: tea._id, quantity: 1 }]), 'ready');
    const transfer = { amount: 5_000, description: `QUAN ${order.orderNo}` };
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const stale = await notify({ ...transfer, transactionId: 'FT26328000300', transactedAt: monthAgo });
    expect(refusal(stale)).toBe('The transfer is dated more than 24 hours ago');
    const ahead = new Date(Date.now() + 3_600_000).toISOString();
    const future = await notify({ ...transfer, transactionId: 'FT26328000301', transactedAt: ahead });
    expect(refusal(future)).toBe('The transfer is dated in the future');
    const undated = JSON.stringify({ ...transfer, transactionId: 'FT26328000302' });
    const noDate = await t.request({
      method: 'POST',
      url: '/api/payments/bank-notifications',
      payload: undated,
      headers: { 'content-type': 'application/json', 'x-signature': sign(undated) },
    });
    expect(noDate.statusCode).toBe(400);

    // Signed as the HMAC of nothing, a text/plain body must not get past the signature.
    const plain = await t.request({
      method: 'POST',
      url: '/api/payments/bank-notifications',
      payload: JSON.stringify({ ...transfer, transactionId: 'FT26328000303', transactedAt: new Date().toISOString() }),
      headers: { 'content-type': 'text/plain', 'x-signature': sign('') },
    });
    expect(plain.statusCode).toBe(401);
    expect((await orderNow(order)).payments).toEqual([]);
  });

  it('answers when the settings have to be read again, on the embedded database too', async () => {
    // PGlite has one connection: reading the settings inside the notification's transaction would wait for it.
    const order = await moveTo(await place([{ itemId: tea._id, quantity: 1 }]), 'ready');
    const later = Date.now() + CACHE_MAX_AGE_MS + 1_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const transfer = {
        transactionId: 'FT26328000500',
        amount: 5_000,
        description: `QUAN ${order.orderNo}`,
        transactedAt: new Date(later).toISOString(),
      };
      const paid = await notify(transfer);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().data).toMatchObject({ outcome: 'paid', orderNo: order.orderNo });
    } finally {
      clock.mockRestore();
    }
  });

  it('lets a manager pay a refused transfer onto the order it was for, once and audited', async () => {
    const order = await moveTo(await place([{ itemId: hotpot._id, quantity: 1 }]), 'ready');
    const mistyped = { transactionId: 'FT26328000400', amount: 415_000, description: 'QUAN 9999999 chuyen khoan' };
    refusal(await notify(mistyped));

    const forStaff = await t.request({ method: 'GET', url: '/api/payments/bank-transfers', as: 'staff' });
    expect(forStaff.statusCode).toBe(403);
    const listed = await t.request({ method: 'GET', url: '/api/payments/bank-transfers', as: 'manager' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.transfers).toContainEqual(
      expect.objectContaining({
        transactionId: 'FT26328000400',
        outcome: 'refused',
        reason: 'There is no order 9999999',
      }),
    );

    const apply = (body: Record<string, unknown>) =>
      post('/api/payments/bank-transfers/FT26328000400/apply', body, 'manager');
    expect((await apply({ orderNo: order.orderNo })).statusCode).toBe(400);
    const applied = await apply({ orderNo: order.orderNo, reason: 'Khách ghi nhầm số hoá đơn' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ outcome: 'applied', orderNo: order.orderNo });
    expect(await orderNow(order)).toMatchObject({ status: 'completed', paid: 415_000 });
    const again = await apply({ orderNo: order.orderNo, reason: 'Khách ghi nhầm số hoá đơn' });
    expect(again.statusCode).toBe(409);
    // The bank retrying it now hears that it paid the order.
    expect((await notify(mistyped)).json().data).toMatchObject({ outcome: 'duplicate', orderNo: order.orderNo });

    const listedAfter = await t.request({ method: 'GET', url: '/api/payments/bank-transfers', as: 'manager' });
    expect(listedAfter.json().data.transfers.map((one: { transactionId: string }) => one.transactionId)).not.toContain(
      'FT26328000400',
    );
    const audit: AuditEntry[] = (
      await t.request({ method: 'GET', url: '/api/audit?kind=bank-transfer', as: 'manager' })
    ).json().data;
    expect(audit[0]).toMatchObject({
      kind: 'bank-transfer',
      order: { orderNo: order.orderNo },
      details: { transactionId: 'FT26328000400', amount: 415_000, reason: 'Khách ghi nhầm số hoá đơn' },
    });
  });

  it('reads the note however the bank spaced it, and leaves doubtful transfers to staff', () => {
    expect(parseTransferNote('CK QUAN1042P2CAM ON')).toEqual({ orderNo: 1042, partNo: 2 });
    expect(parseTransferNote('MBVCB.123.QUAN 1042.CT tu NGUYEN VAN A')).toEqual({ orderNo: 1042, partNo: null });
    // A phone number after "QUAN" in an address is no order, and two orders named is one too many.
    expect(parseTransferNote('QUAN 0912345678 chuyen tien QUAN 1042')).toEqual({ orderNo: 1042, partNo: null });
    expect(parseTransferNote('QUAN 1 HCM, QUAN 1042')).toBeNull();
    expect(parseTransferNote('HOAQUAN 1042')).toBeNull();
  });

  it('refuses a transfer into another account, and answers a notification sent twice at once as a duplicate', async () => {
    await t.request({
      method: 'PUT',
      url: '/api/settings',
      payload: { bank: { bin: '970415', accountNumber: '0011001932418', accountName: 'QUAN NGON' } },
      as: 'admin',
    });
    try {
      const order = await moveTo(await place([{ itemId: tea._id, quantity: 1 }]), 'ready');
      const transfer = {
        transactionId: 'FT26328000555',
        amount: 5_000,
        description: `QUAN ${order.orderNo}`,
        transactedAt: new Date().toISOString(),
      };
      const elsewhere = await notify({ ...transfer, transactionId: 'FT26328000554', accountNumber: '1234567890' });
      expect(refusal(elsewhere)).toBe("The transfer went to account 1234567890, not the restaurant's");

      const both = await Promise.all([notify({ ...transfer, accountNumber: '0011001932418' }), notify(transfer)]);
      expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
      expect(both.map((response) => response.json().data.outcome).sort()).toEqual(['duplicate', 'paid']);
      const after: Order = (await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' })).json()
        .data;
      expect(after.payments).toHaveLength(1);
    } finally {
      await t.request({ method: 'PUT', url: '/api/settings', payload: { bank: null }, as: 'admin' });
    }
  });

  it('is off without a secret', async () => {
    const off = await buildTestApp();
    try {
      const response = await off.request({
        method: 'POST',
        url: '/api/payments/bank-notifications',
        payload: { transactionId: 'x', amount: 1, description: 'QUAN 1001' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
