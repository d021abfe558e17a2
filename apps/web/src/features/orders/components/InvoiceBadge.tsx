import { useState } from 'react';
import { Download, FileText } from 'lucide-react';
import type { EinvoiceStatus, OrderInvoice } from '@quan/contract/einvoice';
import type { Order } from '@quan/contract/order';
import { describeApiError } from '../../../lib/api-client';
import { useT, type Translate } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { useDownloadInvoice } from '../api/download-invoice';
import { useRetryInvoice } from '../api/retry-invoice';
import { InvoiceBuyerDialog } from './InvoiceBuyerDialog';

const statusClasses: Record<EinvoiceStatus, string> = {
  waiting: 'bg-amber-50 text-amber-900 ring-amber-200',
  issued: 'bg-green-50 text-green-900 ring-green-300',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  cancelling: 'bg-stone-100 text-stone-700 ring-stone-200',
  cancelled: 'bg-stone-100 text-stone-700 ring-stone-200',
};

/** "E-invoice: issued 1C25MAA12 · lookup code ABC", "E-invoice: failed: <the provider's message>"… */
export function invoiceStatusText(t: Translate, invoice: OrderInvoice): string {
  switch (invoice.status) {
    case 'waiting':
      return t('orders.invoice.waiting');
    case 'issued':
      return invoice.lookupCode
        ? t('orders.invoice.issued', { number: invoice.invoiceNumber ?? '', code: invoice.lookupCode })
        : t('orders.invoice.issuedNoCode', { number: invoice.invoiceNumber ?? '' });
    case 'failed':
      return invoice.error ? t('orders.invoice.failed', { error: invoice.error }) : t('orders.invoice.failedNoMessage');
    case 'cancelling':
      return t('orders.invoice.cancelling');
    case 'cancelled':
      return t('orders.invoice.cancelled');
  }
}

/** Until it is issued, the buyer can still change; after that the invoice is corrected at the provider. */
const buyerCanChange = (status: EinvoiceStatus) => status === 'waiting' || status === 'failed';

/**
 * Where an order's e-invoice stands, on the order's card: waiting, issued (its number and lookup code), refused
 * with the provider's own message and "Try again", or cancelled; and who it is for, which whoever takes payments
 * may change until it is issued; once issued, its PDF to download for a guest who wants a copy. Nothing while the
 * order has no invoice (e-invoicing off, or not completed).
 */
export function InvoiceBadge({ order }: { order: Order }) {
  const t = useT();
  const canChange = useCan('payments:take');
  const retry = useRetryInvoice();
  const download = useDownloadInvoice();
  const [isChangingBuyer, setIsChangingBuyer] = useState(false);
  const { invoice } = order;
  if (!invoice) return null;
  const ofOrder = <span className="sr-only">{t('orders.card.ofOrder', { orderNo: order.orderNo })}</span>;

  return (
    <div className="space-y-1.5 text-sm">
      <p
        className={`inline-flex max-w-full items-start gap-1 rounded-lg px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${statusClasses[invoice.status]}`}
      >
        <FileText aria-hidden="true" className="size-3.5 shrink-0 translate-y-px" />
        <span className="min-w-0 break-words">{invoiceStatusText(t, invoice)}</span>
      </p>
      {invoice.buyer && (
        <p className="text-xs text-stone-600">
          {t('orders.invoice.buyer', { name: invoice.buyer.name, taxCode: invoice.buyer.taxCode })}
        </p>
      )}
      {canChange && buyerCanChange(invoice.status) && (
        <div className="flex flex-wrap gap-2">
          {invoice.status === 'failed' && (
            <button
              type="button"
              className="btn btn-sm btn-secondary min-h-11 sm:min-h-8"
              disabled={retry.isPending}
              onClick={() => retry.mutate(order._id)}
            >
              {retry.isPending ? t('orders.invoice.retrying') : t('orders.invoice.retry')} {ofOrder}
            </button>
          )}
          <button
            type="button"
            className="btn btn-sm btn-secondary min-h-11 sm:min-h-8"
            onClick={() => setIsChangingBuyer(true)}
          >
            {t('orders.invoice.changeBuyer')} {ofOrder}
          </button>
        </div>
      )}
      {canChange && invoice.status === 'issued' && (
        <button
          type="button"
          className="btn btn-sm btn-secondary min-h-11 sm:min-h-8"
          disabled={download.isPending}
          onClick={() => download.mutate({ _id: order._id, invoiceNumber: invoice.invoiceNumber })}
        >
          <Download aria-hidden="true" className="size-3.5" />
          {download.isPending ? t('orders.invoice.downloading') : t('orders.invoice.download')} {ofOrder}
        </button>
      )}
      {download.isError && (
        <p role="alert" className="field-error">
          {describeApiError(download.error, t('orders.invoice.downloadError', { orderNo: order.orderNo }))}
        </p>
      )}
      {retry.isError && (
        <p role="alert" className="field-error">
          {describeApiError(retry.error, t('orders.invoice.retryError', { orderNo: order.orderNo }))}
        </p>
      )}
      {isChangingBuyer && <InvoiceBuyerDialog order={order} onClose={() => setIsChangingBuyer(false)} />}
    </div>
  );
}
