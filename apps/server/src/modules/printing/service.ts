import type { Printer, QueuedPrintJob } from '@quan/contract/printers';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { RecordEvent, Transact } from '../../events/transact';
import { conflict } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { AuditService } from '../audit/service';
import type { BranchesService } from '../branches/service';
import type { SettingsService } from '../settings/service';
import { createBranchPrinters } from './branch-printers';
import { createBridgeDelivery } from './bridge-delivery';
import { createBridgeSettings } from './bridges';
import { openDrawer } from './open-drawer';
import { createPrintWorker, STATUS_TIMEOUT_MS } from './print-worker';
import { createPrinterSettings, missingPrinter } from './printers';
import { queueBill, type BillPrintCause } from './queue-bill';
import { queueKitchenReprint, type KitchenReprintCause } from './queue-kitchen-reprint';
import { queueKitchenTickets, type KitchenTicketCause } from './queue-kitchen-tickets';
import { queuePaymentPrints, type PaymentPrintCause } from './queue-payment-prints';
import { queueTableNotice, type TableNoticeCause } from './queue-table-notice';
import { queueTestPage } from './queue-test-page';
import { queueVoidTickets, type VoidTicketCause } from './queue-void-tickets';
import { queueZReport, type ZReportCause } from './queue-z-report';
import * as repo from './repository';
import { readPrinterStatus } from './transport/tcp-printer';

/** The branch's printers, their queue, and the jobs the rest of the server asks for. */
export function createPrintingService(deps: {
  db: Database;
  transact: Transact;
  bus: Pick<EventBus, 'on' | 'publish'>;
  settings: Pick<SettingsService, 'get'>;
  branches: Pick<BranchesService, 'all'>;
  audit: Pick<AuditService, 'record'>;
  log: FastifyBaseLogger;
}) {
  const { db, transact } = deps;
  const printerSettings = createPrinterSettings(db, transact);
  const branchPrinters = createBranchPrinters(db, deps.bus);
  const worker = createPrintWorker({ db, bus: deps.bus, settings: deps.settings, log: deps.log });
  const bridgeDelivery = createBridgeDelivery({ db, bus: deps.bus, settings: deps.settings });

  async function findPrinter(branchId: string, id: string) {
    const printer = await repo.findPrinter(db, branchId, id);
    if (!printer) throw missingPrinter();
    return printer;
  }

  return {
    ...printerSettings,

    async testPage(actor: AuthUser, id: string): Promise<{ jobId: string }> {
      const printer = await findPrinter(actor.branchId, id);
      const [settings, branches] = await Promise.all([deps.settings.get(actor.branchId), deps.branches.all()]);
      // A chain's test page names the branch, unless the branch bears the restaurant's own name.
      const branch = branches.length > 1 ? branches.find((one) => one._id === actor.branchId) : undefined;
      const branchName = branch && branch.name !== settings.restaurantName ? branch.name : null;
      return queueTestPage(transact, { printer, settings, branchName, userId: actor.id });
    },

    /**
     * Asks the printer now, and keeps the answer for the list. A printer behind a print bridge is on another
     * network: its last known status stands (its bridge's reports keep it).
     */
    async readStatus(branchId: string, id: string): Promise<Printer> {
      const printer = await findPrinter(branchId, id);
      if (printer.bridgeId) return printerSettings.get(branchId, id);
      const { status } = await readPrinterStatus(
        { host: printer.host, port: printer.port },
        { timeoutMs: STATUS_TIMEOUT_MS },
      );
      await repo.recordStatus(db, id, status);
      return printerSettings.get(branchId, id);
    },

    async openDrawer(actor: AuthUser, id: string, idempotencyKey?: string): Promise<void> {
      const printer = await findPrinter(actor.branchId, id);
      if (!printer.hasDrawer) {
        throw conflict(`No cash drawer hangs on ${printer.name}`).because('PRINTER_HAS_NO_DRAWER', {
          name: printer.name,
        });
      }
      await openDrawer({ transact, audit: deps.audit }, actor, printer, idempotencyKey);
    },

    /** The jobs still waiting in the branch, for the screens that mark tickets not printed. */
    async queue(branchId: string): Promise<QueuedPrintJob[]> {
      return (await repo.listQueuedJobs(db, branchId)).map((job) => ({
        _id: job.id,
        printerId: job.printerId,
        kind: job.kind,
        orderId: job.orderId,
        roundNo: job.roundNo,
        stationId: job.stationId,
        attempts: job.attempts,
        lastError: job.lastError,
        createdAt: job.createdAt.toISOString(),
      }));
    },

    /** Inside the transaction that sends a round to the kitchen. */
    queueKitchenTickets: (tx: Executor, record: RecordEvent, cause: KitchenTicketCause) =>
      queueKitchenTickets(branchPrinters, tx, record, cause),

    /** Inside the transaction of a void: "HỦY" at the stations that had the dishes. */
    queueVoidTickets: (tx: Executor, record: RecordEvent, cause: VoidTicketCause) =>
      queueVoidTickets(branchPrinters, tx, record, cause),

    /** Inside the transaction that moves or merges an order: a notice at the stations still making its dishes. */
    queueTableNotice: (tx: Executor, record: RecordEvent, cause: TableNoticeCause) =>
      queueTableNotice(branchPrinters, tx, record, cause),

    /** Inside the transaction that counts a ticket asked for again: on the station's printers, when it has any. */
    queueKitchenReprint: (tx: Executor, record: RecordEvent, cause: KitchenReprintCause) =>
      queueKitchenReprint(branchPrinters, tx, record, cause),

    /** Inside the transaction that counts a bill's copy: answers the printer it went to, or null. */
    queueBill: (tx: Executor, record: RecordEvent, cause: BillPrintCause) =>
      queueBill(branchPrinters, tx, record, cause),

    /** Inside a payment's or a refund's transaction: the receipt once paid, the drawer on cash. */
    queuePaymentPrints: (tx: Executor, record: RecordEvent, cause: PaymentPrintCause) =>
      queuePaymentPrints(branchPrinters, tx, record, cause),

    /** Inside the transaction that closes a shift. */
    queueZReport: (tx: Executor, record: RecordEvent, cause: ZReportCause) =>
      queueZReport(branchPrinters, tx, record, cause),

    bridges: createBridgeSettings(db, transact),
    bridgeDelivery,

    startWorker: worker.start,
    /** Answers the waiting bridges and finishes the job on its way. */
    async stop(): Promise<void> {
      bridgeDelivery.close();
      await worker.stop();
    },
  };
}

export type PrintingService = ReturnType<typeof createPrintingService>;
