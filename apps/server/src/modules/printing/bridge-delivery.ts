import type { BridgeJob, BridgeJobResultBody } from '@quan/contract/printers';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { conflict, notFound, unauthorized } from '../../lib/app-error';
import type { SettingsService } from '../settings/service';
import { hashBridgeKey } from './bridges';
import { leaseNextPrinter, nextDelivery, recordDelivery, releasePrinter, type Sender } from './job-delivery';
import * as repo from './repository';

/** A bridge's long poll: it asks again as soon as this answers. */
export const MAX_WAIT_SECONDS = 25;

const refused = () =>
  unauthorized('That print bridge key is unknown or was revoked: make a new one on the Printers screen').because(
    'PRINT_BRIDGE_KEY_REFUSED',
  );
const senderOf = (bridgeId: string): Sender => ({ holder: `bridge:${bridgeId}`, bridgeId });

/**
 * The print bridge's side of the queue: the bridge takes its printers' jobs one at a time (the server encodes
 * them with its font, so a bridge is only a courier) and says what became of each try; the queue's rules (order,
 * once each, retries, fallback) are the worker's, from job-delivery.ts.
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

  async function take(sender: Sender, gone: AbortSignal): Promise<BridgeJob | null> {
    const leased = await leaseNextPrinter(db, sender);
    if (!leased) return null;
    const delivery = await nextDelivery(db, deps.settings, leased.id, sender);
    if (!delivery) {
      await releasePrinter(db, leased.id, sender);
      return null;
    }
    const { printer, job, bytes } = delivery;
    const attempt = await repo.markSending(db, job.id);
    if (gone.aborted) {
      // The bridge hung up meanwhile: it will never send this, so nothing may count as sent.
      await repo.unmarkSending(db, job);
      await releasePrinter(db, printer.id, sender);
      return null;
    }
    return {
      jobId: job.id,
      attempt,
      printer: { _id: printer.id, name: printer.name, host: printer.host, port: printer.port },
      bytes: Buffer.from(bytes).toString('base64'),
    };
  }

  return {
    /**
     * The next job for the bridge's printers, waiting up to `waitSeconds` for one to be queued. A bridge that hung
     * up (`gone`) takes nothing.
     */
    async next(key: string | null, waitSeconds: number, gone: AbortSignal): Promise<BridgeJob | null> {
      const sender = senderOf((await bridgeOf(key)).id);
      const deadline = Date.now() + Math.min(waitSeconds, MAX_WAIT_SECONDS) * 1000;
      for (;;) {
        if (gone.aborted) return null;
        const job = await take(sender, gone);
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
      const sender = senderOf((await bridgeOf(key)).id);
      const job = await repo.findJob(db, jobId);
      const printer = job && (await repo.findPrinterById(db, job.printerId));
      if (!job || !printer || printer.bridgeId !== sender.bridgeId) {
        throw notFound('That print job is not one of this bridge’s').because('PRINT_JOB_NOT_FOUND');
      }
      const outcome = body.printed
        ? ({ printed: true, attempt: body.attempt } as const)
        : ({ printed: false, failure: body.failure ?? 'unreachable', attempt: body.attempt } as const);
      const recorded = await recordDelivery(db, printer, job, outcome);
      await releasePrinter(db, printer.id, sender);
      if (!recorded) {
        throw conflict('That try of the print job is over: the job was sent again or printed').because(
          'PRINT_JOB_NOT_IN_FLIGHT',
        );
      }
      bus.publish([{ type: 'print.queue-changed', branchId: printer.branchId }]);
    },

    /** A closing server answers the bridges waiting here at once (they ask the next instance). */
    close() {
      closing = true;
      for (const wake of waiting) wake();
    },
  };
}
