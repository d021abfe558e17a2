import type { ReactNode } from 'react';
import type { NoteCounts, ShiftSummary } from '@quan/contract/shifts';
import { formatMoney } from '../../../lib/format';
import { formatDateTime } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { noteLabel, overShortLabel, paymentMethodLabelIds } from './shift-display';

function Row({ label, value, strong = false }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? 'font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}

const minus = (amount: number) => (amount > 0 ? `\u2212${formatMoney(amount)}` : formatMoney(0));

/** The cash rounding with its sign: the guests handed over more (+) or less (−) than their bills. */
const signed = (amount: number) =>
  amount < 0 ? minus(-amount) : amount > 0 ? `+${formatMoney(amount)}` : formatMoney(0);

interface ZReportProps {
  shift: ShiftSummary & { noteCounts?: NoteCounts | null };
  restaurantName: string;
}

/**
 * The end-of-shift report with the server's figures, laid out for an 80 mm receipt printer: who opened and
 * closed the drawer, what it sold by method, the orders' figures, and the cash the drawer should hold
 * against what was counted (the cash rounding a line of its own, never in the sales). While the shift is open it reads as a running (X) report.
 */
export function ZReport({ shift, restaurantName }: ZReportProps) {
  const { report } = shift;
  const { cash } = report;
  const isClosed = shift.status === 'closed';
  const t = useT();

  return (
    <article aria-label={t('shifts.z.label', { shiftNo: shift.shiftNo })} className="ticket">
      <header className="ticket-center">
        <p className="text-base font-bold uppercase">{restaurantName}</p>
        <p className="text-base font-bold">{isClosed ? t('shifts.z.title') : t('shifts.z.titleOpen')}</p>
        <p>{t('shifts.z.shift', { shiftNo: shift.shiftNo, drawer: shift.deviceName })}</p>
        {shift.reopenCount > 0 && <p>{t('shifts.z.reopened', { count: shift.reopenCount })}</p>}
      </header>

      <dl className="ticket-rule space-y-0.5">
        <Row label={t('shifts.z.opened')} value={formatDateTime(shift.openedAt)} />
        <Row label={t('shifts.z.by')} value={shift.openedBy?.name ?? '—'} />
        <Row
          label={t('shifts.z.closed')}
          value={shift.closedAt ? formatDateTime(shift.closedAt) : t('shifts.z.stillOpen')}
        />
        {shift.closedAt && <Row label={t('shifts.z.by')} value={shift.closedBy?.name ?? '—'} />}
      </dl>

      <section className="ticket-rule" aria-label={t('shifts.z.salesByMethod')}>
        <p className="font-bold">{t('shifts.z.salesByMethodTitle')}</p>
        <dl className="space-y-0.5">
          {report.byMethod.length === 0 && <Row label={t('shifts.z.noPayments')} value={formatMoney(0)} />}
          {report.byMethod.map(({ method, payments, amount }) => (
            <Row
              key={method}
              label={t('shifts.z.methodLine', { method: t(paymentMethodLabelIds[method]), payments })}
              value={formatMoney(amount)}
            />
          ))}
          {report.refunds.count > 0 && (
            <Row
              label={<span className="pl-4">{t('shifts.z.ofWhichRefunded', { count: report.refunds.count })}</span>}
              value={minus(report.refunds.amount)}
            />
          )}
          <Row label={t('shifts.z.netSales')} value={formatMoney(report.netSales)} strong />
        </dl>
      </section>

      <dl className="ticket-rule space-y-0.5" aria-label={t('shifts.z.orders')}>
        <Row label={t('shifts.z.subtotal')} value={formatMoney(report.subtotal)} />
        <Row label={t('shifts.z.discounts')} value={minus(report.discounts)} />
        <Row label={t('shifts.z.serviceCharge')} value={formatMoney(report.serviceCharge)} />
        <Row label={t('shifts.z.taxes')} value={formatMoney(report.taxes)} />
        <Row label={t('shifts.z.voids', { count: report.voids.count })} value={minus(report.voids.amount)} />
        <Row label={t('shifts.z.orderCount')} value={String(report.orders)} />
        <Row label={t('shifts.z.guestCount')} value={String(report.guests)} />
      </dl>

      <section className="ticket-rule" aria-label={t('shifts.z.tips')}>
        <dl className="space-y-0.5">
          <Row label={t('shifts.z.tips')} value={formatMoney(report.tips.amount)} strong />
          {report.tips.byStaff.map(({ staff, amount }) => (
            <Row
              key={staff?._id ?? 'nobody'}
              label={<span className="pl-4">{staff?.name ?? t('shifts.z.unassigned')}</span>}
              value={formatMoney(amount)}
            />
          ))}
        </dl>
      </section>

      <section className="ticket-rule" aria-label={t('shifts.z.cash')}>
        <p className="font-bold">{t('shifts.z.cashTitle')}</p>
        <dl className="space-y-0.5">
          <Row label={t('shifts.z.openingFloat')} value={formatMoney(cash.openingFloat)} />
          <Row label={t('shifts.z.cashSales')} value={formatMoney(cash.sales)} />
          <Row label={t('shifts.z.cashRounding')} value={signed(cash.rounding)} />
          <Row label={t('shifts.z.cashTips')} value={formatMoney(cash.tips)} />
          <Row label={t('shifts.z.cashRefunds')} value={minus(cash.refunds)} />
          <Row label={t('shifts.z.payIns')} value={formatMoney(cash.payIns)} />
          <Row label={t('shifts.z.payOuts')} value={minus(cash.payOuts)} />
          <Row label={t('shifts.z.expected')} value={formatMoney(cash.expected)} strong />
          <Row label={t('shifts.z.counted')} value={cash.counted === null ? '—' : formatMoney(cash.counted)} strong />
          {cash.overShort !== null && (
            <Row label={t('shifts.z.overShort')} value={overShortLabel(t, cash.overShort)} strong />
          )}
        </dl>
        {shift.noteCounts && shift.noteCounts.length > 0 && (
          <dl className="mt-1 space-y-0.5 pl-4" aria-label={t('shifts.z.countedByNote')}>
            {shift.noteCounts.map(({ note, count }) => (
              <Row key={note} label={`${count} × ${noteLabel(note)}`} value={formatMoney(note * count)} />
            ))}
          </dl>
        )}
      </section>

      {shift.note && <p className="ticket-rule italic">{t('shifts.z.note', { note: shift.note })}</p>}
      <footer className="ticket-rule ticket-center">
        <p>{t('shifts.z.printed', { at: formatDateTime(new Date()) })}</p>
      </footer>
    </article>
  );
}
