import type { Shift } from '@quan/contract/shifts';
import { formatMoney } from '../../../lib/format';
import { formatTime, paymentMethodLabels } from './shift-display';

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
  return (
    <h2 className="text-lg font-semibold text-stone-900 sm:text-xl">
      Shift {shift.shiftNo} · {shift.deviceName} · opened{' '}
      <time dateTime={shift.openedAt} title={new Date(shift.openedAt).toLocaleString('vi-VN')}>
        {formatTime(shift.openedAt)}
      </time>
      {shift.openedBy && ` by ${shift.openedBy.name}`}
    </h2>
  );
}

/** The open shift's running figures, from its report as the server last answered it. */
export function ShiftFigures({ shift }: { shift: Shift }) {
  const { report } = shift;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Shift figures">
        <Figure label="Net sales" value={formatMoney(report.netSales)} note={`${report.orders} orders`} />
        <Figure label="Cash expected" value={formatMoney(report.cash.expected)} note="In the drawer now" />
        <Figure label="Tips" value={formatMoney(report.tips.amount)} />
        <Figure
          label="Refunds"
          value={formatMoney(report.refunds.amount)}
          note={`${report.refunds.count} ${report.refunds.count === 1 ? 'refund' : 'refunds'}`}
        />
      </dl>
      <div className="card p-4">
        <h3 className="text-sm font-semibold text-stone-900">Sales by method</h3>
        {report.byMethod.length === 0 ? (
          <p className="mt-1 text-sm text-stone-600">No payments taken in this shift yet.</p>
        ) : (
          <table className="mt-2 w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">Method</th>
                <th scope="col">Payments</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {report.byMethod.map(({ method, payments, amount }) => (
                <tr key={method}>
                  <th scope="row" className="py-1.5 text-left font-medium text-stone-900">
                    {paymentMethodLabels[method]}
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
