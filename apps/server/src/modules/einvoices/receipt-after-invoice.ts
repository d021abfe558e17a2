import type { Transact } from '../../events/transact';
import { loadOrder } from '../orders/order-view';
import { billPayload } from '../printing/queue-bill';
import { releaseHeldReceipt } from '../printing/queue-payment-prints';
import type { SettingsService } from '../settings/service';

// The receipt of an order completed with e-invoicing on is queued with the payment, as every receipt is, but held
// a few seconds (RECEIPT_WAITS_FOR_INVOICE_SECONDS in printing/queue-payment-prints.ts) so that it can carry the
// invoice: the guest leaves with the number and the lookup code, and looks the invoice up on the provider's page.
// The worker tells `onSaleInvoiceSettled` when the invoice is issued, or refused (it waits for a person now, and
// no wait will change that); no answer from the provider the hold's end settles. Either way but issued, the
// receipt prints saying the invoice is being issued.

export interface ReceiptAfterInvoiceDeps {
  transact: Transact;
  settings: Pick<SettingsService, 'get'>;
}

export interface SettledInvoice {
  branchId: string;
  orderId: string;
}

/**
 * The worker calls this once it has stored a sale invoice issued, or failed: the order's held receipt is made
 * again, with the invoice's number, lookup code and lookup page once issued, and prints at once. A receipt printed
 * already (the hold ran out) is not printed twice: the order's "In lại" carries the invoice from now on.
 */
export async function onSaleInvoiceSettled(deps: ReceiptAfterInvoiceDeps, invoice: SettledInvoice): Promise<void> {
  const { branchId, orderId } = invoice;
  const settings = await deps.settings.get(branchId);
  await deps.transact((tx, record) =>
    releaseHeldReceipt(tx, record, {
      branchId,
      orderId,
      payload: async (copy) =>
        billPayload(tx, { branchId, order: await loadOrder(tx, branchId, orderId), copy, settings }),
    }),
  );
}
