import { useId, useState } from 'react';
import { useSnackbar } from 'notistack';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { useFailedEinvoices, type FailedEinvoice } from '../api/list-failed-einvoices';

/** Sends the order's refused invoice again (the orders feature's mutation, handed down by the page). */
export type RetryInvoice = (orderId: string) => Promise<unknown>;

function FailedInvoiceRow({ invoice, onRetry }: { invoice: FailedEinvoice; onRetry: RetryInvoice }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  // Each row waits for its own answer: the rows share one mutation.
  const [isRetrying, setIsRetrying] = useState(false);
  const what =
    invoice.kind === 'adjustment'
      ? t('einvoices.failed.adjustmentOf', { orderNo: invoice.orderNo })
      : t('einvoices.failed.invoiceOf', { orderNo: invoice.orderNo });

  async function tryAgain() {
    setIsRetrying(true);
    try {
      await onRetry(invoice.orderId);
      enqueueSnackbar(t('einvoices.failed.retried', { what }), { variant: 'success' });
    } catch (caught) {
      enqueueSnackbar(describeApiError(caught, t('einvoices.failed.retryError', { what })), { variant: 'error' });
    } finally {
      setIsRetrying(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900">{what}</p>
        <p className="text-sm break-words text-red-800">{invoice.error ?? t('einvoices.failed.noMessage')}</p>
        <p className="text-xs text-stone-600">{t('einvoices.failed.attempts', { count: invoice.attempts })}</p>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-secondary min-h-11 sm:min-h-8"
        disabled={isRetrying}
        onClick={() => void tryAgain()}
      >
        {isRetrying ? t('einvoices.failed.retrying') : t('einvoices.failed.retry')}{' '}
        <span className="sr-only">{what}</span>
      </button>
    </li>
  );
}

/**
 * "E-invoices that need attention": the branch's invoices the provider refused, each with its order, the
 * provider's own message and "Try again", for a manager. Nothing at all while there are none (or they cannot be
 * read), so a restaurant without e-invoicing never sees it. `onRetry` is the orders feature's "send again", which
 * the page composing this passes in (features do not reach into each other's api).
 */
export function FailedInvoices({ onRetry, className = '' }: { onRetry: RetryInvoice; className?: string }) {
  const t = useT();
  const headingId = useId();
  const canRead = useCan('einvoices:review');
  const failed = useFailedEinvoices({ enabled: canRead });
  const invoices = failed.data ?? [];
  if (invoices.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={`card border-red-200 p-4 ${className}`}>
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        {t('einvoices.failed.heading')}
      </h2>
      <p className="text-sm text-stone-600">{t('einvoices.failed.intro')}</p>
      <ul className="mt-2 divide-y divide-stone-200">
        {invoices.map((invoice) => (
          <FailedInvoiceRow
            key={`${invoice.orderId}-${invoice.kind}-${invoice.createdAt}`}
            invoice={invoice}
            onRetry={onRetry}
          />
        ))}
      </ul>
    </section>
  );
}
