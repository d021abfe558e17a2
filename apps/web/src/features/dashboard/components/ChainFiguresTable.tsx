import type { PaymentMethod } from '@quan/contract/order';
import type { ChainRevenue } from '@quan/contract/report';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { ChangeBadge } from './FigureCard';
import { headlineFigures, type HeadlineFigure } from './headline-figures';
import { periodChange, previousPeriodName } from './period-change';

/** A column's figures: a branch's, or the chain's total. */
type Figures = ChainRevenue['total'];

interface Row {
  /** The row's name, translated. */
  name: string;
  pick: (figures: Figures) => number;
  format: (value: number) => string;
  /** For the figures compared with the period before: which one. */
  compared?: HeadlineFigure;
}

/**
 * The chain's figures of the period: a column per branch and the total, which the server sums from the
 * branches' own figures (so the columns add up to it, to the đồng). When the server compared them, each of
 * the four headline figures carries its change against the period before (`days` long), in every column.
 */
export function ChainFiguresTable({
  chain,
  days,
  paymentMethodLabels,
}: {
  chain: ChainRevenue;
  days: number;
  paymentMethodLabels: Record<PaymentMethod, string>;
}) {
  const t = useT();
  const revenueOf = (figures: Figures, method: PaymentMethod) =>
    figures.byPaymentMethod.find((row) => row.method === method)?.revenue ?? 0;
  const rows: Row[] = [
    ...headlineFigures.map((figure): Row => ({
      name: t(figure.title),
      pick: figure.pick,
      format: figure.format,
      compared: figure,
    })),
    ...chain.total.byPaymentMethod.map(({ method }): Row => ({
      name: paymentMethodLabels[method],
      pick: (f) => revenueOf(f, method),
      format: formatMoney,
    })),
    { name: t('dashboard.tips'), pick: (f) => f.tips.total, format: formatMoney },
  ];

  /** A cell's change against the period before, the period and its figure said to screen readers. */
  function changeOf(row: Row, figures: Figures) {
    const { compared } = row;
    if (!compared || !figures.comparison) return null;
    const before = compared.pick(figures.comparison);
    const previousPeriod = previousPeriodName(days, t, figures.comparison.span);
    return (
      <span className="mt-1 block text-xs">
        <ChangeBadge change={periodChange(compared.pick(figures), before)} />
        <span className="sr-only">
          {' '}
          {t('dashboard.change.versus', { previousPeriod, previousValue: compared.format(before) })}
        </span>
      </span>
    );
  }

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
                  {changeOf(row, column)}
                </td>
              ))}
              <td className="py-2.5 pl-3 text-right font-semibold whitespace-nowrap text-stone-900 tabular-nums">
                {row.format(row.pick(chain.total))}
                {changeOf(row, chain.total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
