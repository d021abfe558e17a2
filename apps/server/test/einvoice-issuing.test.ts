import type { DomainEvent } from '@quan/contract/events';
import type { Order } from '@quan/contract/order';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { einvoices } from '../src/db/schema/einvoices';
import { startSInvoiceSimulator, type SInvoiceSimulator } from '../src/demo/sinvoice-simulator';
import { createEinvoiceWorker, type EinvoiceWorkerDeps } from '../src/modules/einvoices/einvoice-worker';
import { viettelFor } from '../src/modules/einvoices/provider-for-branch';
import { createDish, createTable, enableEinvoicing, TEST_EINVOICE_ACCOUNT } from './factories';
import { buildTestApp, type TestApp } from './helper';

// A completed order's e-invoice, issued by the queue against the loopback simulator of Viettel S-Invoice: the
// invoice says what the bill said, to the đồng, at each rate; a lost answer or a crash after sending never makes a
// second invoice; the provider's refusal is shown as it is; and taking the payment never waits for the provider.

const { sellerTaxCode: SELLER_TAX_CODE } = TEST_EINVOICE_ACCOUNT;

/** The simulator keeps the createInvoice JSON as it came; the fields this test reads. */
type SentInvoice = {
  itemInfo: {
    selection: number;
    itemName: string;
    quantity: number;
    taxPercentage: number;
    itemTotalAmountWithoutTax: number;
    taxAmount: number;
  }[];
  taxBreakdowns: { taxPercentage: number; taxableAmount: number; taxAmount: number }[];
  summarizeInfo: { totalAmountWithoutTax: number; totalTaxAmount: number; totalAmountWithTax: number };
  buyerInfo: { buyerName: string; buyerTaxCode?: string };
};

async function startSimulator() {
  return startSInvoiceSimulator(TEST_EINVOICE_ACCOUNT);
}

