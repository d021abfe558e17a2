import type { Order } from '@quan/contract/order';
import type { Settings } from '@quan/contract/settings';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { chainBranches } from '../branches/service';
import type { BranchPrintersCache } from './branch-printers';
import { clockDateTime, clockTime } from './clock-text';
import { billDocument } from './documents/bill';
import { receiptInvoiceOf, type PrintPayload } from './payload';
import { enqueue, jobsOn } from './enqueue';

/** What a bill or a receipt needs from the branch's settings, read before the transaction. */
export type BillSettings = Pick<Settings, 'language' | 'timezone' | 'restaurantName' | 'bank'>;

export interface BillPrintCause {
  branchId: string;
  kind: 'bill' | 'receipt';
  /** Which copy this is, as counted with the request: the second and later say "IN LẠI". */
  copy: number;
  /** The order as it stands in the transaction, loaded only when the branch has a printer for it. */
  order: () => Promise<Order>;
  settings: BillSettings;
  userId: string | null;
}

/**
 * The paper of an order's bill or receipt, with the branch's name, address, phone, tax code and header lines
 * read through the caller's transaction.
 */
export async function billPayload(
  tx: Executor,
  target: { branchId: string; order: Order; copy: number; settings: BillSettings },
): Promise<PrintPayload> {
  const { order, settings } = target;
  const place = (await chainBranches(tx)).find((branch) => branch.id === target.branchId) ?? null;
  return {
    document: billDocument({
      language: settings.language,
      order,
      restaurantName: settings.restaurantName,
      place,
      bank: settings.bank,
      copy: target.copy,
      // A receipt carries the order's e-invoice (its number and lookup code once issued); a bill has none.
      invoice: receiptInvoiceOf(order.invoice),
      createdAt: clockDateTime(settings.timezone, new Date(order.createdAt)),
      printedAt: clockTime(settings.timezone, new Date()),
    }),
  };
}

/**
 * Inside the transaction that counts a copy of an order's bill or receipt: the paper goes to the branch's bill
 * printer, if it has one. Answers that printer's name, or null when the browser prints it.
 */
export async function queueBill(
  printers: BranchPrintersCache,
  tx: Executor,
  record: RecordEvent,
  cause: BillPrintCause,
): Promise<string | null> {
  const printer = (await printers.inTransaction(tx, cause.branchId)).find((one) => one.printsBills);
  if (!printer) return null;
  const order = await cause.order();
  const payload = await billPayload(tx, {
    branchId: cause.branchId,
    order,
    copy: cause.copy,
    settings: cause.settings,
  });
  const jobs = jobsOn([printer], `${cause.kind}:${order._id}:${cause.copy}`, {
    branchId: cause.branchId,
    kind: cause.kind,
    payload,
    orderId: order._id,
    userId: cause.userId,
  });
  await enqueue(tx, record, cause.branchId, jobs);
  return printer.name;
}
