import type { Order } from '@quan/contract/order';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import type { BranchPrintersCache } from './branch-printers';
import { billPayload, type BillSettings } from './queue-bill';
import { drawerJobs, enqueue, jobsOn } from './enqueue';

export interface PaymentPrintCause {
  branchId: string;
  /** The money that moved, `payment:<id>` or `refund:<id>`: its drawer opens once, whatever retries it. */
  key: string;
  /** Cash went in or out: the drawer opens. */
  cash: boolean;
  /**
   * Set when this payment settled the order: its receipt prints by itself. `copy` counts the copy, asked only
   * when a printer takes it, so that a receipt printed later from a screen says "IN LẠI".
   */
  receipt: { order: () => Promise<Order>; copy: () => Promise<number>; settings: BillSettings } | null;
  userId: string | null;
}

/**
 * Inside the transaction of a payment or a refund: the receipt on the branch's receipt printer once the order
 * is paid in full, and the cash drawer opened on cash, by the receipt itself when the drawer hangs on the same
 * printer, else by a pulse alone on the printer that has it. No audit row: the payment is the record.
 */
export async function queuePaymentPrints(
  printers: BranchPrintersCache,
  tx: Executor,
  record: RecordEvent,
  cause: PaymentPrintCause,
): Promise<void> {
  const { branchId } = cause;
  const branchPrinters = await printers.inTransaction(tx, branchId);
  const receiptPrinter = cause.receipt ? branchPrinters.find((one) => one.printsReceipts) : undefined;
  const drawerPrinter = cause.cash ? branchPrinters.find((one) => one.hasDrawer) : undefined;
  const jobs: Parameters<typeof enqueue>[3] = [];

  if (cause.receipt && receiptPrinter) {
    const order = await cause.receipt.order();
    const copy = await cause.receipt.copy();
    const payload = await billPayload(tx, { branchId, order, copy, settings: cause.receipt.settings });
    jobs.push(
      ...jobsOn([receiptPrinter], `receipt:${order._id}:${copy}`, {
        branchId,
        kind: 'receipt',
        payload,
        opensDrawer: cause.cash && receiptPrinter.hasDrawer,
        orderId: order._id,
        userId: cause.userId,
      }),
    );
  }
  const drawerOpensWithReceipt = receiptPrinter !== undefined && receiptPrinter.hasDrawer;
  if (drawerPrinter && !drawerOpensWithReceipt) {
    jobs.push(...drawerJobs(drawerPrinter, `drawer:${cause.key}`, { branchId, userId: cause.userId }));
  }
  await enqueue(tx, record, branchId, jobs);
}
