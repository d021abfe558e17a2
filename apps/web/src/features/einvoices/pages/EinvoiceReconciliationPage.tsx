import { useSearchParams } from 'react-router';
import { Send } from 'lucide-react';
import { useSnackbar } from 'notistack';
import {
  RECONCILIATION_LATE_MINUTES,
  type ReconciliationFlag,
  type ReconciliationOrder,
  type ReconciliationRate,
} from '@quan/contract/einvoice';
import type { VatRate } from '@quan/contract/vat';
import { LoadError } from '../../../components/LoadError';
import { RoleNotice } from '../../../components/RoleNotice';
import { describeApiError } from '../../../lib/api-client';
import { formatClock, formatPercent } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { isDay, restaurantDay } from '../../../lib/restaurant-day';
import { useCan } from '../../../lib/use-can';
import { usePageTitle } from '../../../lib/use-page-title';
import { useEinvoiceReconciliation } from '../api/get-einvoice-reconciliation';
import { useSendMissingEinvoices } from '../api/send-missing-einvoices';

/** What each flag says about an order, in the screen's language. */
const flagMessages: Record<ReconciliationFlag, string> = {
  missing: 'einvoices.reconciliation.flag.missing',
  failed: 'einvoices.reconciliation.flag.failed',
  late: 'einvoices.reconciliation.flag.late',
  cancelled: 'einvoices.reconciliation.flag.cancelled',
};

/**
 * A day of the branch's sales beside its e-invoices, for managers: by VAT rate, what the completed orders charged,
 * what the issued invoices declare and the difference (red until they agree), then the orders behind a difference
 * (no invoice, refused, waiting too long, cancelled while the order stands), and one button that has the missing
 * ones sent. The day is the restaurant's, today unless another is chosen; it stays in the address.
 */
