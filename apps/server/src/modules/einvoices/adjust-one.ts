import { eq } from 'drizzle-orm';
import { branches } from '../../db/schema/branches';
import { einvoices } from '../../db/schema/einvoices';
import { issuedInvoiceOf } from './order-invoice';
import { checkInvoiceAddsUp, invoiceBuyerOf, totalsOf, type EInvoice } from './provider';
import { markSending, storeIssued } from './record-outcome';
import type { EinvoiceSettingsRow } from './settings-repository';
import {
  refundReasonOf,
  startTry,
  storeFailure,
  storeNotSent,
  toTryResult,
  type IssueDeps,
  type TryResult,
} from './start-try';
import type { EinvoiceRow } from './take-due';

/**
 * One try of an adjustment invoice (a partial refund's reduction of the order's issued sale invoice) that
 * `deps.lease` holds. Its lines and rates were fixed when the money was given back; its seller and buyer are the
 * sale's. Like a sale, after a try whose outcome was not stored it is first looked up by its own transaction id,
 * and sent again only when the provider has none. Like a cancellation, it goes out while the branch has switched
 * e-invoicing off: the sale it corrects was issued already.
 *
 * Answers `changed` (or `failed`), never `issued`: what follows an issued sale (its held receipt printed) is not
 * an adjustment's.
 */
export async function adjustOne(deps: IssueDeps, row: EinvoiceRow): Promise<TryResult> {
  const { db, lease } = deps;
  const started = await startTry(deps, row, { needsEnabled: false });
  if (!started) return 'unchanged';
  const { settings, provider, attempts, lookup } = started;

  if (lookup?.kind === 'issued') return toTryResult((await storeIssued(db, row.id, lookup.invoice)) !== null);
  if (lookup && lookup.kind !== 'not-found') return storeFailure(deps, row, attempts, lookup, false);

  const [sale] = row.originalId ? await db.select().from(einvoices).where(eq(einvoices.id, row.originalId)) : [];
  const original = sale && sale.status === 'issued' ? issuedInvoiceOf(sale) : null;
  if (!sale || !original) {
    return storeNotSent(
      deps,
      row,
      `The sale invoice this adjustment reduces is not issued (${sale?.status ?? 'missing'})`,
    );
  }
  const adjustment = await adjustmentInvoice(deps, row, sale, settings);
  const problem = checkInvoiceAddsUp(adjustment);
  if (problem) {
    deps.log.error({ orderId: row.orderId, problem }, 'an e-invoice adjustment does not add up; it is not sent');
    return storeNotSent(deps, row, `The adjustment does not add up: ${problem}`);
  }

  if (!(await markSending(db, row.id, lease))) return 'unchanged';
  const outcome = await provider.adjust({ adjustment, original, reason: refundReasonOf(row) });
  await deps.beforeStoring?.(row);
  if (outcome.kind === 'issued') return toTryResult((await storeIssued(db, row.id, outcome.invoice)) !== null);
  return storeFailure(deps, row, attempts, outcome, true);
}

/** The adjustment as the provider takes it: the amounts fixed at the refund, between the sale's seller and buyer. */
async function adjustmentInvoice(
  deps: IssueDeps,
  row: EinvoiceRow,
  sale: EinvoiceRow,
  settings: EinvoiceSettingsRow,
): Promise<EInvoice> {
  const [[branch], restaurant] = await Promise.all([
    deps.db.select().from(branches).where(eq(branches.id, row.branchId)),
    deps.settings.get(row.branchId),
  ]);
  const taxesByRate = row.taxesByRate ?? [];
  return {
    transactionId: row.transactionId,
    seller: {
      taxCode: settings.sellerTaxCode,
      legalName: restaurant.restaurantName,
      address: branch?.address ?? '',
      ...(branch?.phone ? { phone: branch.phone } : {}),
    },
    buyer: invoiceBuyerOf(sale.buyer),
    lines: row.lines ?? [],
    taxesByRate,
    totals: totalsOf(taxesByRate),
    // Money given back, by whichever way it was paid: the law's wording for a method not settled on one.
    paymentMethod: 'mixed',
    paid: true,
    // The day it is issued, as for a sale: a series is numbered in the order of its dates.
    issuedAt: new Date(),
  };
}
