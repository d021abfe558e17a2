import type { ChainChartData } from '@quan/contract/report';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { FiguresTable } from './ChartPanel';
import { dayLabel } from './chart-format';

/** The chain's days, a column per branch and the chain's total (the sum of the columns), newest day first. */
export function ChainDailyRevenue({ chain }: { chain: ChainChartData }) {
  const t = useT();
  const revenueOn = (daily: ChainChartData['total']['daily'], date: string) =>
    daily.find((day) => day.date === date)?.revenue ?? 0;
  return (
    <section aria-labelledby="chart-chain-title" className="card p-5">
      <h2 id="chart-chain-title" className="text-lg font-semibold text-stone-900">
        {t('chart.chain.title')}
      </h2>
      <div className="mt-3 max-h-96 overflow-auto">
        <FiguresTable
          caption={t('chart.chain.title')}
          columns={[
            t('chart.column.day'),
            ...chain.branches.map((column) => column.branch.name),
            t('chart.chain.total'),
          ]}
          rows={[...chain.total.daily].reverse().map((day) => ({
            key: day.date,
            cells: [
              dayLabel(day.date),
              ...chain.branches.map((column) => formatMoney(revenueOn(column.daily, day.date))),
              formatMoney(day.revenue),
            ],
          }))}
        />
      </div>
    </section>
  );
}
