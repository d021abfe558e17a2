import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { newId } from '../../lib/ids';
import { loadOrder } from '../orders/order-view';
import type { SettingsService } from '../settings/service';
import { adjustOne } from './adjust-one';
import { cancelOne } from './cancel-one';
import { issueOne } from './issue-one';
import { PROVIDER_EXCHANGE_TIMEOUT_MS, type EInvoiceProvider } from './provider';
import { providerFor } from './provider-for-branch';
import { postpone } from './record-outcome';
import type { EinvoiceSettingsRow } from './settings-repository';
import type { IssueDeps, TryResult } from './start-try';
import { nextDueAt, takeDueInvoice, type EinvoiceRow } from './take-due';

/**
 * How long a worker holds an invoice, counted again before each call to the provider (the lookup, then the send):
 * longer than one call can take, so that no other worker takes over one still under way. A call is up to six
 * exchanges of the provider's minute each (a sign-in and the call, both again after a 401, then a lookup with its
 * own sign-in after a resend refused); eight leave a margin. An instance that stopped mid-try hands its invoices on
 * after it.
 */
const LEASE_SECONDS = (8 * PROVIDER_EXCHANGE_TIMEOUT_MS) / 1000;
/** Invoices tried at once: a branch whose provider hangs for its minute does not hold up the other branches'. */
const LANES = 4;
/** With nothing due, how seldom an instance looks anyway: queued invoices wake every instance through the bus. */
const IDLE_POLL_MS = 60_000;
const MIN_POLL_MS = 250;
const AFTER_ERROR_POLL_MS = 5_000;
/**
 * How long a stopping instance waits for the tries under way. Leaving one unfinished is safe: its outcome is
 * marked unknown before it is sent, so whoever tries it next looks it up before sending it again.
 */
const STOP_GRACE_MS = 10_000;

export interface EinvoiceWorkerDeps {
  db: Database;
  bus: Pick<EventBus, 'on' | 'publish'>;
  settings: Pick<SettingsService, 'get'>;
  log: FastifyBaseLogger;
  /** The adapter of a branch's provider; the stored settings' own by default (a test shortens its timeout). */
  providerFor?: (settings: EinvoiceSettingsRow) => EInvoiceProvider;
  /**
   * Once a sale invoice is issued and stored, or refused and failed (no wait will change it): the receipt held for
   * it need wait no longer.
   */
  onSaleSettled?: (row: EinvoiceRow) => Promise<void>;
  beforeStoring?: IssueDeps['beforeStoring'];
}

/** A try of the row, by what it asks of the provider: a sale issued or cancelled, an adjustment issued. */
const tryFor = (row: EinvoiceRow) =>
  row.kind === 'adjustment' ? adjustOne : row.status === 'cancelling' ? cancelOne : issueOne;

/**
 * Issues the queued sale invoices, cancels those a full refund gave back and issues the adjustments of partial
 * refunds. Every instance runs one; each invoice is tried by the worker holding its lease,
 * the most overdue first, and every change of its state is told to the branch's screens (`einvoice:changed`, and
 * the order's `order:updated`).
 */
export function createEinvoiceWorker(deps: EinvoiceWorkerDeps) {
  const { db, bus, log } = deps;
  const lease = { holder: `einvoice-worker:${newId()}`, seconds: LEASE_SECONDS };
  const makeProvider = deps.providerFor ?? providerFor;
  // One adapter per branch while its settings stay the same, so its sign-in token serves many invoices.
  const providers = new Map<string, { savedAt: number; provider: EInvoiceProvider }>();
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const issueDeps: IssueDeps = {
    db,
    lease,
    settings: deps.settings,
    log,
    beforeStoring: deps.beforeStoring,
    provider(settings) {
      const kept = providers.get(settings.branchId);
      if (kept && kept.savedAt === settings.updatedAt.getTime()) return kept.provider;
      const provider = makeProvider(settings);
      providers.set(settings.branchId, { savedAt: settings.updatedAt.getTime(), provider });
      return provider;
    },
  };

  async function announce(row: EinvoiceRow): Promise<void> {
    const order = await loadOrder(db, row.branchId, row.orderId);
    bus.publish([
      { type: 'einvoice.changed', branchId: row.branchId, orderId: row.orderId },
      { type: 'order.updated', branchId: row.branchId, order },
    ]);
  }

  async function tryOne(row: EinvoiceRow): Promise<void> {
    let result: TryResult;
    try {
      result = await tryFor(row)(issueDeps, row);
    } catch (error) {
      // Nothing is stored: the invoice stays held until its lease lapses, then it is tried again, looked up
      // first when it may have been sent.
      log.error({ err: error, orderId: row.orderId }, 'an e-invoice try stopped on an error; it is tried again');
      return;
    }
    if (result === 'unchanged') return;
    try {
      await announce(row);
      const saleSettled = result === 'issued' || (result === 'failed' && tryFor(row) === issueOne);
      if (saleSettled) await deps.onSaleSettled?.(row);
    } catch (error) {
      log.error({ err: error, orderId: row.orderId }, 'what follows a stored e-invoice failed');
    }
  }

  /** Takes due invoices one after the other until none is left. */
  async function lane(): Promise<void> {
    while (!stopped) {
      const row = await takeDueInvoice(db, lease);
      if (!row) return;
      if (stopped) {
        // Stopped while taking it: hand it back at once, or the other instances wait for the lease to lapse.
        await postpone(db, row.id, lease.holder, 0);
        return;
      }
      await tryOne(row);
    }
  }

  async function drain(): Promise<number> {
    await Promise.all(Array.from({ length: LANES }, lane));
    if (stopped) return 0;
    const dueAt = await nextDueAt(db);
    if (!dueAt) return IDLE_POLL_MS;
    return Math.min(IDLE_POLL_MS, Math.max(MIN_POLL_MS, dueAt.getTime() - Date.now()));
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = drain()
      .catch((error: unknown) => {
        log.error({ err: error }, 'the e-invoice queue stopped on an error; it tries again');
        return AFTER_ERROR_POLL_MS;
      })
      .then((nextPollMs) => {
        running = null;
        if (again) {
          again = false;
          run();
        } else if (!stopped) timer = setTimeout(run, nextPollMs);
      });
  }

  bus.on('einvoice.changed', () => run());

  return {
    start: run,
    /** Takes no other invoice, and waits a little for the tries under way. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      if (!running) return;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS)))]);
      clearTimeout(grace);
    },
  };
}
