import type { PrintJobError } from '@quan/contract/printers';
import type { Executor } from '../../db/client';
import type { SettingsService } from '../settings/service';
import { clockTime } from './clock-text';
import { asReprint, encodePayload, withHeadline } from './payload';
import * as repo from './repository';

/** How long a sender holds a printer's queue; renewed before each job, so it bounds one job, not a backlog. */
const LEASE_SECONDS = 60;
/** Jobs wait between tries 1 s, 2 s, 4 s … up to this. */
const MAX_RETRY_MS = 30_000;
const retryDelay = (attempts: number) => Math.min(MAX_RETRY_MS, 1000 * 2 ** Math.max(0, attempts - 1));

/** The last tries after which part of the job may be on paper already. */
const cutOff = new Set(['in_flight', 'timeout', 'reset']);
const reprintBanner = { vi: 'IN LẠI', en: 'REPRINT' } as const;
/** A job that waited longer than this for its printer says so on paper, with the time it finally printed. */
const LATE_AFTER_MS = 60_000;
const lateHeadline = {
  vi: (at: string, minutes: number) => `IN TRỄ ${at} · chờ ${minutes} phút`,
  en: (at: string, minutes: number) => `PRINTED LATE ${at} · waited ${minutes} min`,
} as const;

/** Why a try failed: every error a job records but the mark of a try under way. */
export type DeliveryFailure = Exclude<PrintJobError, 'in_flight'>;

/** Who sends: an instance's worker (the printers it reaches itself) or a print bridge (its own printers). */
export interface Sender {
  holder: string;
  bridgeId: string | null;
}

/** A printer with a due job that no one is sending, now held by `sender`. */
export const leaseNextPrinter = (db: Executor, sender: Sender) =>
  repo.leaseDuePrinter(db, { holder: sender.holder, seconds: LEASE_SECONDS, bridgeId: sender.bridgeId });

export const releasePrinter = (db: Executor, printerId: string, sender: Sender) =>
  repo.releasePrinter(db, printerId, sender.holder);

export interface Delivery {
  /** The printer as it stands now (its address, mode or bridge may have changed since it was leased). */
  printer: repo.PrinterRow;
  job: repo.PrintJobRow;
  bytes: Uint8Array;
}

/**
 * The next job of a printer `sender` holds, encoded for it, after renewing the lease: nothing when the lease was
 * lost, the printer now belongs to another sender, or its oldest job is not due yet (a later job never overtakes
 * it: a kitchen reads its tickets in order). A job an earlier try may have printed part of prints as "IN LẠI".
 */
export async function nextDelivery(
  db: Executor,
  settings: Pick<SettingsService, 'get'>,
  printerId: string,
  sender: Sender,
): Promise<Delivery | null> {
  const printer = await repo.renewLease(db, printerId, { holder: sender.holder, seconds: LEASE_SECONDS });
  if (!printer || printer.bridgeId !== sender.bridgeId) return null;
  const job = await repo.headOfQueue(db, printer.id);
  if (!job || job.nextAttemptAt.getTime() > Date.now()) return null;
  const { language, timezone } = await settings.get(printer.branchId);
  const waitedMs = Date.now() - job.createdAt.getTime();
  let payload = job.payload;
  if (job.mayHavePrinted || cutOff.has(job.lastError ?? '')) payload = asReprint(payload, reprintBanner[language]);
  if (waitedMs > LATE_AFTER_MS) {
    const at = clockTime(timezone, new Date());
    payload = withHeadline(payload, lateHeadline[language](at, Math.round(waitedMs / 60_000)));
  }
  const bytes = encodePayload(payload, {
    paperWidth: printer.paperWidth,
    mode: printer.mode,
    codepage: printer.codepage ?? undefined,
    cut: true,
    openDrawer: job.opensDrawer && printer.hasDrawer,
  });
  return { printer, job, bytes };
}

export type Outcome =
  | { printed: true; attempt: number }
  /** `attempt`: the try that failed; null when the printer said it was not ready and nothing was sent. */
  | { printed: false; failure: DeliveryFailure; attempt: number | null };

/**
 * What became of a job: printed, or still waiting with its next try pushed back; answers false when the answer
 * came too late (the job had another try meanwhile). Once a printer has failed for its fallback time, its jobs
 * go to its fallback printer.
 */
export async function recordDelivery(
  db: Executor,
  printer: repo.PrinterRow,
  job: repo.PrintJobRow,
  outcome: Outcome,
): Promise<boolean> {
  if (outcome.printed) {
    if (!(await repo.markPrinted(db, job.id, outcome.attempt))) return false;
    await repo.markPrinting(db, printer.id, true);
    return true;
  }
  const retryInMs = retryDelay(job.attempts + 1);
  const failure = { error: outcome.failure, attempt: outcome.attempt, retryInMs };
  if (!(await repo.markFailed(db, job.id, failure))) return false;
  if (outcome.failure === 'unreachable') await repo.recordStatus(db, printer.id, 'unreachable');
  await repo.markPrinting(db, printer.id, false);
  await repo.redirectToFallback(db, printer.id);
  return true;
}
