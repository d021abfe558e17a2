import type { Branch } from '@quan/contract/branch';
import { taxContained } from '@quan/contract/bill';
import type { EinvoiceReconciliation } from '@quan/contract/einvoice';
import type { Order } from '@quan/contract/order';
import type { Settings } from '@quan/contract/settings';
import type { TaxPart } from '@quan/contract/vat';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/orders';
import { einvoices } from '../src/db/schema/einvoices';
import { newId } from '../src/lib/ids';
import { addDays, localDay } from '../src/lib/local-day';
import { addBranch, createDish, enableEinvoicing, signInToBranch } from './factories';
import { buildTestApp, type SignedIn, type TestApp } from './helper';

/**
 * The day's reconciliation: orders completed through the API, their sale invoices written as the queue would have
 * left them, and what a manager reads and does about it.
 */
let t: TestApp;
let today: string;
let branchA: Branch;
let branchB: Branch;
const people = {} as Record<'managerA' | 'staffA' | 'staffB', SignedIn>;
type Dish = { _id: string; price: number };
let pho: Dish;
let beer: Dish;

/** One order of each state, named by what happened to its invoice. */
const day = {} as Record<
  | 'issued1'
  | 'issued2'
  | 'failed'
  | 'missing'
  | 'late'
  | 'cancelled'
  | 'refunded'
  | 'refundedUninvoiced'
  | 'partlyRefunded'
  | 'cancelFailed'
  | 'adjusted',
  Order
>;
/** What was given back of `day.partlyRefunded` before it had an invoice. */
const PART_REFUND = 20_000;
let otherBranchOrder: Order;

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  const category = await t.request({ method: 'POST', url: '/api/category', payload: { name: 'Món' }, as: 'manager' });
  expect(category.statusCode, category.body).toBe(201);
  const categoryId = category.json().data._id as string;
  pho = await createDish(t, categoryId, { name: 'Phở bò', price: 65_000, vatRate: 8 });
  beer = await createDish(t, categoryId, { name: 'Bia Sài Gòn', price: 25_000, vatRate: 10 });

  const listed: Branch[] = (await t.request({ method: 'GET', url: '/api/branches', as: 'admin' })).json().data;
  branchA = listed.find((branch) => branch.isFirst)!;
  branchB = await addBranch(t, 'Quận 3');
  people.managerA = await signInToBranch(t, branchA._id, 'manager');
  people.staffA = await signInToBranch(t, branchA._id, 'staff');
  people.staffB = await signInToBranch(t, branchB._id, 'staff');
  const settings: Settings = (await t.request({ method: 'GET', url: '/api/settings', as: people.managerA })).json()
    .data;
  today = localDay(settings.timezone);

  // E-invoicing off while they complete: no invoice is queued by itself, each is written below as the test needs.
  day.issued1 = await completedOrder(people.staffA, [
    { itemId: pho._id, quantity: 2 },
    { itemId: beer._id, quantity: 3 },
  ]);
  day.issued2 = await completedOrder(people.staffA, [{ itemId: pho._id, quantity: 1 }]);
  day.failed = await completedOrder(people.staffA, [{ itemId: beer._id, quantity: 2 }]);
  day.missing = await completedOrder(people.staffA, [
    { itemId: pho._id, quantity: 1 },
    { itemId: beer._id, quantity: 1 },
  ]);
  day.late = await completedOrder(people.staffA, [{ itemId: pho._id, quantity: 3 }]);
  day.cancelled = await completedOrder(people.staffA, [{ itemId: beer._id, quantity: 4 }]);
  day.refunded = await completedOrder(people.staffA, [{ itemId: pho._id, quantity: 1 }]);
  await refund(day.refunded, day.refunded.bills.total, 'Khách trả lại món');
  // Refunded before e-invoicing was on: nothing was ever queued for them.
  day.refundedUninvoiced = await completedOrder(people.staffA, [{ itemId: beer._id, quantity: 1 }]);
  await refund(day.refundedUninvoiced, day.refundedUninvoiced.bills.total, 'Khách đổi ý');
  day.partlyRefunded = await completedOrder(people.staffA, [{ itemId: pho._id, quantity: 2 }]);
  await refund(day.partlyRefunded, PART_REFUND, 'Món ra chậm');
  // Refunded in full after its invoice was issued, and the provider refused the cancellation.
  day.cancelFailed = await completedOrder(people.staffA, [{ itemId: pho._id, quantity: 1 }]);
  await refund(day.cancelFailed, day.cancelFailed.bills.total, 'Khách trả lại món');
  // Issued, then reduced by a partial refund whose adjustment was issued too.
  day.adjusted = await completedOrder(people.staffA, [
    { itemId: pho._id, quantity: 1 },
    { itemId: beer._id, quantity: 2 },
  ]);
  await invoice(day.adjusted, { status: 'issued', ...issuedAs('C25MAA6') });
  await refund(day.adjusted, 30_000, 'Thiếu một ly bia');
  await t.app.database.db
    .update(einvoices)
    .set({ status: 'issued', invoiceNumber: 'C25MAA7', issuedAt: new Date() })
    .where(and(eq(einvoices.orderId, day.adjusted._id), eq(einvoices.kind, 'adjustment')));
  otherBranchOrder = await completedOrder(people.staffB, [{ itemId: beer._id, quantity: 1 }]);

  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  await invoice(day.issued1, { status: 'issued', invoiceNumber: 'C25MAA1', issuedAt: new Date() });
  await invoice(day.issued2, { status: 'issued', invoiceNumber: 'C25MAA2', issuedAt: new Date() });
  await invoice(day.failed, { status: 'failed', lastError: 'Mã số thuế người mua không hợp lệ', attempts: 1 });
  await invoice(day.late, { status: 'waiting', createdAt: minutesAgo(25), attempts: 4 });
  await invoice(day.cancelled, { status: 'cancelled', invoiceNumber: 'C25MAA3', cancelledAt: new Date() });
  await invoice(day.refunded, { status: 'cancelled', invoiceNumber: 'C25MAA4', cancelledAt: new Date() });
  await invoice(day.cancelFailed, {
    status: 'failed',
    ...issuedAs('C25MAA5'),
    reason: 'Khách trả lại món',
    lastError: 'Hóa đơn đang được xử lý',
  });
  await invoice(otherBranchOrder, { status: 'failed', lastError: 'Another branch' });
});
afterAll(() => t.close());

