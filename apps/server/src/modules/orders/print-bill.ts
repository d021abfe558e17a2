import { billPrintKindOf, type BillPrintKind, type PrintBillResult } from '@quan/contract/order';
import { conflict, notFound } from '../../lib/app-error';
import type { OrdersDeps } from './deps';
import * as repo from './repository';

/**
 * POST /api/order/{id}/prints: counts a print of an order's provisional bill or its receipt and answers which
 * copy it is, so every copy after the first says REPRINT (a guest handed a second bill, or a receipt printed
 * again, is told so on the paper). A receipt says the bill is paid: an order with something still due has none.
 */
export async function printBill(
  deps: OrdersDeps,
  branchId: string,
  target: { orderId: string; kind: BillPrintKind },
): Promise<PrintBillResult> {
  const { orderId, kind } = target;
  // Nothing the screens follow changes, so no event and no order version. The order's row is locked so a
  // receipt asked for just after the last payment waits for that payment, and never counts an unpaid one.
  return deps.transact(async (tx) => {
    const order = await repo.lockOrder(tx, branchId, orderId);
    if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
    if (kind === 'receipt' && billPrintKindOf(order) !== 'receipt') {
      throw conflict(`Order ${order.orderNo} is not paid yet: print its provisional bill`).because('RECEIPT_UNPAID', {
        orderNo: order.orderNo,
      });
    }
    return { kind, copies: await repo.countBillPrint(tx, { orderId, kind }) };
  });
}
