import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { newId } from '../../lib/ids';
import type { SettingsService } from '../settings/service';
import {
  leaseNextPrinter,
  nextDelivery,
  recordDelivery,
  releasePrinter,
  type DeliveryFailure,
  type Sender,
} from './job-delivery';
import * as repo from './repository';
import { PrinterTransportError, readPrinterStatus, sendToPrinter } from './transport/tcp-printer';

/** A job's bytes must have reached the printer by then (a 30-line receipt's raster takes a second or two). */
export const SEND_TIMEOUT_MS = 15_000;
export const STATUS_TIMEOUT_MS = 2_000;
/** With jobs waiting, how often an instance looks for the due ones (retries come due; another instance stopped). */
const BUSY_POLL_MS = 2_000;
/** With none, only this seldom: queued jobs wake every instance through `print.queue-changed`. */
const IDLE_POLL_MS = 60_000;

const notReady = new Set<string>(['paper_out', 'cover_open', 'offline', 'unreachable']);

/**
 * Sends the durable print queue to the printers this server reaches itself (a print bridge sends its own). Every
 * instance runs one; a printer's queue is sent by the one holding its lease, oldest job first, and a job that
 * fails holds the jobs behind it.
 */
export function createPrintWorker(deps: {
  db: Database;
  bus: Pick<EventBus, 'on' | 'publish'>;
  settings: Pick<SettingsService, 'get'>;
  log: FastifyBaseLogger;
}) {
  const { db, bus, log } = deps;
  const sender: Sender = { holder: `worker:${newId()}`, bridgeId: null };
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  /** Sends the printer's due jobs in order until one fails; says whether anything changed. */
  async function printQueue(printerId: string): Promise<boolean> {
    let changed = false;
    for (let delivery = await nextDelivery(db, deps.settings, printerId, sender); delivery && !stopped;) {
      const { printer, job, bytes } = delivery;
      const address = { host: printer.host, port: printer.port };
      let failure: DeliveryFailure | null = null;
      let attempt: number | null = null;
      if (job.lastError !== null) {
        // After a failure, ask the printer before sending again: off or out of paper, the job keeps waiting.
        const { status } = await readPrinterStatus(address, { timeoutMs: STATUS_TIMEOUT_MS });
        if (status !== printer.status) await repo.recordStatus(db, printer.id, status);
        if (notReady.has(status)) failure = status as DeliveryFailure;
      }
      if (failure === null) {
        attempt = await repo.markSending(db, job.id);
        try {
          await sendToPrinter(address, bytes, { timeoutMs: SEND_TIMEOUT_MS });
        } catch (error) {
          if (!(error instanceof PrinterTransportError)) throw error;
          failure = error.kind;
        }
      }
      const outcome =
        failure === null
          ? { printed: true as const, attempt: attempt! }
          : { printed: false as const, failure, attempt };
      await recordDelivery(db, printer, job, outcome);
      changed = true;
      if (failure !== null) {
        log.warn({ printer: printer.name, job: job.id, failure }, 'a print job waits for its printer');
        break;
      }
      delivery = await nextDelivery(db, deps.settings, printerId, sender);
    }
    return changed;
  }

  async function sendQueue(printer: { id: string; branchId: string }): Promise<void> {
    try {
      if (await printQueue(printer.id)) bus.publish([{ type: 'print.queue-changed', branchId: printer.branchId }]);
    } finally {
      await releasePrinter(db, printer.id, sender);
    }
  }

  /** Every printer with due jobs at once: the bar's ticket never waits behind the kitchen's backlog. */
  async function drain(): Promise<void> {
    const sending: Promise<void>[] = [];
    for (;;) {
      const printer = await leaseNextPrinter(db, sender);
      if (!printer) break;
      if (stopped) {
        // Stopped while taking it: hand it back at once, or the other instances wait for the lease to lapse.
        await releasePrinter(db, printer.id, sender);
        break;
      }
      sending.push(sendQueue(printer));
    }
    await Promise.all(sending);
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = drain()
      .then(async () => (stopped ? 0 : (await repo.anyQueued(db)) ? BUSY_POLL_MS : IDLE_POLL_MS))
      .catch((error: unknown) => {
        log.error({ err: error }, 'the print queue stopped on an error; it tries again');
        return BUSY_POLL_MS;
      })
      .then((nextPollMs) => {
        running = null;
        if (again) {
          again = false;
          run();
        } else if (!stopped) timer = setTimeout(run, nextPollMs);
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
