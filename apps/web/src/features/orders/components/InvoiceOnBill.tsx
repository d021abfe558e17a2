import type { Order } from '@quan/contract/order';
import { useT } from '../../../lib/i18n';

/**
 * The issued e-invoice on the guest's receipt: its number, the lookup code and the page where the guest types it
 * to see the invoice. Nothing until it is issued, nor once it is cancelled.
 */
export function InvoiceOnBill({ invoice }: { invoice: Order['invoice'] }) {
  const t = useT();
  if (invoice?.status !== 'issued') return null;
  return (
    <section aria-label={t('orders.bill.einvoice')} className="ticket-rule space-y-0.5">
      <p className="font-bold">{t('orders.bill.einvoiceNumber', { number: invoice.invoiceNumber ?? '' })}</p>
      {invoice.lookupCode && <p>{t('orders.bill.einvoiceLookupCode', { code: invoice.lookupCode })}</p>}
      {invoice.lookupUrl && (
        <p className="break-all">{t('orders.bill.einvoiceLookupPage', { url: invoice.lookupUrl })}</p>
      )}
    </section>
  );
}
