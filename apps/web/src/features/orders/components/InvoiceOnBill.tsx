import type { Order } from '@quan/contract/order';
import { useT } from '../../../lib/i18n';

/**
 * The e-invoice on the guest's receipt: once issued, its number, the lookup code and the page where the guest types
 * it to see the invoice; while it waits or was refused (a person is on it), only that it is being issued, since a
 * guest can do nothing with the provider's message. Nothing without one, nor once it is cancelled.
 */
export function InvoiceOnBill({ invoice }: { invoice: Order['invoice'] }) {
  const t = useT();
  if (invoice?.status === 'waiting' || invoice?.status === 'failed') {
    return (
      <section aria-label={t('orders.bill.einvoice')} className="ticket-rule">
        <p>{t('orders.bill.einvoicePending')}</p>
      </section>
    );
  }
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
