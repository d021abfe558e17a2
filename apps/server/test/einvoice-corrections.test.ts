import { taxContained } from '@quan/contract/bill';
import type { Order } from '@quan/contract/order';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { einvoices } from '../src/db/schema/einvoices';
import { startSInvoiceSimulator, type SInvoiceSimulator } from '../src/demo/sinvoice-simulator';
import { createEinvoiceWorker } from '../src/modules/einvoices/einvoice-worker';
import { viettelFor } from '../src/modules/einvoices/provider-for-branch';
import { createDish, createTable, enableEinvoicing, TEST_EINVOICE_ACCOUNT } from './factories';
import { buildTestApp, type TestApp } from './helper';

// Money given back on a completed order corrects its e-invoice at the provider (the loopback simulator of Viettel
// S-Invoice): all of it cancels the sale invoice, part of it issues an adjustment that reduces it by exactly what
// was refunded, rate by rate; a sale never sent is cancelled without a call; a lost answer never makes a second
// adjustment; the provider's refusal of a cancellation is shown, and a person's retry cancels it.

type Dish = { _id: string; name: string; price: number };
type SentAdjustment = {
  generalInvoiceInfo: Record<string, unknown>;
  itemInfo: { isIncreaseItem?: boolean; taxPercentage: number; itemTotalAmountWithoutTax: number; taxAmount: number }[];
  taxBreakdowns: { taxPercentage: number; taxableAmount: number; taxAmount: number; taxableAmountPos: boolean }[];
  summarizeInfo: { totalAmountWithTax: number };
};

