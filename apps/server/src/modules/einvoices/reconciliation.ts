import {
  RECONCILIATION_LATE_MINUTES,
  type EinvoiceReconciliation,
  type ReconciliationFlag,
  type ReconciliationOrder,
  type ReconciliationRate,
} from '@quan/contract/einvoice';
import { byVatRate, type TaxPart, type VatRate } from '@quan/contract/vat';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { einvoices, einvoiceSettings } from '../../db/schema/einvoices';
import { orders } from '../../db/schema/orders';
import { orderPayments } from '../../db/schema/payments';
import type { EInvoiceTaxByRate } from './provider';
import { adjustmentOf } from './queue-correction';

/**
 * The orders a branch completed on one of its local days ('YYYY-MM-DD' in `timezone`), by completion time. Bounded
 * by the day's two local midnights rather than by converting every row, so the completion index serves it.
 */
export function completedOnDay(branchId: string, day: string, timezone: string) {
  return and(
    eq(orders.branchId, branchId),
    eq(orders.status, 'completed'),
    sql`${orders.completedAt} >= (${day}::date::timestamp at time zone ${timezone}::text)`,
    sql`${orders.completedAt} < ((${day}::date + 1)::timestamp at time zone ${timezone}::text)`,
  );
}

/** What the order's payments still hold of its bill after refunds. */
export const paidNet = sql<number>`(select coalesce(sum(${orderPayments.amount} - ${orderPayments.refunded}), 0)::int
  from ${orderPayments} where ${orderPayments.orderId} = ${orders.id})`;
export const hasPayments = sql<boolean>`exists (select 1 from ${orderPayments} where ${orderPayments.orderId} = ${orders.id})`;

type Payments = { total: number; paidNet: number; hasPayments: boolean };

/** Refunded in full: the order no longer stands, and takes no invoice (a sale invoice it had is cancelled). */
export const refundedInFull = (order: Payments) => order.hasPayments && order.paidNet <= 0;

/** What refunds gave back of the order's bill: 0 when it stands whole (or was completed without payments). */
export const refundedOf = (order: Payments) => (order.hasPayments ? Math.max(0, order.total - order.paidNet) : 0);

type DayRow = Awaited<ReturnType<typeof readDay>>[number];
type AdjustmentRow = Awaited<ReturnType<typeof readAdjustments>>[number];

function readDay(db: Executor, branchId: string, day: string, timezone: string) {
  return db
    .select({
      orderId: orders.id,
      orderNo: orders.orderNo,
      completedAt: orders.completedAt,
      total: orders.total,
      taxes: orders.taxes,
      paidNet,
      hasPayments,
      invoiceStatus: einvoices.status,
      invoiceNumber: einvoices.invoiceNumber,
      invoiceError: einvoices.lastError,
      invoiceCreatedAt: einvoices.createdAt,
    })
    .from(orders)
    .leftJoin(einvoices, and(eq(einvoices.orderId, orders.id), eq(einvoices.kind, 'sale')))
    .where(completedOnDay(branchId, day, timezone))
    .orderBy(asc(orders.completedAt), asc(orders.orderNo));
}

/** The day's orders' partial-refund adjustments that stand (one cancelled with its sale takes nothing back). */
function readAdjustments(db: Executor, branchId: string, day: string, timezone: string) {
  const dayOrders = db
    .select({ id: orders.id })
    .from(orders)
    .where(completedOnDay(branchId, day, timezone));
  return db
    .select({
      orderId: einvoices.orderId,
      status: einvoices.status,
      taxesByRate: einvoices.taxesByRate,
      createdAt: einvoices.createdAt,
    })
    .from(einvoices)
    .where(
      and(eq(einvoices.kind, 'adjustment'), ne(einvoices.status, 'cancelled'), inArray(einvoices.orderId, dayOrders)),
    );
}

const waitedTooLong = (createdAt: Date, now: Date) =>
  now.getTime() - createdAt.getTime() > RECONCILIATION_LATE_MINUTES * 60_000;

/** Why an order needs a person, if it does (see `reconciliationFlags`); its sale first, then its adjustments. */
function flagOf(row: DayRow, adjustments: readonly AdjustmentRow[], now: Date): ReconciliationFlag | null {
  switch (row.invoiceStatus) {
    case null:
      // Refunded in full before it was ever invoiced: there is nothing to invoice.
      return refundedInFull(row) ? null : 'missing';
    case 'failed':
      return 'failed';
    case 'waiting':
      return waitedTooLong(row.invoiceCreatedAt!, now) ? 'late' : null;
    case 'cancelled':
      // A full refund cancels the invoice as it should; an order that kept its money has lost its invoice.
      return !refundedInFull(row) && row.total > 0 ? 'cancelled' : null;
  }
  if (adjustments.some((one) => one.status === 'failed')) return 'failed';
  if (adjustments.some((one) => one.status === 'waiting' && waitedTooLong(one.createdAt, now))) return 'late';
  return null;
}

/**
 * A sale invoice declares its order's taxes from the moment it is issued until it is cancelled: one being cancelled
 * still stands at the tax authority, and so does one whose cancellation failed (failed, with its number).
 */