/** The restaurant: food at the default 8 %, beer at 10 %, a 5 % service charge at tables, a 10 % coupon. */
async function openRestaurant(t: TestApp, simulator: SInvoiceSimulator) {
  await t.signInAs('admin');
  await t.signInAs('manager');
  const settings = await t.request({
    method: 'PUT',
    url: '/api/settings',
    payload: { serviceCharge: { rate: 5, dineIn: true, takeaway: false, table: true } },
    as: 'admin',
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const category = await t.request({ method: 'POST', url: '/api/category', payload: { name: 'Món' }, as: 'manager' });
  const categoryId = category.json().data._id as string;
  const pho = await createDish(t, categoryId, { name: 'Phở bò', price: 65_000 });
  const nem = await createDish(t, categoryId, { name: 'Nem rán', price: 47_500 });
  const beer = await createDish(t, categoryId, { name: 'Bia Sài Gòn', price: 23_000, vatRate: 10 });
  const coupon = await t.request({
    method: 'POST',
    url: '/api/coupons',
    payload: { code: 'GIAM10', discountType: 'percent', discountValue: 10 },
    as: 'manager',
  });
  expect(coupon.statusCode, coupon.body).toBe(201);

  await enableEinvoicing(t, simulator);
  return { pho, nem, beer };
}

type Menu = Awaited<ReturnType<typeof openRestaurant>>;

/** A table's order of food and beer with the coupon, served, and paid in full by transfer. */
async function placeAndPay(t: TestApp, menu: Menu, buyer?: Record<string, unknown>) {
  const table = await createTable(t);
  const placed = await t.request({
    method: 'POST',
    url: '/api/order',
    payload: {
      customerDetails: { name: 'Khách', guests: 4 },
      tableId: table._id,
      couponCode: 'GIAM10',
      items: [
        { itemId: menu.pho._id, quantity: 3 },
        { itemId: menu.nem._id, quantity: 1 },
        { itemId: menu.beer._id, quantity: 7 },
      ],
    },
    as: 'staff',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().data as Order;
  const ready = await t.request({
    method: 'PUT',
    url: `/api/order/${order._id}`,
    payload: { status: 'ready' },
    as: 'staff',
  });
  expect(ready.statusCode, ready.body).toBe(200);
  const startedAt = performance.now();
  const paid = await t.request({
    method: 'POST',
    url: `/api/order/${order._id}/payments`,
    payload: { method: 'transfer', amount: order.bills.total, ...(buyer ? { invoiceBuyer: buyer } : {}) },
    as: 'staff',
  });
  const answeredInMs = performance.now() - startedAt;
  expect(paid.statusCode, paid.body).toBe(201);
  return { order: paid.json().data as Order, answeredInMs };
}

const getOrder = async (t: TestApp, id: string) =>
  (await t.request({ method: 'GET', url: `/api/order/${id}`, as: 'staff' })).json().data as Order;

async function waitForInvoice(t: TestApp, id: string, status: string, timeoutMs = 10_000): Promise<Order> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const order = await getOrder(t, id);
    if (order.invoice?.status === status) return order;
    if (Date.now() > deadline) throw new Error(`invoice of ${id}: ${JSON.stringify(order.invoice)}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const saleRow = async (t: TestApp, orderId: string) =>
  (await t.app.database.db.select().from(einvoices).where(eq(einvoices.orderId, orderId)))[0]!;

describe('issuing e-invoices with the app’s own worker', () => {
  let t: TestApp;
  let simulator: SInvoiceSimulator;
  let menu: Menu;
  const events: DomainEvent[] = [];

  beforeAll(async () => {
    simulator = await startSimulator();
    t = await buildTestApp();
    menu = await openRestaurant(t, simulator);
    t.app.events.on('einvoice.changed', (event) => void events.push(event));
    t.app.events.on('order.updated', (event) => void events.push(event));
  });
  afterAll(async () => {
    await t.close();
    await simulator.close();
  });

  it('issues one invoice whose lines, rates and totals are the bill’s, and tells the screens', async () => {
    const { order } = await placeAndPay(t, menu);
    expect(order.status).toBe('completed');
    const { bills } = order;
    expect(bills.discount).toBeGreaterThan(0);
    expect(bills.serviceCharge).toBeGreaterThan(0);
    expect(bills.taxes.map((part) => part.vatRate)).toEqual([8, 10]);

    const issued = await waitForInvoice(t, order._id, 'issued');
    const row = await saleRow(t, order._id);
    expect(simulator.invoices.size).toBe(1);
    const held = simulator.invoices.get(row.transactionId)!;
    expect(issued.invoice).toMatchObject({
      invoiceNumber: held.invoiceNo,
      lookupCode: held.reservationCode,
      lookupUrl: 'https://vinvoice.viettel.vn/utilities/invoice-search',
      error: null,
    });
    expect(held.invoiceNo).toMatch(/^1C25MAA\d+$/);

    const sent = held.payload as unknown as SentInvoice;
    expect(sent.taxBreakdowns).toEqual(
      bills.taxes.map((part) => ({
        taxPercentage: part.vatRate,
        taxableAmount: part.taxable,
        taxAmount: part.tax,
        taxableAmountPos: true,
        taxAmountPos: true,
      })),
    );
    expect(sent.summarizeInfo).toMatchObject({
      totalAmountWithoutTax: bills.total - bills.tax,
      totalTaxAmount: bills.tax,
      totalAmountWithTax: bills.total,
    });
    // The dishes at their rates, a discount line for each rate, the service charge at the default rate.
    const lines = sent.itemInfo.map((line) => [line.selection, line.itemName, line.quantity, line.taxPercentage]);
    expect(lines).toEqual([
      [1, 'Phở bò', 3, 8],
      [1, 'Nem rán', 1, 8],
      [3, 'Chiết khấu thương mại (mã GIAM10)', 1, 8],
      [1, 'Phí phục vụ 5%', 1, 8],
      [1, 'Bia Sài Gòn', 7, 10],
      [3, 'Chiết khấu thương mại (mã GIAM10)', 1, 10],
    ]);
    // Each line's amount and tax make what the guest paid for it (prices hold the VAT), and the lines add up.
    const signed = (line: SentInvoice['itemInfo'][number], amount: number) => (line.selection === 3 ? -amount : amount);
    const withTax = sent.itemInfo.reduce(
      (sum, line) => sum + signed(line, line.itemTotalAmountWithoutTax + line.taxAmount),
      0,
    );
    expect(withTax).toBe(bills.total);
    expect(sent.itemInfo[0]!.itemTotalAmountWithoutTax + sent.itemInfo[0]!.taxAmount).toBe(3 * 65_000);
    expect(sent.buyerInfo.buyerName).toBe('Khách lẻ');

    expect(events).toContainEqual({ type: 'einvoice.changed', branchId: row.branchId, orderId: order._id });
    const updates = events.filter((event) => event.type === 'order.updated' && event.order._id === order._id);
    expect(updates.at(-1)).toMatchObject({ order: { invoice: { status: 'issued', invoiceNumber: held.invoiceNo } } });
  });

  it('makes the invoice out to the company the guest named as they paid', async () => {
    const buyer = { kind: 'company', name: 'Công ty TNHH Hoa Sen', taxCode: SELLER_TAX_CODE, address: '1 Lê Lợi' };
    const { order } = await placeAndPay(t, menu, buyer);
    await waitForInvoice(t, order._id, 'issued');
    const row = await saleRow(t, order._id);
    const sent = simulator.invoices.get(row.transactionId)!.payload as unknown as SentInvoice;
    expect(sent.buyerInfo).toMatchObject({ buyerName: 'Công ty TNHH Hoa Sen', buyerTaxCode: SELLER_TAX_CODE });
  });

  it('shows the provider’s refusal as it is, and the order stays completed and paid', async () => {
    simulator.failNextCreate('Mã số thuế người mua không đúng định dạng', 'BUYER_TAX_CODE_INVALID');
    const { order } = await placeAndPay(t, menu);
    const failed = await waitForInvoice(t, order._id, 'failed');
    expect(failed).toMatchObject({ status: 'completed', paymentStatus: 'paid', due: 0 });
    expect(failed.invoice).toMatchObject({
      error: 'Mã số thuế người mua không đúng định dạng',
      invoiceNumber: null,
      lookupCode: null,
    });
    const row = await saleRow(t, order._id);
    expect(row).toMatchObject({ outcomeUnknown: false, leaseHolder: null, attempts: 1 });
    expect(simulator.invoices.has(row.transactionId)).toBe(false);
  });

  it('answers the payment while the provider hangs, and issues the invoice once it answers', async () => {
    simulator.pause();
    let paid: Awaited<ReturnType<typeof placeAndPay>>;
    try {
      paid = await placeAndPay(t, menu);
      // What the worker is up to: it has sent its sign-in or its create, and waits for the provider.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await getOrder(t, paid.order._id)).invoice?.status).toBe('waiting');
    } finally {
      simulator.resume();
    }
    expect(paid.order).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(paid.answeredInMs).toBeLessThan(1_500);
    await waitForInvoice(t, paid.order._id, 'issued');
  });

  it('writes each line’s amount before VAT and the VAT added to it when the menu’s prices leave it out', async () => {
    const changed = await t.request({
      method: 'PUT',
      url: '/api/settings',
      payload: { pricesIncludeTax: false },
      as: 'admin',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const { order } = await placeAndPay(t, menu);
    const { bills } = order;
    expect(bills.total).toBe(bills.subtotal - bills.discount + bills.serviceCharge + bills.tax);
    await waitForInvoice(t, order._id, 'issued');
    const sent = simulator.invoices.get((await saleRow(t, order._id)).transactionId)!.payload as unknown as SentInvoice;
    expect(sent.taxBreakdowns.map((part) => [part.taxPercentage, part.taxableAmount, part.taxAmount])).toEqual(
      bills.taxes.map((part) => [part.vatRate, part.taxable, part.tax]),
    );
    expect(sent.summarizeInfo.totalAmountWithTax).toBe(bills.total);
    // The menu's prices are the amounts before VAT: 3 × 65.000 ₫ of phở, 7 × 23.000 ₫ of beer.
    const amounts = sent.itemInfo.map((line) => [line.itemName, line.itemTotalAmountWithoutTax]);
    expect(amounts).toContainEqual(['Phở bò', 195_000]);
    expect(amounts).toContainEqual(['Bia Sài Gòn', 161_000]);
  });
});

describe('issuing e-invoices when answers are lost', () => {
  let t: TestApp;
  let simulator: SInvoiceSimulator;
  let menu: Menu;
  const workers: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    simulator = await startSimulator();
    t = await buildTestApp();
    menu = await openRestaurant(t, simulator);
    // These tries are run by workers the tests start, with a short timeout and a crash where a test wants one.
    await t.app.services.einvoices.stop();
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await t.close();
    await simulator.close();
  });

  function startWorker(extra: Partial<EinvoiceWorkerDeps> = {}) {
    const worker = createEinvoiceWorker({
      db: t.app.database.db,
      bus: t.app.events,
      settings: t.app.services.settings,
      log: t.app.log,
      providerFor: (row) => viettelFor(row, 400),
      ...extra,
    });
    workers.push(worker);
    worker.start();
    return worker;
  }

  it('looks the invoice up after a create whose answer came too late, and issues no second one', async () => {
    const worker = startWorker();
    // The provider makes the invoice but answers after the worker has given up waiting.
    simulator.delayNextAnswer(1_500);
    const { order } = await placeAndPay(t, menu);
    const deadline = Date.now() + 5_000;
    while ((await saleRow(t, order._id)).lastError === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const waiting = await saleRow(t, order._id);
    expect(waiting).toMatchObject({ status: 'waiting', outcomeUnknown: true });
    expect(waiting.lastError).toMatch(/did not answer/);
    expect(waiting.failingSince).not.toBeNull();
    expect((await getOrder(t, order._id)).invoice).toMatchObject({ status: 'waiting', error: waiting.lastError });

    const issued = await waitForInvoice(t, order._id, 'issued');
    expect(simulator.createsOf(waiting.transactionId)).toBe(1);
    expect(issued.invoice?.invoiceNumber).toBe(simulator.invoices.get(waiting.transactionId)!.invoiceNo);
    expect(await saleRow(t, order._id)).toMatchObject({ outcomeUnknown: false, lastError: null, failingSince: null });
    await worker.stop();
  });

  it('looks the invoice up after a crash between the provider’s answer and storing it', async () => {
    let answered: () => void = () => {};
    const crashed = new Promise<void>((resolve) => (answered = resolve));
    const crashing = startWorker({
      beforeStoring: async () => {
        answered();
        throw new Error('the instance stops here');
      },
    });
    const { order } = await placeAndPay(t, menu);
    await crashed;
    await crashing.stop();
    const row = await saleRow(t, order._id);
    // Sent and not stored: the provider holds it, the row says its outcome is unknown and is still held.
    expect(simulator.invoices.has(row.transactionId)).toBe(true);
    expect(row).toMatchObject({ status: 'waiting', outcomeUnknown: true, invoiceNumber: null });
    expect(row.leaseHolder).not.toBeNull();

    // The crashed instance's lease lapses; another worker takes the invoice over.
    await t.app.database.db
      .update(einvoices)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(einvoices.id, row.id));
    startWorker();
    const issued = await waitForInvoice(t, order._id, 'issued');
    expect(simulator.createsOf(row.transactionId)).toBe(1);
    expect(issued.invoice?.invoiceNumber).toBe(simulator.invoices.get(row.transactionId)!.invoiceNo);
  });
});