export function EinvoiceReconciliationPage() {
  const t = useT();
  usePageTitle(t('einvoices.reconciliation.title'));
  const canReview = useCan('einvoices:review');
  const today = restaurantDay(new Date());
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('date') ?? '';
  const date = isDay(asked) ? asked : today;
  const report = useEinvoiceReconciliation(date, { enabled: canReview });
  const send = useSendMissingEinvoices();
  const { enqueueSnackbar } = useSnackbar();

  function chooseDay(day: string) {
    if (isDay(day)) setSearchParams(day === today ? {} : { date: day }, { replace: true });
  }

  function sendMissing() {
    send.mutate(date, {
      onSuccess: ({ queued, retried }) =>
        enqueueSnackbar(t('einvoices.reconciliation.sent', { queued, retried }), { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(describeApiError(error, t('einvoices.reconciliation.sendFailed')), { variant: 'error' }),
    });
  }

  function renderReport() {
    if (report.isPending) {
      return (
        <p role="status" className="text-stone-600">
          {t('einvoices.reconciliation.loading')}
        </p>
      );
    }
    if (report.isError) {
      return (
        <LoadError
          error={report.error}
          fallback={t('einvoices.reconciliation.loadFailed')}
          onRetry={() => void report.refetch()}
        />
      );
    }
    const { orders, rates, enabled, flaggedCount } = report.data;
    const flagged = orders.filter((order) => order.flag !== null);
    const canSend = flagged.some((order) => order.flag === 'missing' || order.flag === 'failed');
    return (
      <>
        {!enabled && (
          <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {t('einvoices.reconciliation.disabled')}
          </p>
        )}
        <p className="text-sm text-stone-700">
          {t('einvoices.reconciliation.summary', { orders: orders.length, flagged: flaggedCount })}
        </p>
        {rates.length === 0 ? (
          <p className="card p-6 text-stone-700">{t('einvoices.reconciliation.empty')}</p>
        ) : (
          <RatesTable rates={rates} />
        )}
        <section aria-labelledby="reconciliation-flagged" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="reconciliation-flagged" className="text-lg font-semibold text-stone-900">
              {t('einvoices.reconciliation.flagged')}
            </h2>
            {canSend && (
              <button
                type="button"
                className="btn btn-primary w-full sm:w-auto"
                disabled={send.isPending}
                onClick={sendMissing}
              >
                <Send aria-hidden="true" className="size-4" />
                {t('einvoices.reconciliation.sendMissing')}
              </button>
            )}
          </div>
          {flagged.length === 0 ? (
            <p className="text-sm text-stone-600">{t('einvoices.reconciliation.noneFlagged')}</p>
          ) : (
            <ul className="grid gap-2 lg:grid-cols-2">
              {flagged.map((order) => (
                <FlaggedOrder key={order.orderId} order={order} />
              ))}
            </ul>
          )}
        </section>
      </>
    );
  }

  return (
    <section className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('einvoices.reconciliation.title')}</h1>
          <p className="mt-1 max-w-prose text-sm text-stone-600">{t('einvoices.reconciliation.intro')}</p>
        </div>
        {canReview && (
          <div className="w-full sm:w-auto">
            <label htmlFor="reconciliation-date" className="field-label">
              {t('einvoices.reconciliation.date')}
            </label>
            <input
              id="reconciliation-date"
              type="date"
              className="field-input"
              value={date}
              max={today}
              onChange={(event) => chooseDay(event.target.value)}
            />
          </div>
        )}
      </div>
      {canReview ? (
        renderReport()
      ) : (
        <RoleNotice>
          <p>{t('einvoices.reconciliation.managersOnly')}</p>
        </RoleNotice>
      )}
    </section>
  );
}

type Amounts = ReconciliationRate['revenue'];

const sumOf = (amounts: Amounts[]): Amounts => ({
  taxable: amounts.reduce((sum, { taxable }) => sum + taxable, 0),
  tax: amounts.reduce((sum, { tax }) => sum + tax, 0),
});

/** The day over every rate, in the shape of one rate's row. */
function totalOf(rates: ReconciliationRate[]) {
  return {
    revenue: sumOf(rates.map((rate) => rate.revenue)),
    invoiced: sumOf(rates.map((rate) => rate.invoiced)),
    difference: sumOf(rates.map((rate) => rate.difference)),
  };
}

const differs = ({ difference }: { difference: Amounts }) => difference.taxable !== 0 || difference.tax !== 0;

/**
 * Each rate's revenue, invoiced amount and difference, before VAT with the VAT below, and the day's total: a card
 * per rate on a phone, where four columns of amounts do not fit, a table from `sm` up.
 */
function RatesTable({ rates }: { rates: ReconciliationRate[] }) {
  const t = useT();
  const rateName = (rate: VatRate) =>
    rate === 'KCT' ? t('einvoices.reconciliation.rateExempt') : formatPercent(rate, 2);
  const total = totalOf(rates);
  const rows = [
    ...rates.map((rate) => ({ key: String(rate.vatRate), name: rateName(rate.vatRate), ...rate })),
    { key: 'total', name: t('einvoices.reconciliation.total'), ...total },
  ];
  return (
    <>
      <ul aria-label={t('einvoices.reconciliation.byRate')} className="grid gap-2 sm:hidden">
        {rows.map((row) => (
          <li key={row.key} className={`card p-3 ${row.key === 'total' ? 'bg-stone-50' : ''}`}>
            <p className="font-semibold text-stone-900">{row.name}</p>
            <dl className="mt-1 space-y-1 text-sm tabular-nums">
              <AmountsItem label={t('einvoices.reconciliation.revenue')} amounts={row.revenue} />
              <AmountsItem label={t('einvoices.reconciliation.invoiced')} amounts={row.invoiced} />
              <AmountsItem
                label={t('einvoices.reconciliation.difference')}
                amounts={row.difference}
                className={differs(row) ? 'font-semibold text-red-700' : 'text-emerald-700'}
                state={differs(row) ? t('einvoices.reconciliation.differs') : t('einvoices.reconciliation.agrees')}
              />
            </dl>
          </li>
        ))}
      </ul>
      <div className="card hidden overflow-x-auto sm:block">
        <table className="w-full text-right text-sm tabular-nums">
          <caption className="sr-only">{t('einvoices.reconciliation.byRate')}</caption>
          <thead className="bg-stone-50 text-xs text-stone-600">
            <tr>
              <th scope="col" className="px-4 py-2 text-left">
                {t('einvoices.reconciliation.rate')}
              </th>
              <th scope="col" className="px-4 py-2">
                {t('einvoices.reconciliation.revenue')}
              </th>
              <th scope="col" className="px-4 py-2">
                {t('einvoices.reconciliation.invoiced')}
              </th>
              <th scope="col" className="px-4 py-2">
                {t('einvoices.reconciliation.difference')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row) => (
              <tr key={row.key} className={row.key === 'total' ? 'border-t-2 border-stone-200 bg-stone-50' : ''}>
                <th scope="row" className="px-4 py-2 text-left font-semibold text-stone-900">
                  {row.name}
                </th>
                <AmountsCell amounts={row.revenue} />
                <AmountsCell amounts={row.invoiced} />
                <AmountsCell
                  amounts={row.difference}
                  className={differs(row) ? 'font-semibold text-red-700' : 'text-emerald-700'}
                  label={differs(row) ? t('einvoices.reconciliation.differs') : t('einvoices.reconciliation.agrees')}
                />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function AmountsCell({
  amounts,
  className = 'text-stone-900',
  label,
}: {
  amounts: Amounts;
  className?: string;
  /** Said to a screen reader, which sees no colour. */
  label?: string;
}) {
  const t = useT();
  return (
    <td className={`px-4 py-2 align-top ${className}`}>
      {label && <span className="sr-only">{label}: </span>}
      <span className="block whitespace-nowrap">{formatMoney(amounts.taxable)}</span>
      <span className="block whitespace-nowrap text-xs opacity-80">
        {t('einvoices.reconciliation.tax', { amount: formatMoney(amounts.tax) })}
      </span>
    </td>
  );
}

/** One amount of a rate's card on a phone: its name on the left, before VAT and the VAT below on the right. */
function AmountsItem({
  label,
  amounts,
  className = 'text-stone-900',
  state,
}: {
  label: string;
  amounts: Amounts;
  className?: string;
  /** Said to a screen reader, which sees no colour. */
  state?: string;
}) {
  const t = useT();
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className="text-stone-600">{label}</dt>
      <dd className={`text-right ${className}`}>
        {state && <span className="sr-only">{state}: </span>}
        <span className="block whitespace-nowrap">{formatMoney(amounts.taxable)}</span>
        <span className="block whitespace-nowrap text-xs opacity-80">
          {t('einvoices.reconciliation.tax', { amount: formatMoney(amounts.tax) })}
        </span>
      </dd>
    </div>
  );
}

/** An order that needs a person: its number, when it was completed, its total, and what is wrong with its invoice. */
function FlaggedOrder({ order }: { order: ReconciliationOrder }) {
  const t = useT();
  const flag = order.flag!;
  const tone = flag === 'late' ? 'bg-amber-100 text-amber-900' : 'bg-red-100 text-red-800';
  return (
    <li className="card flex flex-col gap-1 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-stone-900">
          {t('einvoices.reconciliation.order', { orderNo: order.orderNo })}
        </span>
        <span className="text-sm text-stone-600 tabular-nums">
          {formatClock(order.completedAt)} · {formatMoney(order.total)}
        </span>
      </div>
      <span className={`self-start rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
        {t(flagMessages[flag], { minutes: RECONCILIATION_LATE_MINUTES, number: order.invoice?.invoiceNumber ?? '' })}
      </span>
      {flag === 'failed' && order.invoice?.error && (
        <p className="text-sm break-words text-stone-700">{order.invoice.error}</p>
      )}
    </li>
  );
}
