import { issuedInvoiceOf } from './order-invoice';
import { markSending, storeCancelled, storeIssued } from './record-outcome';
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
 * One try of a sale invoice a full refund asked to cancel (`cancelling`), which `deps.lease` holds. It goes to
 * the provider even while the branch has switched e-invoicing off: the switch says whether completed orders are
 * invoiced, and an invoice already issued for money given back has to be cancelled all the same.
 *
 * After a try whose outcome was not stored (the issuing create's, or this cancellation's own) the sale is looked
 * up first: the provider never had it, nothing is cancelled and the row is; it has it, and says it is cancelled,
 * that is stored; it has it otherwise, its number is stored and the cancellation goes out (a provider that
 * answers it was cancelled already, the lost answer's doing, has it cancelled all the same).
 */
export async function cancelOne(deps: IssueDeps, row: EinvoiceRow): Promise<TryResult> {
  const { db, lease } = deps;
  const started = await startTry(deps, row, { needsEnabled: false });
  if (!started) return 'unchanged';
  const { provider, attempts, lookup } = started;
  const issued = issuedInvoiceOf(row);
  const cancelled = async () => toTryResult(await storeCancelled(db, row.id));

  if (lookup) {
    if (lookup.kind === 'not-found' && !issued) return cancelled();
    if (lookup.kind === 'not-found') {
      return storeNotSent(
        deps,
        row,
        `The provider has no invoice ${issued!.invoiceNumber} to cancel (transaction ${row.transactionId})`,
      );
    }
    if (lookup.kind !== 'issued') return storeFailure(deps, row, attempts, lookup, false);
    if (lookup.cancelled) return cancelled();
    // Issued by a try whose answer was lost: its number is stored (the row stays cancelling, and is taken again
    // at once), so that the cancellation names it.
    if (!issued) return toTryResult((await storeIssued(db, row.id, lookup.invoice)) !== null);
  } else if (!issued) {
    // Never sent: there is nothing at the provider to cancel.
    return cancelled();
  }

  if (!(await markSending(db, row.id, lease, 'cancelling'))) return 'unchanged';
  const outcome = await provider.cancel({ invoice: issued!, reason: refundReasonOf(row) });
  await deps.beforeStoring?.(row);
  if (outcome.kind === 'cancelled') return cancelled();
  return storeFailure(deps, row, attempts, outcome, true);
}
