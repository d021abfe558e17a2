import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { SettingsService } from '../settings/service';
import type { EInvoiceProvider, LookupOutcome, ProviderFailure } from './provider';
import { loadEinvoiceSettings } from './provider-for-branch';
import { beginTry, postpone, retryDelayMs, storeFailed, storeRetry } from './record-outcome';
import type { EinvoiceSettingsRow } from './settings-repository';
import type { EinvoiceRow, Lease } from './take-due';

// What the tries of a sale, a cancellation and an adjustment share: how they start, and how they store the
// provider's failures.

/**
 * A branch with no provider account (or, for a sale, with e-invoicing switched off) keeps its queued invoices;
 * they are looked at again this much later.
 */
const NOT_NOW_RECHECK_MS = 10 * 60_000;

export interface IssueDeps {
  db: Database;
  lease: Lease;
  /** The adapter of a branch's provider, from its stored settings. */
  provider(settings: EinvoiceSettingsRow): EInvoiceProvider;
  settings: Pick<SettingsService, 'get'>;
  log: FastifyBaseLogger;
  /**
   * Called once the provider has answered a create and before its answer is stored: a test stands a crash of
   * the instance in here (it throws, and nothing is stored).
   */
  beforeStoring?: (row: EinvoiceRow) => Promise<void>;
}

/**
 * What a try did: `changed` when the invoice's state moved (the screens hear of it); for a sale, `issued` when it
 * was issued and `failed` when it now waits for a person (either way its held receipt need wait no longer).
 */
export type TryResult = 'unchanged' | 'changed' | 'issued' | 'failed';

export const toTryResult = (changed: boolean): TryResult => (changed ? 'changed' : 'unchanged');

export interface StartedTry {
  settings: EinvoiceSettingsRow;
  provider: EInvoiceProvider;
  /** The tries so far, this one included. */
  attempts: number;
  /**
   * What the provider holds under the row's transaction id, asked for when an earlier try's outcome was not stored
   * (no answer, a crash after sending); null when there was none.
   */
  lookup: LookupOutcome | null;
}

/**
 * The start of every try of a row `deps.lease` holds: its branch's settings (none, or switched off when
 * `needsEnabled`: the row waits, unchanged), the try counted and its lease renewed, and the lookup by transaction
 * id when the last try's outcome is unknown. Null: nothing more to do now.
 */
export async function startTry(
  deps: IssueDeps,
  row: EinvoiceRow,
  { needsEnabled }: { needsEnabled: boolean },
): Promise<StartedTry | null> {
  const { db, lease } = deps;
  const settings = await loadEinvoiceSettings(db, row.branchId);
  if (!settings || (needsEnabled && !settings.enabled)) {
    await postpone(db, row.id, lease.holder, NOT_NOW_RECHECK_MS);
    return null;
  }
  const attempts = await beginTry(db, row.id, lease);
  if (attempts === null) return null;
  const provider = deps.provider(settings);
  const lookup = row.outcomeUnknown ? await provider.findByTransaction(row.transactionId) : null;
  return { settings, provider, attempts, lookup };
}

/**
 * Stores a provider's failure. A refusal of the invoice or of the sign-in needs a person (the failed list shows
 * the provider's message): answers `failed`. No answer that can be trusted, or a lookup the provider could not
 * answer, is tried again later by itself. `answeredSend`: the refusal answered the create, cancellation or
 * adjustment itself, so nothing was done; a lookup's refusal leaves an earlier try's outcome unknown.
 */
export async function storeFailure(
  deps: IssueDeps,
  row: EinvoiceRow,
  attempts: number,
  found: ProviderFailure,
  answeredSend: boolean,
): Promise<TryResult> {
  const { db, lease } = deps;
  if (found.kind === 'sign-in-refused' || (found.kind === 'refused' && answeredSend)) {
    const failed = await storeFailed(db, row.id, lease.holder, { message: found.message, nothingIssued: answeredSend });
    return failed ? 'failed' : 'unchanged';
  }
  deps.log.warn({ orderId: row.orderId, failure: found.message }, 'an e-invoice waits to be tried again');
  const retried = await storeRetry(db, row.id, lease.holder, {
    message: found.message,
    retryInMs: retryDelayMs(attempts),
  });
  return toTryResult(retried);
}

/** A try that cannot be sent (it does not add up, or does not match its order): failed for a person to look at. */
export async function storeNotSent(deps: IssueDeps, row: EinvoiceRow, message: string): Promise<TryResult> {
  const failed = await storeFailed(deps.db, row.id, deps.lease.holder, { message, nothingIssued: false });
  return failed ? 'failed' : 'unchanged';
}

/** What a cancellation or an adjustment says when its row has no reason (a refund always writes one). */
export const refundReasonOf = (row: EinvoiceRow): string =>
  row.reason ?? (row.kind === 'adjustment' ? 'Hoàn tiền một phần đơn hàng' : 'Hoàn tiền toàn bộ đơn hàng');
