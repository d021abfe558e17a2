import type { PaymentMethod } from '@quan/contract/order';
import type { ChainRevenue } from '@quan/contract/report';
import { formatCount } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

type Figures = ChainRevenue['total'];

interface Row {
  /** The row's name, translated. */
  name: string;
  pick: (figures: Figures) => number;
  format: (value: number) => string;
}

/**
 * The chain's figures of the period: a column per branch and the total, which the server sums from the
 * branches' own figures (so the columns add up to it, to the đồng).
 */
export function ChainFiguresTable({
  chain,
  paymentMethodLabels,
}: {
  chain: ChainRevenue;
  paymentMethodLabels: Record<PaymentMethod, string>;
}) {
  const t = useT();
  const revenueOf = (figures: Figures, method: PaymentMethod) =>
    figures.byPaymentMethod.find((row) => row.method === method)?.revenue ?? 0;
  const rows: Row[] = [
    { name: t('dashboard.figure.revenue'), pick: (f) => f.totalRevenue, format: formatMoney },
    { name: t('dashboard.figure.orders'), pick: (f) => f.orderCount, format: formatCount },
    { name: t('dashboard.figure.average'), pick: (f) => f.averageOrderValue, format: formatMoney },
    { name: t('dashboard.figure.guests'), pick: (f) => f.totalGuests, format: formatCount },
    ...chain.total.byPaymentMethod.map(({ method }): Row => ({
      name: paymentMethodLabels[method],
      pick: (f) => revenueOf(f, method),
      format: formatMoney,
    })),
    { name: t('dashboard.tips'), pick: (f) => f.tips.total, format: formatMoney },
  ];
  return (
    <div className="card overflow-x-auto p-5">
      <table className="w-full text-sm">
        <caption className="pb-3 text-left font-semibold text-stone-900">{t('dashboard.chain.caption')}</caption>
        <thead className="text-left text-xs font-semibold tracking-wide text-stone-500 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t('dashboard.chain.figure')}
            </th>
            {chain.branches.map((column) => (
              <th key={column.branch._id} scope="col" className="py-2 pl-3 text-right font-semibold">
                {column.branch.name}
              </th>
            ))}
            <th scope="col" className="py-2 pl-3 text-right font-semibold text-stone-900">
              {t('dashboard.chain.total')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row" className="min-w-32 py-2.5 pr-3 text-left font-medium text-stone-900">
                {row.name}
              </th>
              {chain.branches.map((column) => (
                <td
                  key={column.branch._id}
                  className="py-2.5 pl-3 text-right whitespace-nowrap text-stone-700 tabular-nums"
                >
                  {row.format(row.pick(column))}
                </td>
              ))}
              <td className="py-2.5 pl-3 text-right font-semibold whitespace-nowrap text-stone-900 tabular-nums">
                {row.format(row.pick(chain.total))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
