import { billPrintKindOf, type BillPrintKind, type PrintBillResult } from '@quan/contract/order';
import { conflict, notFound } from '../../lib/app-error';
import type { OrdersDeps } from './deps';
import { loadOrder } from './order-view';
import * as repo from './repository';

/**
 * POST /api/order/{id}/prints: counts a print of an order's provisional bill or its receipt and answers which
 * copy it is, so every copy after the first says REPRINT (a guest handed a second bill, or a receipt printed
 * again, is told so on the paper). A receipt says the bill is paid: an order with something still due has none.
 * A branch with a bill printer gets the paper there, and the answer names it; without one the browser prints.
 */
export async function printBill(
  deps: OrdersDeps,
  actor: { id: string; branchId: string },
  target: { orderId: string; kind: BillPrintKind },
): Promise<PrintBillResult> {
  const { orderId, kind } = target;
  const { branchId } = actor;
  const settings = await deps.settings.get(branchId);
  // The order's row is locked so a receipt asked for just after the last payment waits for that payment, and
  // never counts an unpaid one. The screens follow nothing that changes here: no order event, no new version.
  return deps.transact(async (tx, record) => {
    const order = await repo.lockOrder(tx, branchId, orderId);
    if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
    if (kind === 'receipt' && billPrintKindOf(order) !== 'receipt') {
      throw conflict(`Order ${order.orderNo} is not paid yet: print its provisional bill`).because('RECEIPT_UNPAID', {
        orderNo: order.orderNo,
      });
    }
    const copies = await repo.countBillPrint(tx, { orderId, kind });
    const sentTo = await deps.printing.queueBill(tx, record, {
      branchId,
      kind,
      copy: copies,
      order: () => loadOrder(tx, branchId, orderId),
      settings,
      userId: actor.id,
    });
    return { kind, copies, sentTo };
  });
}
