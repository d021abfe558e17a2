import type { ReactNode } from 'react';
import type { NoteCounts, ShiftSummary } from '@quan/contract/shifts';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { noteLabel, overShortLabel, paymentMethodLabels } from './shift-display';

function Row({ label, value, strong = false }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? 'font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}

const minus = (amount: number) => (amount > 0 ? `\u2212${formatMoney(amount)}` : formatMoney(0));
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

interface ZReportProps {
  shift: ShiftSummary & { noteCounts?: NoteCounts | null };
  restaurantName: string;
}

/**
 * The end-of-shift report with the server's figures, laid out for an 80 mm receipt printer: who opened and
 * closed the drawer, what it sold by method, the orders' figures, and the cash the drawer should hold
 * against what was counted. While the shift is open it reads as a running (X) report.
 */
export function ZReport({ shift, restaurantName }: ZReportProps) {
  const { report } = shift;
  const { cash } = report;
  const isClosed = shift.status === 'closed';

  return (
    <article aria-label={`Z report of shift ${shift.shiftNo}`} className="ticket">
      <header className="ticket-center">
        <p className="text-base font-bold uppercase">{restaurantName}</p>
        <p className="text-base font-bold">{isClosed ? 'Z REPORT' : 'Z REPORT (SHIFT STILL OPEN)'}</p>
        <p>
          Shift {shift.shiftNo} · {shift.deviceName}
        </p>
        {shift.reopenCount > 0 && <p>Reopened {plural(shift.reopenCount, 'time', 'times')}</p>}
      </header>

      <dl className="ticket-rule space-y-0.5">
        <Row label="Opened" value={formatDateTime(shift.openedAt)} />
        <Row label="by" value={shift.openedBy?.name ?? '—'} />
        <Row label="Closed" value={shift.closedAt ? formatDateTime(shift.closedAt) : 'Still open'} />
        {shift.closedAt && <Row label="by" value={shift.closedBy?.name ?? '—'} />}
      </dl>

      <section className="ticket-rule" aria-label="Sales by payment method">
        <p className="font-bold">SALES BY METHOD, NET OF REFUNDS</p>
        <dl className="space-y-0.5">
          {report.byMethod.length === 0 && <Row label="No payments" value={formatMoney(0)} />}
          {report.byMethod.map(({ method, payments, amount }) => (
            <Row key={method} label={`${paymentMethodLabels[method]} (${payments})`} value={formatMoney(amount)} />
          ))}
          {report.refunds.count > 0 && (
            <Row
              label={<span className="pl-4">{`of which refunded (${report.refunds.count})`}</span>}
              value={minus(report.refunds.amount)}
            />
          )}
          <Row label="Net sales" value={formatMoney(report.netSales)} strong />
        </dl>
      </section>

      <dl className="ticket-rule space-y-0.5" aria-label="Orders">
        <Row label="Subtotal" value={formatMoney(report.subtotal)} />
        <Row label="Discounts" value={minus(report.discounts)} />
        <Row label="Service charge" value={formatMoney(report.serviceCharge)} />
        <Row label="Taxes" value={formatMoney(report.taxes)} />
        <Row label={`Voids (${report.voids.count})`} value={minus(report.voids.amount)} />
        <Row label="Orders" value={String(report.orders)} />
        <Row label="Guests" value={String(report.guests)} />
      </dl>

      <section className="ticket-rule" aria-label="Tips">
        <dl className="space-y-0.5">
          <Row label="Tips" value={formatMoney(report.tips.amount)} strong />
          {report.tips.byStaff.map(({ staff, amount }) => (
            <Row
              key={staff?._id ?? 'nobody'}
              label={<span className="pl-4">{staff?.name ?? 'Unassigned'}</span>}
              value={formatMoney(amount)}
            />
          ))}
        </dl>
      </section>

      <section className="ticket-rule" aria-label="Cash">
        <p className="font-bold">CASH</p>
        <dl className="space-y-0.5">
          <Row label="Opening float" value={formatMoney(cash.openingFloat)} />
          <Row label="Cash sales" value={formatMoney(cash.sales)} />
          <Row label="Cash tips" value={formatMoney(cash.tips)} />
          <Row label="Cash refunds" value={minus(cash.refunds)} />
          <Row label="Pay-ins" value={formatMoney(cash.payIns)} />
          <Row label="Pay-outs" value={minus(cash.payOuts)} />
          <Row label="Expected" value={formatMoney(cash.expected)} strong />
          <Row label="Counted" value={cash.counted === null ? '—' : formatMoney(cash.counted)} strong />
          {cash.overShort !== null && <Row label="Over/short" value={overShortLabel(cash.overShort)} strong />}
        </dl>
        {shift.noteCounts && shift.noteCounts.length > 0 && (
          <dl className="mt-1 space-y-0.5 pl-4" aria-label="Counted by note">
            {shift.noteCounts.map(({ note, count }) => (
              <Row key={note} label={`${count} × ${noteLabel(note)}`} value={formatMoney(note * count)} />
            ))}
          </dl>
        )}
      </section>

      {shift.note && <p className="ticket-rule italic">Note: {shift.note}</p>}
      <footer className="ticket-rule ticket-center">
        <p>Printed {formatDateTime(new Date())}</p>
      </footer>
    </article>
  );
}
