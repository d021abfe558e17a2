import type { Order } from '@quan/contract/order';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { newId } from '../../lib/ids';
import type { BranchPrintersCache } from './branch-printers';
import { billPayload, type BillSettings } from './queue-bill';
import * as repo from './repository';

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
  const jobs: Parameters<typeof repo.insertJobs>[1] = [];

  if (cause.receipt && receiptPrinter) {
    const order = await cause.receipt.order();
    const copy = await cause.receipt.copy();
    jobs.push({
      id: newId(),
      branchId,
      printerId: receiptPrinter.id,
      kind: 'receipt',
      payload: await billPayload(tx, { branchId, order, copy, settings: cause.receipt.settings }),
      opensDrawer: cause.cash && receiptPrinter.hasDrawer,
      orderId: order._id,
      causeKey: `receipt:${order._id}:${copy}@${receiptPrinter.id}`,
      userId: cause.userId,
    });
  }
  const drawerOpensWithReceipt = receiptPrinter !== undefined && receiptPrinter.hasDrawer;
  if (drawerPrinter && !drawerOpensWithReceipt) {
    jobs.push({
      id: newId(),
      branchId,
      printerId: drawerPrinter.id,
      kind: 'drawer',
      payload: { drawerOnly: true },
      opensDrawer: true,
      causeKey: `drawer:${cause.key}@${drawerPrinter.id}`,
      userId: cause.userId,
    });
  }
  if (jobs.length === 0) return;
  await repo.insertJobs(tx, jobs);
  record({ type: 'print.queue-changed', branchId });
}
