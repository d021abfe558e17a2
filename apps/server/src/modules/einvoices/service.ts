import { createEinvoiceWorker, type EinvoiceWorkerDeps } from './einvoice-worker';
import { queueInvoiceCorrection } from './queue-correction';
import { queueSaleInvoice } from './queue-sale';

/**
 * The e-invoice queue: sale invoices queued in the transactions that complete orders, and the worker that issues
 * them, started and stopped with the app.
 */
export function createEinvoicesService(deps: EinvoiceWorkerDeps) {
  const worker = createEinvoiceWorker(deps);
  return {
    queueSaleInvoice,
    queueInvoiceCorrection,
    startWorker: worker.start,
    /** Before the app closes: no invoice is taken any more. */
    stop: worker.stop,
  };
}

export type EinvoicesService = ReturnType<typeof createEinvoicesService>;
