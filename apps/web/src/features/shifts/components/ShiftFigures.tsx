import type { Shift } from '@quan/contract/shifts';
import { formatClock, formatDateTime } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { paymentMethodLabelIds } from './shift-display';

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="card p-3 sm:p-4">
      <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-stone-900 tabular-nums sm:text-xl">{value}</dd>
      {note && <dd className="text-xs text-stone-600">{note}</dd>}
    </div>
  );
}

/** "Shift 12 · Quầy 1 · opened 08:02 by Lan", with the full date on hover. */
export function ShiftHeading({ shift }: { shift: Shift }) {
  const t = useT();
  const openedAt = formatDateTime(shift.openedAt);
  return (
    <h2 className="text-lg font-semibold text-stone-900 sm:text-xl">
      {t('shifts.heading.opened', { shiftNo: shift.shiftNo, drawer: shift.deviceName })}{' '}
      <time dateTime={shift.openedAt} title={openedAt}>
        {formatClock(shift.openedAt)}
      </time>
      {shift.openedBy && ` ${t('shifts.heading.by', { name: shift.openedBy.name })}`}
    </h2>
  );
}

/** The open shift's running figures, from its report as the server last answered it. */
export function ShiftFigures({ shift }: { shift: Shift }) {
  const { report } = shift;
  const t = useT();
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('shifts.figures')}>
        <Figure
          label={t('shifts.figures.netSales')}
          value={formatMoney(report.netSales)}
          note={t('shifts.figures.orders', { count: report.orders })}
        />
        <Figure
          label={t('shifts.figures.cashExpected')}
          value={formatMoney(report.cash.expected)}
          note={
            report.cash.rounding === 0
              ? t('shifts.figures.inDrawer')
              : t('shifts.figures.inDrawerRounded', {
                  rounding: `${report.cash.rounding < 0 ? '−' : '+'}${formatMoney(Math.abs(report.cash.rounding))}`,
                })
          }
        />
        <Figure label={t('shifts.figures.tips')} value={formatMoney(report.tips.amount)} />
        <Figure
          label={t('shifts.figures.refunds')}
          value={formatMoney(report.refunds.amount)}
          note={t('shifts.figures.refundCount', { count: report.refunds.count })}
        />
      </dl>
      <div className="card p-4">
        <h3 className="text-sm font-semibold text-stone-900">{t('shifts.figures.byMethod')}</h3>
        {report.byMethod.length === 0 ? (
          <p className="mt-1 text-sm text-stone-600">{t('shifts.figures.noPayments')}</p>
        ) : (
          <table className="mt-2 w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">{t('shifts.figures.method')}</th>
                <th scope="col">{t('shifts.figures.payments')}</th>
                <th scope="col">{t('shifts.figures.amount')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {report.byMethod.map(({ method, payments, amount }) => (
                <tr key={method}>
                  <th scope="row" className="py-1.5 text-left font-medium text-stone-900">
                    {t(paymentMethodLabelIds[method])}
                  </th>
                  <td className="py-1.5 text-right text-stone-600 tabular-nums">{payments}</td>
                  <td className="py-1.5 text-right font-semibold text-stone-900 tabular-nums">{formatMoney(amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
