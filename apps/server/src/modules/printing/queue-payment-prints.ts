import type { Order } from '@quan/contract/order';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { printJobs } from '../../db/schema/printing';
import type { RecordEvent } from '../../events/transact';
import type { BranchPrintersCache } from './branch-printers';
import type { PrintPayload } from './payload';
import { billPayload, type BillSettings } from './queue-bill';
import { drawerJobs, enqueue, jobsOn } from './enqueue';

/**
 * How long the receipt of an order completed with e-invoicing on waits for its invoice, so that it prints the
 * invoice's number and lookup code: the worker issues in a second or two, and releases it the moment it has
 * (`releaseHeldReceipt`). A provider slower than this, or down, does not keep the guest waiting: the receipt
 * prints saying the invoice is being issued, and a reprint carries the number. The jobs behind it on that
 * printer wait as long, at most.
 */
export const RECEIPT_WAITS_FOR_INVOICE_SECONDS = 6;

/** An order whose sale invoice was queued with its completion, and is not issued yet. */
const waitsForInvoice = (order: Order) => order.invoice?.status === 'waiting';

/**
 * Once the order's invoice is issued (or refused, which no wait will change), its receipt held for it prints now:
 * with the invoice, when `payload` is its paper made again. A receipt its printer has taken already is left as it
 * is. Answers whether one was released.
 */
export async function releaseHeldReceipt(
  tx: Executor,
  record: RecordEvent,
  held: { branchId: string; orderId: string; payload?: (copy: number) => Promise<PrintPayload> },
): Promise<boolean> {
  const waiting = await tx
    .select({ id: printJobs.id, causeKey: printJobs.causeKey })
    .from(printJobs)
    .where(
      and(
        eq(printJobs.orderId, held.orderId),
        eq(printJobs.kind, 'receipt'),
        eq(printJobs.status, 'queued'),
        eq(printJobs.attempts, 0),
        sql`${printJobs.nextAttemptAt} > now()`,
      ),
    )
    .for('update');
  for (const job of waiting) {
    // The cause names the copy: `receipt:<order>:<copy>@<printer>`.
    const copy = Number(/^receipt:[^:]+:(\d+)@/.exec(job.causeKey ?? '')?.[1] ?? 1);
    const payload = held.payload ? await held.payload(copy) : undefined;
    await tx
      .update(printJobs)
      .set({ nextAttemptAt: sql`now()`, ...(payload ? { payload } : {}) })
      .where(eq(printJobs.id, job.id));
  }
  if (waiting.length > 0) record({ type: 'print.queue-changed', branchId: held.branchId });
  return waiting.length > 0;
}

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

  let drawerOpensWithReceipt = false;
  if (cause.receipt && receiptPrinter) {
    const order = await cause.receipt.order();
    const copy = await cause.receipt.copy();
    const payload = await billPayload(tx, { branchId, order, copy, settings: cause.receipt.settings });
    const held = waitsForInvoice(order);
    // A receipt held for its invoice never holds the drawer: the pulse goes first, on its own, and opens it now.
    if (held && cause.cash && receiptPrinter.hasDrawer) {
      jobs.push(...drawerJobs(receiptPrinter, `drawer:${cause.key}`, { branchId, userId: cause.userId }));
    }
    drawerOpensWithReceipt = receiptPrinter.hasDrawer && !held;
    jobs.push(
      ...jobsOn([receiptPrinter], `receipt:${order._id}:${copy}`, {
        branchId,
        kind: 'receipt',
        payload,
        opensDrawer: cause.cash && drawerOpensWithReceipt,
        orderId: order._id,
        userId: cause.userId,
        ...(held ? { nextAttemptAt: new Date(Date.now() + RECEIPT_WAITS_FOR_INVOICE_SECONDS * 1000) } : {}),
      }),
    );
  }
  if (drawerPrinter && !drawerOpensWithReceipt && !jobs.some((job) => job.kind === 'drawer')) {
    jobs.push(...drawerJobs(drawerPrinter, `drawer:${cause.key}`, { branchId, userId: cause.userId }));
  }
  await enqueue(tx, record, branchId, jobs);
}