const declares = (row: Pick<DayRow, 'invoiceStatus' | 'invoiceNumber'>) =>
  row.invoiceStatus === 'issued' ||
  row.invoiceStatus === 'cancelling' ||
  (row.invoiceStatus === 'failed' && row.invoiceNumber !== null);

const asTaxParts = (parts: readonly EInvoiceTaxByRate[]): TaxPart[] =>
  parts.map((part) => ({ vatRate: part.vatRate, taxable: part.taxableAmount, tax: part.taxAmount }));

/**
 * What refunds took back of an order, by rate: what its standing adjustments take back; an order refunded in full
 * with none, all of it; one refunded in part with none (its refunds came before it was invoiced), the adjustment
 * sending the missing invoices queues for it (`adjustmentOf`, split the same way).
 */
function refundedByRate(row: DayRow, adjustments: readonly AdjustmentRow[]): TaxPart[] {
  if (adjustments.length > 0) return adjustments.flatMap((one) => asTaxParts(one.taxesByRate ?? []));
  if (refundedInFull(row)) return row.taxes;
  const refunded = refundedOf(row);
  return refunded > 0 ? asTaxParts(adjustmentOf(row, refunded).taxesByRate) : [];
}

/** Adds (sign 1) or takes away (sign −1) each rate's parts into `into` under `side`. */
function addTaxes(
  into: Map<VatRate, ReconciliationRate>,
  taxes: readonly TaxPart[],
  side: 'revenue' | 'invoiced',
  sign: 1 | -1 = 1,
): void {
  for (const part of taxes) {
    let rate = into.get(part.vatRate);
    if (!rate) {
      rate = {
        vatRate: part.vatRate,
        revenue: { taxable: 0, tax: 0 },
        invoiced: { taxable: 0, tax: 0 },
        difference: { taxable: 0, tax: 0 },
      };
      into.set(part.vatRate, rate);
    }
    rate[side].taxable += sign * part.taxable;
    rate[side].tax += sign * part.tax;
  }
}

/**
 * GET /api/einvoices/reconciliation: a branch's day of completed orders beside their e-invoices, rate by rate.
 *
 * - Revenue: each order's own taxes (each rounded once on its bill, as the receipt shows) less what refunds took
 *   back, split by rate as their adjustment invoices split it (`refundedByRate`): an order refunded in full adds
 *   nothing.
 * - Invoiced: the same taxes of each order whose sale invoice stands (issued, being cancelled, or its
 *   cancellation failed), less the adjustments issued on it.
 *
 * So the two agree to the đồng when every sale and adjustment is issued (and every sale of an order refunded in
 * full cancelled); the orders that make them differ are flagged. A day that has not come yet holds no order: its
 * report is empty.
 */
export async function readReconciliation(
  db: Executor,
  branchId: string,
  { day, timezone, now = new Date() }: { day: string; timezone: string; now?: Date },
): Promise<EinvoiceReconciliation> {
  const [rows, adjustmentRows, [settings]] = await Promise.all([
    readDay(db, branchId, day, timezone),
    readAdjustments(db, branchId, day, timezone),
    db
      .select({ enabled: einvoiceSettings.enabled })
      .from(einvoiceSettings)
      .where(eq(einvoiceSettings.branchId, branchId)),
  ]);
  const adjustmentsOf = new Map<string, AdjustmentRow[]>();
  for (const one of adjustmentRows) adjustmentsOf.set(one.orderId, [...(adjustmentsOf.get(one.orderId) ?? []), one]);
  const rates = new Map<VatRate, ReconciliationRate>();
  const dayOrders: ReconciliationOrder[] = rows.map((row) => {
    const adjustments = adjustmentsOf.get(row.orderId) ?? [];
    addTaxes(rates, row.taxes, 'revenue');
    addTaxes(rates, refundedByRate(row, adjustments), 'revenue', -1);
    if (declares(row)) {
      addTaxes(rates, row.taxes, 'invoiced');
      const issued = adjustments.filter((one) => one.status === 'issued');
      addTaxes(
        rates,
        issued.flatMap((one) => asTaxParts(one.taxesByRate ?? [])),
        'invoiced',
        -1,
      );
    }
    return {
      orderId: row.orderId,
      orderNo: row.orderNo,
      completedAt: row.completedAt!.toISOString(),
      total: row.total,
      taxes: byVatRate(row.taxes),
      invoice:
        row.invoiceStatus === null
          ? null
          : {
              status: row.invoiceStatus,
              invoiceNumber: row.invoiceNumber,
              error: row.invoiceError,
              createdAt: row.invoiceCreatedAt!.toISOString(),
            },
      flag: flagOf(row, adjustments, now),
    };
  });
  for (const rate of rates.values()) {
    rate.difference = {
      taxable: rate.revenue.taxable - rate.invoiced.taxable,
      tax: rate.revenue.tax - rate.invoiced.tax,
    };
  }
  return {
    date: day,
    enabled: settings?.enabled ?? false,
    rates: byVatRate([...rates.values()]),
    orders: dayOrders,
    flaggedCount: dayOrders.filter((order) => order.flag !== null).length,
  };
}
