import { asc, eq } from 'drizzle-orm';
import { branches } from '../../db/schema/branches';
import { orderLines, orders } from '../../db/schema/orders';
import { orderPayments } from '../../db/schema/payments';
import { buildSaleInvoice, SaleInvoiceMismatch } from './build-sale-invoice';
import { checkInvoiceAddsUp, type EInvoice, type IssuedEInvoice } from './provider';
import { markSending, storeIssued } from './record-outcome';
import type { EinvoiceSettingsRow } from './settings-repository';
import { startTry, storeFailure, storeNotSent, type IssueDeps, type TryResult } from './start-try';
import type { EinvoiceRow } from './take-due';

/**
 * One try of a queued sale invoice that `deps.lease` holds, while its branch has e-invoicing on. After a try whose
 * outcome was not stored (no answer, a crash after sending) the invoice is first looked up by its transaction id:
 * found, it is stored and nothing is sent; only when the provider has none is it sent again. Before the invoice
 * goes out, `outcome_unknown` is committed, so a crash at any point after it leads the next try to that lookup.
 */
export async function issueOne(deps: IssueDeps, row: EinvoiceRow): Promise<TryResult> {
  const { db, lease } = deps;
  const started = await startTry(deps, row, { needsEnabled: true });
  if (!started) return 'unchanged';
  const { settings, provider, attempts, lookup } = started;

  if (lookup?.kind === 'issued') return storeIssuedSale(deps, row, lookup.invoice);
  if (lookup && lookup.kind !== 'not-found') return storeFailure(deps, row, attempts, lookup, false);

  let invoice: EInvoice;
  try {
    invoice = await saleInvoice(deps, row, settings);
  } catch (error) {
    if (!(error instanceof SaleInvoiceMismatch)) throw error;
    deps.log.error({ orderId: row.orderId, err: error }, 'an e-invoice does not match its order; it is not sent');
    return storeNotSent(deps, row, error.message);
  }
  const problem = checkInvoiceAddsUp(invoice);
  if (problem) {
    deps.log.error({ orderId: row.orderId, problem }, 'an e-invoice does not add up; it is not sent');
    return storeNotSent(deps, row, `The invoice does not add up: ${problem}`);
  }

  if (!(await markSending(db, row.id, lease))) return 'unchanged';
  const outcome = await provider.issue(invoice);
  await deps.beforeStoring?.(row);
  if (outcome.kind === 'issued') return storeIssuedSale(deps, row, outcome.invoice);
  return storeFailure(deps, row, attempts, outcome, true);
}

/**
 * What storing the issued sale did: `issued`, or only `changed` when a full refund asked meanwhile to cancel it
 * (it stays `cancelling`, and its receipt is not to carry an invoice on its way to being cancelled).
 */
async function storeIssuedSale(deps: IssueDeps, row: EinvoiceRow, invoice: IssuedEInvoice): Promise<TryResult> {
  const status = await storeIssued(deps.db, row.id, invoice);
  return status === 'issued' ? 'issued' : status === 'cancelling' ? 'changed' : 'unchanged';
}

/** The order's invoice as it stands now: its bill, its payments, the branch as seller, the buyer the row names. */
async function saleInvoice(deps: IssueDeps, row: EinvoiceRow, settings: EinvoiceSettingsRow): Promise<EInvoice> {
  const { db } = deps;
  const [[order], [branch], lines, payments, restaurant] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, row.orderId)),
    db.select().from(branches).where(eq(branches.id, row.branchId)),
    db.select().from(orderLines).where(eq(orderLines.orderId, row.orderId)).orderBy(asc(orderLines.position)),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, row.orderId)),
    deps.settings.get(row.branchId),
  ]);
  if (!order || !branch) throw new SaleInvoiceMismatch(`Order ${row.orderId} or its branch no longer exists`);
  return buildSaleInvoice({
    transactionId: row.transactionId,
    order,
    lines,
    payments,
    seller: {
      taxCode: settings.sellerTaxCode,
      legalName: restaurant.restaurantName,
      address: branch.address,
      ...(branch.phone ? { phone: branch.phone } : {}),
    },
    buyer: row.buyer,
    // The day it is issued: a provider numbers a series in the order of its dates, so an invoice tried again
    // tomorrow cannot carry yesterday's.
    issuedAt: new Date(),
  });
}
