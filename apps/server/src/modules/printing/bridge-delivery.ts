import type { BridgeJob, BridgeJobResultBody } from '@quan/contract/printers';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { conflict, notFound, unauthorized } from '../../lib/app-error';
import type { SettingsService } from '../settings/service';
import { hashBridgeKey } from './bridges';
import { nextDelivery, recordDelivery } from './job-delivery';
import * as repo from './repository';

/** How long a bridge holds a printer's queue for the job it took; it answers well before. */
const BRIDGE_LEASE_SECONDS = 60;
/** A bridge's long poll: it asks again as soon as this answers. */
export const MAX_WAIT_SECONDS = 25;

const refused = () =>
  unauthorized('That print bridge key is unknown or was revoked: make a new one on the Printers screen').because(
    'PRINT_BRIDGE_KEY_REFUSED',
  );

/**
 * The print bridge's side of the queue: the bridge takes its printers' jobs one at a time (the server encodes
 * them with its font, so a bridge is only a courier) and says what became of each; the queue's rules (order,
 * once each, retries, fallback) are the same as for the printers this server reaches itself.
 */
export function createBridgeDelivery(deps: {
  db: Database;
  bus: Pick<EventBus, 'on' | 'publish'>;
  settings: Pick<SettingsService, 'get'>;
}) {
  const { db, bus } = deps;
  const waiting = new Set<() => void>();
  let closing = false;
  bus.on('print.queue-changed', () => {
    for (const wake of waiting) wake();
  });

  async function bridgeOf(key: string | null) {
    const bridge = key ? await repo.bridgeOfKey(db, hashBridgeKey(key)) : undefined;
    if (!bridge) throw refused();
    return bridge;
  }

  async function take(bridgeId: string): Promise<BridgeJob | null> {
    const printer = await repo.leaseDuePrinter(db, BRIDGE_LEASE_SECONDS, { bridgeId });
    if (!printer) return null;
    const delivery = await nextDelivery(db, deps.settings, printer);
    if (!delivery) {
      await repo.releasePrinter(db, printer.id);
      return null;
    }
    await repo.markSending(db, delivery.job.id);
    return {
      jobId: delivery.job.id,
      printer: { _id: printer.id, name: printer.name, host: printer.host, port: printer.port },
      bytes: Buffer.from(delivery.bytes).toString('base64'),
    };
  }

  return {
    /**
     * The next job for the bridge's printers, waiting up to `waitSeconds` for one to be queued. A bridge that hung
     * up (`gone`) takes nothing: a job it would never hear of would wait for its lease to lapse.
     */
    async next(key: string | null, waitSeconds: number, gone: AbortSignal): Promise<BridgeJob | null> {
      const bridge = await bridgeOf(key);
      const deadline = Date.now() + Math.min(waitSeconds, MAX_WAIT_SECONDS) * 1000;
      for (;;) {
        if (gone.aborted) return null;
        const job = await take(bridge.id);
        if (job || closing || Date.now() >= deadline) return job;
        // Woken by any queue change (or after a second, for retries coming due), then look again.
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiting.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(1000, Math.max(0, deadline - Date.now())));
          waiting.add(wake);
        });
      }
    },

    async report(key: string | null, jobId: string, body: BridgeJobResultBody): Promise<void> {
      const bridge = await bridgeOf(key);
      const job = await repo.findJob(db, jobId);
      const printer = job && (await repo.findPrinterById(db, job.printerId));
      if (!job || !printer || printer.bridgeId !== bridge.id) {
        throw notFound('That print job is not one of this bridge’s').because('PRINT_JOB_NOT_FOUND');
      }
      if (job.status !== 'queued' || job.lastError !== 'in_flight') {
        throw conflict('That print job is not on its way any more').because('PRINT_JOB_NOT_IN_FLIGHT');
      }
      const outcome = body.printed
        ? ({ printed: true } as const)
        : ({ printed: false, failure: body.failure ?? 'unreachable' } as const);
      await recordDelivery(db, printer, job, outcome);
      await repo.releasePrinter(db, printer.id);
      bus.publish([{ type: 'print.queue-changed', branchId: printer.branchId }]);
    },

    /** A closing server answers the bridges waiting here at once (they ask the next instance). */
    close() {
      closing = true;
      for (const wake of waiting) wake();
    },
  };
}
