import { randomUUID } from 'node:crypto';
import { splitAmount, taxContained } from '@quan/contract/bill';
import { formatVnd } from '@quan/contract/money';
import { vatPercent, type TaxPart } from '@quan/contract/vat';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { einvoices } from '../../db/schema/einvoices';
import type { orders } from '../../db/schema/orders';
import type { RecordEvent } from '../../events/transact';
import { newId } from '../../lib/ids';
import type { AuditService } from '../audit/service';
import { lockSaleInvoice } from './order-invoice';
import type { EInvoiceLine, EInvoiceTaxByRate } from './provider';

/** How an adjustment's lines are counted: one reduction per rate. */
const ADJUSTMENT_UNIT = 'Lần';

export interface InvoiceCorrection {
  order: Pick<typeof orders.$inferSelect, 'id' | 'branchId' | 'orderNo' | 'taxes'>;
  refund: { amount: number; reason: string };
  /** What the order's payments cover once this refund is made: 0 when it gave all the money back. */
  netPaidAfter: number;
  actorId: string;
}

/**
 * Inside the transaction of a refund on a completed order: its e-invoice is corrected the way the law asks.
 *
 * - All the money given back: the sale invoice is cancelled (the row becomes `cancelling` with the refund's reason,
 *   and the worker asks the provider). A sale never sent (waiting or failed, no try whose outcome is unknown) is
 *   simply cancelled here: the provider never had it, and sending it now would issue an invoice for a sale that
 *   no longer stands. A sale that an adjustment reduced at the provider already is reduced again instead, by what
 *   is left: cancelling it would leave that adjustment correcting a cancelled invoice.
 * - Part of it: an adjustment (reduction) is queued, its amounts fixed now, by rate, in proportion to what the sale
 *   invoice declares at each rate with its tax, so that the parts add up to the refund to the đồng and each part's
 *   tax is what that amount contains at its rate. Made before the sale is issued, it waits for it: the sale is built
 *   from the order's bill, which a refund does not change, so it is issued in full and then reduced.
 *
 * A sale already cancelled (or being cancelled) takes no correction. Each correction writes its audit row.
 */
export async function queueInvoiceCorrection(
  tx: Executor,
  deps: { audit: Pick<AuditService, 'record'>; record: RecordEvent },
  correction: InvoiceCorrection,
): Promise<void> {
  const { order, refund } = correction;
  const sale = await lockSaleInvoice(tx, order.id);
  if (!sale || sale.status === 'cancelling' || sale.status === 'cancelled' || sale.reason !== null) return;
  const adjustments = await tx
    .select()
    .from(einvoices)
    .where(and(eq(einvoices.originalId, sale.id), ne(einvoices.status, 'cancelled')))
    .for('update');
  const adjustedAtProvider = adjustments.some((one) => one.invoiceNumber !== null || one.outcomeUnknown);
  const audit = (summary: string, details: Record<string, unknown>) =>
    deps.audit.record(tx, {
      kind: 'einvoice',
      branchId: order.branchId,
      orderId: order.id,
      actorId: correction.actorId,
      approvedById: null,
      summary,
      details: { orderNo: order.orderNo, reason: refund.reason, ...details },
    });

  if (correction.netPaidAfter <= 0 && !adjustedAtProvider) {
    // The adjustments of earlier partial refunds never went out: they go with the sale.
    if (adjustments.length > 0) {
      await tx
        .update(einvoices)
        .set({
          status: 'cancelled',
          cancelledAt: sql`now()`,
          leaseHolder: null,
          leaseUntil: null,
          updatedAt: sql`now()`,
        })
        .where(
          inArray(
            einvoices.id,
            adjustments.map((one) => one.id),
          ),
        );
    }
    const neverSent = sale.invoiceNumber === null && !sale.outcomeUnknown;
    if (neverSent) {
      // The lease is dropped as well: a worker that took the row meanwhile stores nothing on it (every write of a
      // try names its holder, and the send itself checks the row still waits).
      await tx
        .update(einvoices)
        .set({
          status: 'cancelled',
          reason: refund.reason,
          cancelledAt: sql`now()`,
          leaseHolder: null,
          leaseUntil: null,
          updatedAt: sql`now()`,
        })
        .where(eq(einvoices.id, sale.id));
      await audit(`Cancelled order ${order.orderNo}'s e-invoice before it was issued: ${refund.reason}`, {
        action: 'cancelled-unissued',
      });
    } else {
      // A worker sending the sale right now keeps its lease: its outcome is stored first (the number the
      // cancellation names), then the row is taken again to be cancelled.
      await tx
        .update(einvoices)
        .set({
          status: 'cancelling',
          reason: refund.reason,
          nextAttemptAt: sql`now()`,
          lastError: null,
          failingSince: null,
          updatedAt: sql`now()`,
        })
        .where(eq(einvoices.id, sale.id));
      await audit(`Asked to cancel e-invoice ${sale.invoiceNumber ?? ''} of order ${order.orderNo}: ${refund.reason}`, {
        action: 'cancel-requested',
        invoiceNumber: sale.invoiceNumber,
      });
    }
  } else {
    const taxesByRate = await queueAdjustment(tx, { order, sale, amount: refund.amount, reason: refund.reason });
    await audit(
      `Queued an e-invoice adjustment of ${formatVnd(refund.amount)} for order ${order.orderNo}: ${refund.reason}`,
      {
        action: 'adjustment-queued',
        amount: refund.amount,
        invoiceNumber: sale.invoiceNumber,
        taxesByRate,
      },
    );
  }
  deps.record({ type: 'einvoice.changed', branchId: order.branchId, orderId: order.id });
}

