import type { InvoiceBuyerBody } from '@quan/contract/einvoice';
import type { Order } from '@quan/contract/order';
import { eq, sql } from 'drizzle-orm';
import { einvoices } from '../../db/schema/einvoices';
import type { Transact } from '../../events/transact';
import { conflict } from '../../lib/app-error';
import type { AuditService } from '../audit/service';
import { changeOrderRow, lockBranchOrder, recordOrderChange } from '../orders/order-state';
import { loadOrder } from '../orders/order-view';
import { lockSaleInvoice, storedBuyer } from './order-invoice';
import { requeueFailed } from './record-outcome';

export interface SetInvoiceBuyerDeps {
  transact: Transact;
  audit: Pick<AuditService, 'record'>;
}

/**
 * An invoice a call may already have reached the provider with: issued (or cancelled since), or being sent now
 * (a worker holds it, or its last call's answer was lost). Its buyer is what the provider has, or may have.
 */
function refuseOnceSent(order: { orderNo: number }, invoice: Awaited<ReturnType<typeof lockSaleInvoice>>): void {
  if (!invoice) return;
  // A failed row with a cancel reason is a cancellation that failed: the sale it cancels was issued.
  const issued = ['issued', 'cancelling', 'cancelled'].includes(invoice.status) || invoice.reason !== null;
  if (issued) {
    throw conflict(
      `Order ${order.orderNo}'s e-invoice ${invoice.invoiceNumber ?? ''} is issued already; its buyer can no longer change`,
    ).because('EINVOICE_ALREADY_ISSUED', { orderNo: order.orderNo, invoiceNumber: invoice.invoiceNumber ?? '' });
  }
  if (invoice.leaseUntil !== null && invoice.leaseUntil.getTime() > Date.now()) {
    throw conflict(`Order ${order.orderNo}'s e-invoice is being issued right now; try again in a moment`).because(
      'EINVOICE_BEING_ISSUED',
      { orderNo: order.orderNo },
    );
  }
  // The answer to its last call was lost: the provider may hold it, made out to the buyer it was sent with. The
  // next try looks it up first, and the buyer can change once the provider says it has none.
  if (invoice.outcomeUnknown) {
    throw conflict(
      `Order ${order.orderNo}'s e-invoice may have reached the provider already; its buyer can change once the next try finds it was not issued`,
    ).because('EINVOICE_OUTCOME_UNKNOWN', { orderNo: order.orderNo });
  }
}

/**
 * PUT /api/order/{id}/invoice-buyer: who the order's e-invoice is for (a company, or a walk-in guest), said after
 * the payment or corrected, until the invoice is issued. An invoice waiting or failed takes the new buyer, and a
 * failed one waits again: the refusal was often the buyer's tax code. A change on a completed order is audited.
 */
export async function setInvoiceBuyer(
  deps: SetInvoiceBuyerDeps,
  actor: { id: string; branchId: string },
  orderId: string,
  body: InvoiceBuyerBody,
): Promise<Order> {
  const { branchId } = actor;
  return deps.transact(async (tx, record) => {
    const order = await lockBranchOrder(tx, branchId, orderId);
    if (order.status === 'cancelled') {
      throw conflict(`Order ${order.orderNo} is cancelled`).because('ORDER_CLOSED', {
        orderNo: order.orderNo,
        status: order.status,
      });
    }
    const invoice = await lockSaleInvoice(tx, order.id);
    refuseOnceSent(order, invoice);
    const buyer = storedBuyer(body.buyer);
    await changeOrderRow(tx, order.id, { invoiceBuyer: buyer });
    if (invoice) {
      await tx
        .update(einvoices)
        .set({ buyer, updatedAt: sql`now()` })
        .where(eq(einvoices.id, invoice.id));
      await requeueFailed(tx, invoice);
      record({ type: 'einvoice.changed', branchId, orderId: order.id });
    }
    if (order.status === 'completed') {
      const before = order.invoiceBuyer ? `${order.invoiceBuyer.name} (${order.invoiceBuyer.taxCode})` : 'walk-in';
      const after = buyer ? `${buyer.name} (${buyer.taxCode})` : 'walk-in';
      await deps.audit.record(tx, {
        kind: 'einvoice',
        branchId,
        orderId: order.id,
        actorId: actor.id,
        approvedById: null,
        summary: `Changed the e-invoice buyer of order ${order.orderNo} from ${before} to ${after}`,
        details: {
          action: 'buyer',
          before: order.invoiceBuyer ?? null,
          after: buyer,
          invoiceStatus: invoice?.status ?? null,
        },
      });
    }
    const updated = await loadOrder(tx, branchId, order.id);
    recordOrderChange(record, order, updated);
    return updated;
  });
}
