import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { asReprint, encodePayload } from './payload';
import type { SettingsService } from '../settings/service';
import * as repo from './repository';
import { PrinterTransportError, readPrinterStatus, sendToPrinter } from './transport/tcp-printer';

/** How long one instance holds a printer's queue; renewed by taking it again. A crashed holder's lapses. */
const LEASE_SECONDS = 60;
/** A job's bytes must have reached the printer by then (a 30-line receipt's raster takes a second or two). */
const SEND_TIMEOUT_MS = 15_000;
const STATUS_TIMEOUT_MS = 2_000;
/** Jobs wait between tries 1 s, 2 s, 4 s … up to this. */
const MAX_RETRY_MS = 30_000;
/** How often an instance looks for due jobs with no news (retries come due; another instance stopped). */
const POLL_MS = 2_000;

/** Errors after which part of the job may be on paper already. */
const mayHavePrinted = new Set(['in_flight', 'timeout', 'reset']);
const printerNotReady = new Set(['paper_out', 'cover_open', 'offline', 'unreachable']);

const reprintBanner = { vi: 'IN LẠI', en: 'REPRINT' } as const;

const retryDelay = (attempts: number) => Math.min(MAX_RETRY_MS, 1000 * 2 ** Math.max(0, attempts - 1));

/**
 * Sends the durable print queue to the printers. Every instance runs one; a printer's queue is sent by the one
 * instance holding its lease, oldest job first, and a job that fails holds the jobs behind it (a kitchen reads
 * its tickets in order). A job that waited longer than its printer's fallback time goes to the fallback.
 */
export function createPrintWorker(deps: {
  db: Database;
  bus: Pick<EventBus, 'on' | 'publish'>;
  settings: Pick<SettingsService, 'get'>;
  log: FastifyBaseLogger;
}) {
  const { db, bus, log } = deps;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function printQueue(printer: repo.PrinterRow): Promise<boolean> {
    const address = { host: printer.host, port: printer.port };
    let changed = false;
    for (const job of await repo.queueOf(db, printer.id)) {
      if (stopped || job.nextAttemptAt.getTime() > Date.now()) break;
      let failure: string | null = null;
      if (job.lastError !== null) {
        // After a failure, ask the printer before sending again: off or out of paper, the job keeps waiting.
        const { status } = await readPrinterStatus(address, { timeoutMs: STATUS_TIMEOUT_MS });
        if (status !== printer.status) await repo.recordStatus(db, printer.id, status);
        if (printerNotReady.has(status)) failure = status;
      }
      if (failure === null) {
        const payload = mayHavePrinted.has(job.lastError ?? '')
          ? asReprint(job.payload, reprintBanner[(await deps.settings.get(printer.branchId)).language])
          : job.payload;
        const bytes = encodePayload(payload, {
          paperWidth: printer.paperWidth === 58 ? 58 : 80,
          mode: printer.mode,
          codepage: printer.codepage ?? undefined,
          cut: true,
          openDrawer: job.opensDrawer && printer.hasDrawer,
        });
        await repo.markSending(db, job.id);
        try {
          await sendToPrinter(address, bytes, { timeoutMs: SEND_TIMEOUT_MS });
          await repo.markPrinted(db, job.id);
          if (printer.status !== 'online') {
            await repo.recordStatus(db, printer.id, 'online');
            printer.status = 'online';
          }
          changed = true;
          continue;
        } catch (error) {
          if (!(error instanceof PrinterTransportError)) throw error;
          failure = error.kind;
          if (error.kind === 'unreachable') await repo.recordStatus(db, printer.id, 'unreachable');
        }
      }
      await repo.markFailed(db, job.id, failure, retryDelay(job.attempts + 1));
      log.warn({ printer: printer.name, job: job.id, failure }, 'a print job waits for its printer');
      if (printer.fallbackPrinterId) await repo.redirectOldJobs(db, printer, printer.fallbackPrinterId);
      return true;
    }
    return changed;
  }

  async function drain(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const printer = await repo.leaseDuePrinter(db, LEASE_SECONDS);
      if (!printer) return;
      try {
        if (await printQueue(printer)) bus.publish([{ type: 'print.queue-changed', branchId: printer.branchId }]);
      } finally {
        await repo.releasePrinter(db, printer.id);
      }
    }
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'the print queue stopped on an error; it tries again'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        } else if (!stopped) timer = setTimeout(run, POLL_MS);
      });
  }

  bus.on('print.queue-changed', () => run());

  return {
    start: run,
    /** Finishes the job on its way (bounded by the send timeout) and takes no other. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