/**
 * Queues a reduction of `amount` of the order's sale invoice (waiting for the sale when it is not issued yet), with
 * its reason, the sale's buyer and its amounts fixed now; answers them.
 */
export async function queueAdjustment(
  tx: Executor,
  {
    order,
    sale,
    amount,
    reason,
  }: {
    order: Pick<InvoiceCorrection['order'], 'id' | 'branchId' | 'orderNo' | 'taxes'>;
    sale: Pick<typeof einvoices.$inferSelect, 'id' | 'buyer'>;
    amount: number;
    reason: string;
  },
): Promise<EInvoiceTaxByRate[]> {
  const { lines, taxesByRate } = adjustmentOf(order, amount);
  await tx.insert(einvoices).values({
    id: newId(),
    branchId: order.branchId,
    orderId: order.id,
    kind: 'adjustment',
    transactionId: randomUUID(),
    status: 'waiting',
    buyer: sale.buyer,
    lines,
    taxesByRate,
    originalId: sale.id,
    // The adjustment's own reason, written on it (adjustedNote), as a cancellation writes its own.
    reason,
  });
  return taxesByRate;
}

/**
 * What a refund of `amount` takes back of the sale, rate by rate: the amount split over what each rate declares with
 * its tax (the parts add up to it exactly), each part's tax what it contains at its rate, one line per rate.
 */
export function adjustmentOf(
  order: Pick<InvoiceCorrection['order'], 'orderNo' | 'taxes'>,
  amount: number,
): { lines: EInvoiceLine[]; taxesByRate: EInvoiceTaxByRate[] } {
  const rates: TaxPart[] = order.taxes.filter((part) => part.taxable + part.tax > 0);
  const parts = splitAmount(
    amount,
    rates.map((part) => part.taxable + part.tax),
  );
  const taxesByRate: EInvoiceTaxByRate[] = [];
  const lines: EInvoiceLine[] = [];
  rates.forEach((part, index) => {
    const withTax = parts[index]!;
    if (withTax === 0) return;
    const taxAmount = taxContained(withTax, vatPercent(part.vatRate));
    const amountBeforeTax = withTax - taxAmount;
    taxesByRate.push({ vatRate: part.vatRate, taxableAmount: amountBeforeTax, taxAmount });
    lines.push({
      kind: 'item',
      name: `Điều chỉnh giảm do hoàn tiền đơn ${order.orderNo}`,
      unitName: ADJUSTMENT_UNIT,
      quantity: 1,
      unitPrice: amountBeforeTax,
      vatRate: part.vatRate,
      amountBeforeTax,
      taxAmount,
    });
  });
  return { lines, taxesByRate };
}