async function completedOrder(as: SignedIn, items: { itemId: string; quantity: number }[]): Promise<Order> {
  const placed = await t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: { name: 'Khách', guests: 2 }, items },
    as,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order: Order = placed.json().data;
  // The kitchen is done with it, so the payment that settles the bill completes it.
  const ready = await t.request({ method: 'PUT', url: `/api/order/${order._id}`, payload: { status: 'ready' }, as });
  expect(ready.statusCode, ready.body).toBe(200);
  const paid = await t.request({
    method: 'POST',
    url: `/api/order/${order._id}/payments`,
    payload: { method: 'card', amount: order.bills.total },
    as,
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const completed: Order = paid.json().data;
  expect(completed.status).toBe('completed');
  return completed;
}

async function refund(order: Order, amount: number, reason: string): Promise<void> {
  const refunded = await t.request({
    method: 'POST',
    url: `/api/order/${order._id}/payments/${order.payments[0]!._id}/refunds`,
    payload: { amount, reason },
    as: people.managerA,
  });
  expect(refunded.statusCode, refunded.body).toBe(201);
}

/** What an issued invoice holds, as a cancellation or an adjustment names it. */
const issuedAs = (invoiceNumber: string) => ({
  invoiceNumber,
  series: 'C25MAA',
  templateCode: '1/001',
  lookupCode: `LOOKUP-${invoiceNumber}`,
  issuedAt: new Date(),
});

/** A sale invoice row as the queue and its worker leave it; not due, so no worker takes it while the test reads. */
async function invoice(order: Order, row: Partial<typeof einvoices.$inferInsert>): Promise<void> {
  const [stored] = await t.app.database.db
    .select({ branchId: einvoices.branchId })
    .from(einvoices)
    .where(eq(einvoices.orderId, order._id));
  expect(stored).toBeUndefined();
  const { branchId } = (await t.app.database.db.query.orders.findFirst({
    where: (orders, { eq: equals }) => equals(orders.id, order._id),
    columns: { branchId: true },
  }))!;
  await t.app.database.db.insert(einvoices).values({
    id: newId(),
    branchId,
    orderId: order._id,
    kind: 'sale',
    transactionId: newId(),
    status: 'waiting',
    nextAttemptAt: new Date(Date.now() + 24 * 3_600_000),
    ...row,
  });
}

/** E-invoicing of branch A switched on or off, at an address where nothing answers: what is queued stays queued. */
/** No worker issues anything here (nothing listens at the addresses): the invoices' states are written by hand. */
async function switchEinvoicing(enabled: boolean): Promise<void> {
  const nowhere = { signInUrl: 'http://127.0.0.1:9/auth/login', apiUrl: 'http://127.0.0.1:9/api/' };
  await enableEinvoicing(t, nowhere, { branchId: branchA._id, enabled });
}

async function reconciliation(date: string, as: SignedIn = people.managerA): Promise<EinvoiceReconciliation> {
  const response = await t.request({ method: 'GET', url: `/api/einvoices/reconciliation?date=${date}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Each rate's taxable amount and tax over the bills given less the parts taken back, as `{ 8: {taxable, tax} }`. */
function sumByRate(orders: Order[], takenBack: TaxPart[] = []): Record<string, { taxable: number; tax: number }> {
  const sums: Record<string, { taxable: number; tax: number }> = {};
  const add = (part: TaxPart, sign: number) => {
    const sum = (sums[String(part.vatRate)] ??= { taxable: 0, tax: 0 });
    sum.taxable += sign * part.taxable;
    sum.tax += sign * part.tax;
  };
  for (const part of orders.flatMap((order) => order.bills.taxes as TaxPart[])) add(part, 1);
  for (const part of takenBack) add(part, -1);
  return sums;
}

describe("the day's e-invoice reconciliation", () => {
  it("sets the day's revenue net of refunds by rate beside what the standing invoices declare, less adjustments", async () => {
    const report = await reconciliation(today);
    const all = Object.values(day);
    expect(report.orders.map((order) => order.orderNo)).toEqual(all.map((order) => order.orderNo));
    expect(report.enabled).toBe(false);

    // The partial refund's adjustment took back 30 000 đ over both rates of the order.
    const [adjustment] = await t.app.database.db
      .select({ taxesByRate: einvoices.taxesByRate })
      .from(einvoices)
      .where(and(eq(einvoices.orderId, day.adjusted._id), eq(einvoices.kind, 'adjustment')));
    const adjusted: TaxPart[] = adjustment!.taxesByRate!.map((part) => ({
      vatRate: part.vatRate,
      taxable: part.taxableAmount,
      tax: part.taxAmount,
    }));
    expect(adjusted.map((part) => part.vatRate)).toEqual([8, 10]);
    expect(adjusted.reduce((sum, part) => sum + part.taxable + part.tax, 0)).toBe(30_000);
    // The order refunded in part before it was invoiced: the 20 000 đ back, at its one rate.
    const partTax = taxContained(PART_REFUND, 8);
    const partlyRefunded: TaxPart[] = [{ vatRate: 8, taxable: PART_REFUND - partTax, tax: partTax }];

    // Refunded in full, an order adds nothing, whatever became of its invoice.
    const refundedInFull = [day.refunded, day.refundedUninvoiced, day.cancelFailed];
    const revenue = sumByRate(
      all.filter((order) => !refundedInFull.includes(order)),
      [...adjusted, ...partlyRefunded],
    );
    // A failed cancellation leaves its invoice standing.
    const invoiced = sumByRate([day.issued1, day.issued2, day.adjusted, day.cancelFailed], adjusted);
    expect(report.rates.map((rate) => rate.vatRate)).toEqual([8, 10]);
    for (const rate of report.rates) {
      const key = String(rate.vatRate);
      expect(rate.revenue).toEqual(revenue[key]);
      expect(rate.invoiced).toEqual(invoiced[key]);
      expect(rate.difference).toEqual({
        taxable: revenue[key]!.taxable - invoiced[key]!.taxable,
        tax: revenue[key]!.tax - invoiced[key]!.tax,
      });
    }
  });

  it('flags the orders that need a person, and only them', async () => {
    const report = await reconciliation(today);
    const flagOf = (order: Order) => report.orders.find((row) => row.orderId === order._id)?.flag;
    expect(flagOf(day.issued1)).toBeNull();
    expect(flagOf(day.issued2)).toBeNull();
    expect(flagOf(day.missing)).toBe('missing');
    expect(flagOf(day.failed)).toBe('failed');
    expect(flagOf(day.late)).toBe('late');
    expect(flagOf(day.cancelled)).toBe('cancelled');
    // Refunded in full: its invoice was cancelled as it should be, or it never needed one.
    expect(flagOf(day.refunded)).toBeNull();
    expect(flagOf(day.refundedUninvoiced)).toBeNull();
    // Refunded in part, it still stands: its invoice is missing.
    expect(flagOf(day.partlyRefunded)).toBe('missing');
    expect(flagOf(day.cancelFailed)).toBe('failed');
    expect(flagOf(day.adjusted)).toBeNull();
    expect(report.flaggedCount).toBe(6);

    const failed = report.orders.find((row) => row.orderId === day.failed._id)!;
    expect(failed.invoice).toMatchObject({ status: 'failed', error: 'Mã số thuế người mua không hợp lệ' });
    expect(report.orders.find((row) => row.orderId === day.issued1._id)!.invoice).toMatchObject({
      status: 'issued',
      invoiceNumber: 'C25MAA1',
    });
    expect(report.orders.find((row) => row.orderId === day.missing._id)!.invoice).toBeNull();
  });

  it("leaves out another branch's orders, and shows another branch only its own", async () => {
    const report = await reconciliation(today);
    expect(report.orders.some((row) => row.orderId === otherBranchOrder._id)).toBe(false);
    const managerB = await signInToBranch(t, branchB._id, 'manager');
    const theirs = await reconciliation(today, managerB);
    expect(theirs.orders.map((row) => row.orderId)).toEqual([otherBranchOrder._id]);
    expect(theirs.orders[0]!.flag).toBe('failed');
  });

  it('answers an empty report for a day to come, and a 400 naming `date` for what is not a day', async () => {
    const tomorrow = await reconciliation(addDays(today, 1));
    expect(tomorrow).toMatchObject({ orders: [], rates: [], flaggedCount: 0 });
    for (const date of ['2026-02-30', 'yesterday', '']) {
      const response = await t.request({
        method: 'GET',
        url: `/api/einvoices/reconciliation?date=${date}`,
        as: people.managerA,
      });
      expect(response.statusCode, date).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toEqual(['date']);
    }
  });

  it('is for managers: staff are refused both the report and sending', async () => {
    const read = await t.request({
      method: 'GET',
      url: `/api/einvoices/reconciliation?date=${today}`,
      as: people.staffA,
    });
    expect(read.statusCode).toBe(403);
    const send = await t.request({
      method: 'POST',
      url: '/api/einvoices/send-missing',
      payload: { date: today },
      as: people.staffA,
    });
    expect(send.statusCode).toBe(403);
  });
});

describe('sending the missing invoices', () => {
  const send = () =>
    t.request({ method: 'POST', url: '/api/einvoices/send-missing', payload: { date: today }, as: people.managerA });

  it('is refused while e-invoicing is off, and changes nothing', async () => {
    await switchEinvoicing(false);
    const refused = await send();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('EINVOICE_DISABLED');
    expect((await reconciliation(today)).flaggedCount).toBe(6);
  });

  it('queues one invoice per order that stands without one and lets the failed ones try again; twice changes nothing', async () => {
    await switchEinvoicing(true);
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ queued: 2, retried: 2 });

    const rows = await t.app.database.db
      .select({ status: einvoices.status })
      .from(einvoices)
      .where(and(eq(einvoices.orderId, day.missing._id), eq(einvoices.kind, 'sale')));
    expect(rows).toHaveLength(1);
    const report = await reconciliation(today);
    const flagOf = (order: Order) => report.orders.find((row) => row.orderId === order._id)?.flag;
    expect(flagOf(day.missing)).toBeNull();
    expect(flagOf(day.failed)).toBeNull();
    expect(report.orders.find((row) => row.orderId === day.failed._id)!.invoice?.status).toBe('waiting');
    // The failed cancellation is asked for again: its sale is never issued a second time.
    expect(flagOf(day.cancelFailed)).toBeNull();
    expect(report.orders.find((row) => row.orderId === day.cancelFailed._id)!.invoice?.status).toBe('cancelling');
    // Refunded in full before it was invoiced: nothing to send, and nothing to flag.
    expect(flagOf(day.refundedUninvoiced)).toBeNull();
    const ofRefunded = await t.app.database.db
      .select()
      .from(einvoices)
      .where(eq(einvoices.orderId, day.refundedUninvoiced._id));
    expect(ofRefunded).toEqual([]);
    // Refunded in part: its sale goes out whole, and an adjustment takes back what was refunded, with why.
    expect(flagOf(day.partlyRefunded)).toBeNull();
    const ofPartly = await t.app.database.db
      .select()
      .from(einvoices)
      .where(eq(einvoices.orderId, day.partlyRefunded._id));
    const sale = ofPartly.find((row) => row.kind === 'sale')!;
    const adjustment = ofPartly.find((row) => row.kind === 'adjustment')!;
    expect(ofPartly).toHaveLength(2);
    expect(adjustment).toMatchObject({ originalId: sale.id, reason: 'Món ra chậm' });
    const partTax = taxContained(PART_REFUND, 8);
    expect(adjustment.taxesByRate).toEqual([{ vatRate: 8, taxableAmount: PART_REFUND - partTax, taxAmount: partTax }]);

    const again = await send();
    expect(again.json().data).toEqual({ queued: 0, retried: 0 });
    const perOrder = await t.app.database.db.select({ orderId: einvoices.orderId }).from(einvoices);
    expect(perOrder.filter((row) => row.orderId === day.missing._id)).toHaveLength(1);
    // Another branch's failed invoice is none of this manager's business.
    const [theirs] = await t.app.database.db
      .select({ status: einvoices.status })
      .from(einvoices)
      .where(eq(einvoices.orderId, otherBranchOrder._id));
    expect(theirs?.status).toBe('failed');

    const trail = await t.app.database.db.select().from(auditLog).where(eq(auditLog.branchId, branchA._id));
    expect(trail.filter((entry) => entry.summary.startsWith('Sent the missing e-invoices'))).toHaveLength(1);
  });
});
