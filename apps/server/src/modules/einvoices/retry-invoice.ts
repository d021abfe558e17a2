import type { Order } from '@quan/contract/order';
import { and, eq } from 'drizzle-orm';
import { einvoices } from '../../db/schema/einvoices';
import type { Transact } from '../../events/transact';
import { conflict, notFound } from '../../lib/app-error';
import { changeOrderRow, lockBranchOrder, recordOrderChange } from '../orders/order-state';
import { loadOrder } from '../orders/order-view';
import { lockSaleInvoice } from './order-invoice';
import { requeueFailed } from './record-outcome';

/**
 * POST /api/order/{id}/invoice/retry: a person has seen why the provider refused the order's invoice (and fixed
 * what was wrong: the buyer, the account) and sends it again now. Its attempts are kept, as the history of the
 * row; the worker takes it on its next look, woken by the event. Only a failed invoice: one waiting is tried by
 * itself, one issued is done. A failed cancellation (a full refund's reason on the sale) is asked for again rather
 * than the sale issued again; with the sale in order, the order's failed adjustments are sent again.
 */
export async function retryInvoice(
  deps: { transact: Transact },
  actor: { branchId: string },
  orderId: string,
): Promise<Order> {
  const { branchId } = actor;
  return deps.transact(async (tx, record) => {
    const order = await lockBranchOrder(tx, branchId, orderId);
    const invoice = await lockSaleInvoice(tx, order.id);
    if (!invoice) {
      throw notFound(`Order ${order.orderNo} has no e-invoice`).because('EINVOICE_NOT_FOUND', {
        orderNo: order.orderNo,
      });
    }
    const failed =
      invoice.status === 'failed'
        ? [invoice]
        : await tx
            .select()
            .from(einvoices)
            .where(
              and(eq(einvoices.orderId, order.id), eq(einvoices.kind, 'adjustment'), eq(einvoices.status, 'failed')),
            )
            .for('update');
    if (failed.length === 0) {
      throw conflict(
        `Order ${order.orderNo}'s e-invoice is ${invoice.status}, not failed: there is nothing to retry`,
      ).because('EINVOICE_NOT_FAILED', { orderNo: order.orderNo, status: invoice.status });
    }
    for (const row of failed) await requeueFailed(tx, row);
    await changeOrderRow(tx, order.id, {});
    record({ type: 'einvoice.changed', branchId, orderId: order.id });
    const updated = await loadOrder(tx, branchId, order.id);
    recordOrderChange(record, order, updated);
    return updated;
  });
}
