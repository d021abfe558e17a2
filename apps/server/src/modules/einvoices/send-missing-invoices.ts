import type { SentMissingInvoices } from '@quan/contract/einvoice';
import { taxContained } from '@quan/contract/bill';
import { vatPercent, type TaxPart } from '@quan/contract/vat';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { einvoices } from '../../db/schema/einvoices';
import { orders } from '../../db/schema/orders';
import { orderPayments, paymentRefunds } from '../../db/schema/payments';
import type { Transact } from '../../events/transact';
import { conflict } from '../../lib/app-error';
import type { AuditService } from '../audit/service';
import { changeOrderRow } from '../orders/order-state';
import { loadOrder } from '../orders/order-view';
import { lockSaleInvoice } from './order-invoice';
import { loadEinvoiceSettings } from './provider-for-branch';
import { queueAdjustment } from './queue-correction';
import { queueSaleInvoice } from './queue-sale';
import { completedOnDay, hasPayments, paidNet, refundedInFull, refundedOf } from './reconciliation';
import { requeueFailed } from './record-outcome';

/**
 * Orders billed before VAT went by dish kept their one old rate, named after the nearest rate an invoice carries
 * (a 7 % order holds an "8 %" part with 7 % of tax): its invoice cannot be made from it. A part's tax that is not
 * what its rate gives (to the đồng either way, the bill's rounding) gives such an order away.
 */
const billedAtAnOldRate = (taxes: readonly TaxPart[]) =>
  taxes.some((part) => Math.abs(part.tax - taxContained(part.taxable + part.tax, vatPercent(part.vatRate))) > 1);

/** The reasons the order's refunds were given for, as its adjustment invoice states them. */
async function refundReasons(tx: Executor, orderId: string): Promise<string> {
  const rows = await tx
    .select({ reason: paymentRefunds.reason })
    .from(paymentRefunds)
    .innerJoin(orderPayments, eq(orderPayments.id, paymentRefunds.paymentId))
    .where(eq(orderPayments.orderId, orderId))
    .orderBy(paymentRefunds.refundedAt);
  return rows.map((row) => row.reason).join('; ');
}

/**
 * POST /api/einvoices/send-missing: after the day's reconciliation, a manager has every order of the day invoiced.
 * Orders with no sale invoice get one queued (e-invoicing was off when they completed, or they completed before it
 * was set up), and the failed ones wait again, their attempts kept (a failed cancellation is asked for again).
 *
 * An order refunded in full takes no invoice. One refunded in part gets its sale with an adjustment of what was
 * refunded, as if it had been invoiced before the refunds. One billed at an old rate is queued failed, saying why,
 * for a person to invoice by hand. Idempotent: a second call finds nothing left to queue, and only failed invoices
 * are moved.
 */
export async function sendMissingInvoices(
  { transact, audit }: { transact: Transact; audit: Pick<AuditService, 'record'> },
  actor: { id: string; branchId: string },
  { day, timezone }: { day: string; timezone: string },
): Promise<SentMissingInvoices> {
  return transact(async (tx, record) => {
    const settings = await loadEinvoiceSettings(tx, actor.branchId);
    if (!settings?.enabled) {
      throw conflict('E-invoicing is switched off for this branch: switch it on before sending invoices').because(
        'EINVOICE_DISABLED',
      );
    }
    const withoutInvoice = await tx
      .select({
        id: orders.id,
        branchId: orders.branchId,
        orderNo: orders.orderNo,
        invoiceBuyer: orders.invoiceBuyer,
        total: orders.total,
        taxes: orders.taxes,
        paidNet,
        hasPayments,
      })
      .from(orders)
      .leftJoin(einvoices, and(eq(einvoices.orderId, orders.id), eq(einvoices.kind, 'sale')))
      .where(and(completedOnDay(actor.branchId, day, timezone), isNull(einvoices.id)))
      .for('update', { of: orders });
    // Two managers pressing at once: the second waits above, and then its insert finds the first one's row and
    // queues nothing, so only what this call queued is counted.
    const missing: string[] = [];
    const adjusted: string[] = [];
    const oldRate: string[] = [];
    for (const order of withoutInvoice) {
      if (refundedInFull(order)) continue;
      if (!(await queueSaleInvoice(tx, { order, record }))) continue;
      missing.push(order.id);
      const sale = (await lockSaleInvoice(tx, order.id))!;
      if (billedAtAnOldRate(order.taxes)) {
        oldRate.push(order.id);
        await tx
          .update(einvoices)
          .set({
            status: 'failed',
            lastError: `Order ${order.orderNo} was billed at a VAT rate an e-invoice does not carry: invoice it by hand`,
            failingSince: sql`now()`,
          })
          .where(eq(einvoices.id, sale.id));
        continue;
      }
      const refunded = refundedOf(order);
      if (refunded > 0) {
        await queueAdjustment(tx, { order, sale, amount: refunded, reason: await refundReasons(tx, order.id) });
        adjusted.push(order.id);
      }
    }

    const failed = await tx
      .select({ row: einvoices, taxes: orders.taxes })
      .from(einvoices)
      .innerJoin(orders, eq(orders.id, einvoices.orderId))
      .where(and(completedOnDay(actor.branchId, day, timezone), eq(einvoices.status, 'failed')))
      .for('update', { of: einvoices });
    // A sale billed at an old rate would only fail again.
    const retried = failed
      .filter(({ row, taxes }) => !missing.includes(row.orderId) && !(row.kind === 'sale' && billedAtAnOldRate(taxes)))
      .map(({ row }) => row);
    for (const row of retried) await requeueFailed(tx, row);
    const retriedOrderIds = [...new Set(retried.map((row) => row.orderId))];

    for (const orderId of retriedOrderIds) record({ type: 'einvoice.changed', branchId: actor.branchId, orderId });
    const touched = [...missing, ...retriedOrderIds];
    if (touched.length > 0) {
      // Open order screens show the invoice anew, and a screen holding an older copy is told.
      for (const orderId of touched) {
        await changeOrderRow(tx, orderId, {});
        record({
          type: 'order.updated',
          branchId: actor.branchId,
          order: await loadOrder(tx, actor.branchId, orderId),
        });
      }
      await audit.record(tx, {
        kind: 'einvoice',
        branchId: actor.branchId,
        orderId: null,
        actorId: actor.id,
        approvedById: null,
        summary: `Sent the missing e-invoices of ${day}: ${missing.length} queued, ${retried.length} failed tried again`,
        details: {
          action: 'send-missing',
          date: day,
          queued: missing.length,
          retried: retried.length,
          queuedOrderIds: missing,
          adjustedOrderIds: adjusted,
          oldRateOrderIds: oldRate,
          retriedOrderIds,
        },
      });
    }
    return { queued: missing.length, retried: retried.length };
  });
}
