import type { PaymentMethod } from '@quan/contract/order';
import type { Revenue } from '@quan/contract/report';
import { formatCount, formatPercent } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

interface PaymentMethodBreakdownProps {
  byPaymentMethod: Revenue['byPaymentMethod'];
  totalRevenue: number;
  labels: Record<PaymentMethod, string>;
}

/** Revenue by payment method, every method listed (zeros too), with its share of the revenue. */
export function PaymentMethodBreakdown({ byPaymentMethod, totalRevenue, labels }: PaymentMethodBreakdownProps) {
  const t = useT();
  return (
    <table className="w-full text-sm">
      <thead className="text-left text-xs font-semibold tracking-wide text-stone-500 uppercase">
        <tr>
          <th scope="col" className="py-2 font-semibold">
            {t('dashboard.methods.method')}
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            {t('dashboard.methods.orders')}
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            {t('dashboard.methods.revenue')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {byPaymentMethod.map(({ method, orders, revenue }) => {
          const share = totalRevenue > 0 ? (revenue / totalRevenue) * 100 : 0;
          return (
            <tr key={method}>
              <th scope="row" className="py-2.5 pr-3 text-left font-medium text-stone-900">
                {labels[method]}
                <span aria-hidden="true" className="mt-1 block h-1.5 w-full max-w-40 rounded-full bg-stone-100">
                  <span className="block h-full rounded-full bg-amber-600" style={{ width: `${share}%` }} />
                </span>
              </th>
              <td className="py-2.5 text-right text-stone-700 tabular-nums">{formatCount(orders)}</td>
              <td className="py-2.5 text-right tabular-nums">
                <span className="font-semibold text-stone-900">{formatMoney(revenue)}</span>
                <span className="block text-xs text-stone-500">{formatPercent(share)}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