describe('correcting e-invoices when money is refunded', () => {
  let t: TestApp;
  let simulator: SInvoiceSimulator;
  let food: Dish;
  let beer: Dish;
  let worker: { start(): void; stop(): Promise<void> } | null = null;

  /** The queue's worker, with a short timeout so that a held answer counts as lost. */
  function startWorker() {
    worker = createEinvoiceWorker({
      db: t.app.database.db,
      bus: t.app.events,
      settings: t.app.services.settings,
      log: t.app.log,
      providerFor: (row) => viettelFor(row, 400),
    });
    worker.start();
  }

  beforeAll(async () => {
    simulator = await startSInvoiceSimulator(TEST_EINVOICE_ACCOUNT);
    t = await buildTestApp();
    await t.app.services.einvoices.stop();
    await t.signInAs('admin');
    await t.signInAs('manager');
    const category = await t.request({ method: 'POST', url: '/api/category', payload: { name: 'Món' }, as: 'manager' });
    const categoryId = category.json().data._id as string;
    food = await createDish(t, categoryId, { name: 'Phở bò', price: 65_000 });
    beer = await createDish(t, categoryId, { name: 'Bia Sài Gòn', price: 23_000, vatRate: 10 });
    await enableEinvoicing(t, simulator);
    startWorker();
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
    await simulator.close();
  });

  /** A table's phở at the default 8 % and beer at 10 %, served and paid in full by transfer. */
  async function placeAndPay(): Promise<Order> {
    const table = await createTable(t);
    const placed = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: {
        customerDetails: { name: 'Khách', guests: 2 },
        tableId: table._id,
        items: [
          { itemId: food._id, quantity: 2 },
          { itemId: beer._id, quantity: 3 },
        ],
      },
      as: 'staff',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as Order;
    await t.request({ method: 'PUT', url: `/api/order/${order._id}`, payload: { status: 'ready' }, as: 'staff' });
    const paid = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/payments`,
      payload: { method: 'transfer', amount: order.bills.total },
      as: 'staff',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return paid.json().data as Order;
  }

  async function refund(order: Order, amount: number, reason: string): Promise<Order> {
    const refunded = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/payments/${order.payments[0]!._id}/refunds`,
      payload: { amount, reason },
      as: 'manager',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    return refunded.json().data as Order;
  }

  const getOrder = async (id: string) =>
    (await t.request({ method: 'GET', url: `/api/order/${id}`, as: 'staff' })).json().data as Order;

  async function waitFor(id: string, done: (order: Order) => boolean, what: string): Promise<Order> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const order = await getOrder(id);
      if (done(order)) return order;
      if (Date.now() > deadline) throw new Error(`order ${id}: ${JSON.stringify(order.invoice)}, not ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const waitForInvoice = (id: string, status: string) =>
    waitFor(id, (order) => order.invoice?.status === status, status);
  const adjustmentIssued = (id: string) =>
    waitFor(id, (order) => order.invoice?.adjustments?.[0]?.status === 'issued', 'an issued adjustment');

  const rowsOf = async (orderId: string, kind: 'sale' | 'adjustment') =>
    t.app.database.db
      .select()
      .from(einvoices)
      .where(and(eq(einvoices.orderId, orderId), eq(einvoices.kind, kind)));

  async function auditOf(orderId: string) {
    const response = await t.request({ method: 'GET', url: '/api/audit?kind=einvoice&limit=100', as: 'admin' });
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json().data as { order: { _id: string } | null; details: Record<string, unknown> }[];
    return entries.filter((entry) => entry.order?._id === orderId).map((entry) => entry.details);
  }

  it('cancels the issued invoice once all the money is given back, with the refund’s reason', async () => {
    const order = await placeAndPay();
    const issued = await waitForInvoice(order._id, 'issued');
    const number = issued.invoice!.invoiceNumber!;

    const refunded = await refund(order, order.bills.total, 'Khách hủy bữa');
    expect(refunded.invoice?.status).toBe('cancelling');
    const cancelled = await waitForInvoice(order._id, 'cancelled');
    expect(cancelled.invoice).toMatchObject({ invoiceNumber: number, error: null });

    expect(simulator.cancelRequests.filter((request) => request.invoiceNo === number)).toEqual([
      { invoiceNo: number, reason: 'Khách hủy bữa' },
    ]);
    const [sale] = await rowsOf(order._id, 'sale');
    expect(simulator.invoices.get(sale!.transactionId)!.cancelled).toEqual({ reason: 'Khách hủy bữa' });
    expect(sale!.cancelledAt).not.toBeNull();
    expect(await auditOf(order._id)).toContainEqual(
      expect.objectContaining({ action: 'cancel-requested', invoiceNumber: number, reason: 'Khách hủy bữa' }),
    );
  });

  it('issues one adjustment for a part refunded, whose amounts by rate add up to the refund', async () => {
    const order = await placeAndPay();
    const issued = await waitForInvoice(order._id, 'issued');
    expect(order.bills.taxes.map((part) => part.vatRate)).toEqual([8, 10]);
    const amount = 100_001;

    await refund(order, amount, 'Bia bị đổ');
    const adjusted = await adjustmentIssued(order._id);
    expect(adjusted.invoice).toMatchObject({ status: 'issued', invoiceNumber: issued.invoice!.invoiceNumber });
    expect(adjusted.invoice!.adjustments).toEqual([
      { status: 'issued', invoiceNumber: expect.stringMatching(/^1C25MAA\d+$/), amount, error: null },
    ]);

    const [row] = await rowsOf(order._id, 'adjustment');
    const held = simulator.invoices.get(row!.transactionId)!;
    expect(held.adjusts).toEqual({ invoiceNo: issued.invoice!.invoiceNumber, reason: 'Bia bị đổ' });
    const sent = held.payload as unknown as SentAdjustment;
    expect(sent.generalInvoiceInfo).toMatchObject({
      adjustmentType: '5',
      originalInvoiceId: issued.invoice!.invoiceNumber,
      originalTemplateCode: '1/770',
    });
    // Both rates give back their share, each with the VAT that share contains, and together the refund.
    const byRate = sent.taxBreakdowns.map((part) => [part.taxPercentage, part.taxableAmount + part.taxAmount]);
    expect(byRate.map(([rate]) => rate)).toEqual([8, 10]);
    expect(byRate.reduce((sum, [, withTax]) => sum + withTax!, 0)).toBe(amount);
    for (const part of sent.taxBreakdowns) {
      expect(part.taxAmount).toBe(taxContained(part.taxableAmount + part.taxAmount, part.taxPercentage));
      expect(part.taxableAmountPos).toBe(false);
    }
    expect(sent.summarizeInfo.totalAmountWithTax).toBe(amount);
    expect(sent.itemInfo.every((line) => line.isIncreaseItem === false)).toBe(true);
    // The sale itself stays issued and is not cancelled.
    const [sale] = await rowsOf(order._id, 'sale');
    expect(simulator.invoices.get(sale!.transactionId)!.cancelled).toBeNull();
    expect(await auditOf(order._id)).toContainEqual(
      expect.objectContaining({ action: 'adjustment-queued', amount, reason: 'Bia bị đổ' }),
    );
  });

  it('looks the adjustment up after its answer was lost, and issues no second one', async () => {
    const order = await placeAndPay();
    await waitForInvoice(order._id, 'issued');
    // The provider makes the adjustment but answers after the worker has given up waiting.
    simulator.delayNextAnswer(1_500);
    await refund(order, 30_000, 'Món lên chậm');
    await adjustmentIssued(order._id);
    const [row] = await rowsOf(order._id, 'adjustment');
    expect(row!.lastError).toBeNull();
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
    expect(simulator.createsOf(row!.transactionId)).toBe(1);
    expect(row!.invoiceNumber).toBe(simulator.invoices.get(row!.transactionId)!.invoiceNo);
  });

  it('takes a cancellation whose answer was lost, and that the provider then calls done already, as cancelled', async () => {
    const order = await placeAndPay();
    const issued = await waitForInvoice(order._id, 'issued');
    const number = issued.invoice!.invoiceNumber!;
    // The provider cancels the invoice but answers after the worker has given up waiting; asked again, it refuses
    // to cancel an invoice cancelled already.
    simulator.delayNextAnswer(1_500);
    await refund(order, order.bills.total, 'Khách hủy bữa');
    const cancelled = await waitForInvoice(order._id, 'cancelled');
    expect(cancelled.invoice).toMatchObject({ invoiceNumber: number, error: null });
    expect(simulator.cancelRequests.filter((request) => request.invoiceNo === number)).toHaveLength(2);
    const [sale] = await rowsOf(order._id, 'sale');
    expect(sale!.attempts).toBeGreaterThanOrEqual(2);
    expect(simulator.invoices.get(sale!.transactionId)!.cancelled).toEqual({ reason: 'Khách hủy bữa' });
  });

  it('cancels an invoice not issued yet without a call to the provider', async () => {
    await worker!.stop();
    const order = await placeAndPay();
    expect((await getOrder(order._id)).invoice?.status).toBe('waiting');
    const refunded = await refund(order, order.bills.total, 'Khách đổi ý');
    expect(refunded.invoice?.status).toBe('cancelled');

    const [sale] = await rowsOf(order._id, 'sale');
    const cancelsBefore = simulator.cancelRequests.length;
    startWorker();
    // Another order's invoice goes through the worker meanwhile: it has looked at the queue since.
    const next = await placeAndPay();
    await waitForInvoice(next._id, 'issued');
    expect(simulator.createsOf(sale!.transactionId)).toBe(0);
    expect(simulator.cancelRequests.length).toBe(cancelsBefore);
    expect((await getOrder(order._id)).invoice).toMatchObject({ status: 'cancelled', invoiceNumber: null });
    expect(await auditOf(order._id)).toContainEqual(expect.objectContaining({ action: 'cancelled-unissued' }));
  });

  it('shows the provider’s refusal of a cancellation, and a person’s retry cancels it', async () => {
    const order = await placeAndPay();
    const issued = await waitForInvoice(order._id, 'issued');
    simulator.failNextCancel('Hóa đơn đang được cơ quan thuế xử lý, vui lòng thử lại sau', 'INVOICE_LOCKED');
    await refund(order, order.bills.total, 'Khách hủy bữa');
    const failed = await waitForInvoice(order._id, 'failed');
    expect(failed.invoice).toMatchObject({
      invoiceNumber: issued.invoice!.invoiceNumber,
      error: 'Hóa đơn đang được cơ quan thuế xử lý, vui lòng thử lại sau',
    });

    const retried = await t.request({ method: 'POST', url: `/api/order/${order._id}/invoice/retry`, as: 'staff' });
    expect(retried.statusCode, retried.body).toBe(200);
    expect((retried.json().data as Order).invoice?.status).toBe('cancelling');
    await waitForInvoice(order._id, 'cancelled');
    const [sale] = await rowsOf(order._id, 'sale');
    // Asked twice, refused once: the invoice is cancelled, and was never issued again.
    const number = issued.invoice!.invoiceNumber;
    expect(simulator.cancelRequests.filter((request) => request.invoiceNo === number)).toHaveLength(2);
    expect(simulator.invoices.get(sale!.transactionId)!.cancelled).toEqual({ reason: 'Khách hủy bữa' });
    expect(simulator.createsOf(sale!.transactionId)).toBe(1);
  });
});
