import type { Executor } from '../../db/client';
import type { SettingsService } from '../settings/service';
import { asReprint, encodePayload } from './payload';
import * as repo from './repository';

/** Jobs wait between tries 1 s, 2 s, 4 s … up to this. */
const MAX_RETRY_MS = 30_000;
const retryDelay = (attempts: number) => Math.min(MAX_RETRY_MS, 1000 * 2 ** Math.max(0, attempts - 1));

/** The last tries after which part of the job may be on paper already: it prints again as a reprint. */
const mayHavePrinted = new Set(['in_flight', 'timeout', 'reset']);
const reprintBanner = { vi: 'IN LẠI', en: 'REPRINT' } as const;

export type DeliveryFailure =
  'unreachable' | 'timeout' | 'reset' | 'refused_address' | 'paper_out' | 'cover_open' | 'offline';

/**
 * The next job of a printer whose lease the caller holds, encoded for it, or nothing when its oldest job is not
 * due yet (a later job never overtakes it: a kitchen reads its tickets in order). A job whose last try may have
 * printed part of it prints again with "IN LẠI" at the top.
 */
export async function nextDelivery(
  db: Executor,
  settings: Pick<SettingsService, 'get'>,
  printer: repo.PrinterRow,
): Promise<{ job: repo.PrintJobRow; bytes: Uint8Array } | null> {
  const job = await repo.headOfQueue(db, printer.id);
  if (!job || job.nextAttemptAt.getTime() > Date.now()) return null;
  const payload = mayHavePrinted.has(job.lastError ?? '')
    ? asReprint(job.payload, reprintBanner[(await settings.get(printer.branchId)).language])
    : job.payload;
  const bytes = encodePayload(payload, {
    paperWidth: printer.paperWidth === 58 ? 58 : 80,
    mode: printer.mode,
    codepage: printer.codepage ?? undefined,
    cut: true,
    openDrawer: job.opensDrawer && printer.hasDrawer,
  });
  return { job, bytes };
}

/**
 * What became of a job: printed, or still waiting with its next try pushed back. After a failure the jobs that
 * waited past the printer's fallback time go to its fallback printer.
 */
export async function recordDelivery(
  db: Executor,
  printer: repo.PrinterRow,
  job: repo.PrintJobRow,
  outcome: { printed: true } | { printed: false; failure: DeliveryFailure },
): Promise<void> {
  if (outcome.printed) {
    await repo.markPrinted(db, job.id);
    if (printer.status !== 'online') await repo.recordStatus(db, printer.id, 'online');
    return;
  }
  await repo.markFailed(db, job.id, outcome.failure, retryDelay(job.attempts + 1));
  if (outcome.failure === 'unreachable') await repo.recordStatus(db, printer.id, 'unreachable');
  if (printer.fallbackPrinterId) await repo.redirectOldJobs(db, printer, printer.fallbackPrinterId);
}
