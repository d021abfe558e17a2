import type { EinvoiceStatus } from '@quan/contract/einvoice';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { einvoices } from '../../db/schema/einvoices';
import type { IssuedEInvoice } from './provider';
import type { Lease } from './take-due';

// What a try changes of a queued invoice. Every write but the issued invoice's names the lease holder: a
// worker whose lease lapsed and was taken over stores nothing, and the worker that took it decides.

/** Tries wait 2 s, 4 s, 8 s … after a failure that may pass, up to this: an outage of the provider is not hammered. */
const MAX_RETRY_MS = 5 * 60_000;
export const retryDelayMs = (attempts: number) => Math.min(MAX_RETRY_MS, 2_000 * 2 ** Math.max(0, attempts - 1));

const heldBy = (id: string, holder: string) => and(eq(einvoices.id, id), eq(einvoices.leaseHolder, holder));
const released = { leaseHolder: null, leaseUntil: null, updatedAt: sql`now()` } as const;

/** A try begins: counted, its lease renewed. Answers the tries so far, or null when the lease was lost meanwhile. */
export async function beginTry(db: Executor, id: string, lease: Lease): Promise<number | null> {
  const [row] = await db
    .update(einvoices)
    .set({
      attempts: sql`${einvoices.attempts} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${lease.seconds})`,
      updatedAt: sql`now()`,
    })
    .where(heldBy(id, lease.holder))
    .returning({ attempts: einvoices.attempts });
  return row?.attempts ?? null;
}

/**
 * Written, and committed, before the invoice goes to the provider: from here on the outcome is unknown until it is
 * stored, so whoever tries next (this worker after a lost answer, another after a crash) looks it up first. Only
 * while the row is still `status` (a create `waiting`, a cancellation `cancelling`): a refund that settled the row
 * meanwhile (a sale cancelled before it was sent, or to be cancelled now) keeps this call from going out.
 */
export async function markSending(
  db: Executor,
  id: string,
  lease: Lease,
  status: EinvoiceStatus = 'waiting',
): Promise<boolean> {
  const marked = await db
    .update(einvoices)
    .set({ outcomeUnknown: true, leaseUntil: sql`now() + make_interval(secs => ${lease.seconds})` })
    .where(and(heldBy(id, lease.holder), eq(einvoices.status, status)))
    .returning({ id: einvoices.id });
  return marked.length > 0;
}

/**
 * The provider holds the invoice: stored whoever holds the row, since it is the same invoice whoever found it
 * (the lookup by transaction id and the create answer alike). A sale a full refund asked to cancel while it was
 * being sent stays `cancelling`, now with the number its cancellation names. Answers the status stored, or null
 * when the row was settled otherwise meanwhile.
 */
export async function storeIssued(
  db: Executor,
  id: string,
  invoice: IssuedEInvoice,
): Promise<'issued' | 'cancelling' | null> {
  const stored = await db
    .update(einvoices)
    .set({
      status: sql`case when ${einvoices.status} = 'cancelling' then 'cancelling' else 'issued' end`,
      invoiceNumber: invoice.invoiceNumber,
      series: invoice.series,
      templateCode: invoice.templateCode,
      lookupCode: invoice.lookupCode,
      taxAuthorityCode: invoice.taxAuthorityCode ?? null,
      issuedAt: invoice.issuedAt,
      outcomeUnknown: false,
      lastError: null,
      failingSince: null,
      ...released,
    })
    .where(and(eq(einvoices.id, id), inArray(einvoices.status, ['waiting', 'cancelling'])))
    .returning({ status: einvoices.status });
  const status = stored[0]?.status;
  return status === 'issued' || status === 'cancelling' ? status : null;
}

/** The provider cancelled the sale invoice (or says it was cancelled already): stored whoever holds the row. */
export async function storeCancelled(db: Executor, id: string): Promise<boolean> {
  const stored = await db
    .update(einvoices)
    .set({
      status: 'cancelled',
      cancelledAt: sql`now()`,
      outcomeUnknown: false,
      lastError: null,
      failingSince: null,
      ...released,
    })
    .where(and(eq(einvoices.id, id), eq(einvoices.status, 'cancelling')))
    .returning({ id: einvoices.id });
  return stored.length > 0;
}

/**
 * A person has to act (the provider refused the invoice, or the sign-in): failed, with the provider's message.
 * `nothingIssued`: the refusal answered the create itself; otherwise whether an earlier try issued it is still
 * unknown, and a retry looks it up first.
 */
export async function storeFailed(
  db: Executor,
  id: string,
  holder: string,
  failure: { message: string; nothingIssued: boolean },
): Promise<boolean> {
  const stored = await db
    .update(einvoices)
    .set({
      status: 'failed',
      lastError: failure.message,
      failingSince: sql`coalesce(${einvoices.failingSince}, now())`,
      ...(failure.nothingIssued ? { outcomeUnknown: false } : {}),
      ...released,
    })
    .where(heldBy(id, holder))
    .returning({ id: einvoices.id });
  return stored.length > 0;
}

/** No answer that can be trusted: the invoice waits again, later each time, and says since when it fails. */
export async function storeRetry(
  db: Executor,
  id: string,
  holder: string,
  failure: { message: string; retryInMs: number },
): Promise<boolean> {
  const stored = await db
    .update(einvoices)
    .set({
      lastError: failure.message,
      failingSince: sql`coalesce(${einvoices.failingSince}, now())`,
      nextAttemptAt: sql`now() + make_interval(secs => ${failure.retryInMs / 1000})`,
      ...released,
    })
    .where(heldBy(id, holder))
    .returning({ id: einvoices.id });
  return stored.length > 0;
}

/**
 * A failed invoice waits again, now, its attempts kept (a person has fixed what was wrong, or asks again). A failed
 * sale with a full refund's reason on it is a cancellation that failed: the cancellation is asked for again, never
 * the sale issued again. Only while it is still failed; answers whether it moved.
 */
export async function requeueFailed(
  db: Executor,
  row: Pick<typeof einvoices.$inferSelect, 'id' | 'kind' | 'reason'>,
): Promise<boolean> {
  const cancelling = row.kind === 'sale' && row.reason !== null;
  const moved = await db
    .update(einvoices)
    .set({ status: cancelling ? 'cancelling' : 'waiting', nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(einvoices.id, row.id), eq(einvoices.status, 'failed')))
    .returning({ id: einvoices.id });
  return moved.length > 0;
}

/** Not tried now (the branch switched e-invoicing off): it waits, unchanged, and is looked at again later. */
export async function postpone(db: Executor, id: string, holder: string, delayMs: number): Promise<void> {
  await db
    .update(einvoices)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`, ...released })
    .where(heldBy(id, holder));
}
