import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { SettingsService } from '../settings/service';
import { nextDelivery, recordDelivery, type DeliveryFailure } from './job-delivery';
import * as repo from './repository';
import { PrinterTransportError, readPrinterStatus, sendToPrinter } from './transport/tcp-printer';

/** How long one instance holds a printer's queue. A crashed holder's lease lapses and another takes it. */
const LEASE_SECONDS = 60;
/** A job's bytes must have reached the printer by then (a 30-line receipt's raster takes a second or two). */
const SEND_TIMEOUT_MS = 15_000;
const STATUS_TIMEOUT_MS = 2_000;
/** How often an instance looks for due jobs with no news (retries come due; another instance stopped). */
const POLL_MS = 2_000;

const printerNotReady = new Set<string>(['paper_out', 'cover_open', 'offline', 'unreachable']);

/**
 * Sends the durable print queue to the printers this server reaches itself (a print bridge sends its own).
 * Every instance runs one; a printer's queue is sent by the one holding its lease, oldest job first, and a job
 * that fails holds the jobs behind it.
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

  /** Sends the printer's due jobs in order until one fails; says whether anything changed. */
  async function printQueue(printer: repo.PrinterRow): Promise<boolean> {
    const address = { host: printer.host, port: printer.port };
    let changed = false;
    for (let delivery = await nextDelivery(db, deps.settings, printer); delivery && !stopped;) {
      const { job, bytes } = delivery;
      let failure: DeliveryFailure | null = null;
      if (job.lastError !== null) {
        // After a failure, ask the printer before sending again: off or out of paper, the job keeps waiting.
        const { status } = await readPrinterStatus(address, { timeoutMs: STATUS_TIMEOUT_MS });
        if (status !== printer.status) await repo.recordStatus(db, printer.id, status);
        if (printerNotReady.has(status)) failure = status as DeliveryFailure;
      }
      if (failure === null) {
        await repo.markSending(db, job.id);
        try {
          await sendToPrinter(address, bytes, { timeoutMs: SEND_TIMEOUT_MS });
        } catch (error) {
          if (!(error instanceof PrinterTransportError)) throw error;
          failure = error.kind;
        }
      }
      await recordDelivery(db, printer, job, failure === null ? { printed: true } : { printed: false, failure });
      changed = true;
      if (failure !== null) {
        log.warn({ printer: printer.name, job: job.id, failure }, 'a print job waits for its printer');
        return true;
      }
      printer.status = 'online';
      delivery = await nextDelivery(db, deps.settings, printer);
    }
    return changed;
  }

  async function drain(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const printer = await repo.leaseDuePrinter(db, LEASE_SECONDS, { bridgeId: null });
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
