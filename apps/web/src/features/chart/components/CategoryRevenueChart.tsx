import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartData } from '@quan/contract/report';
import { formatMoney } from '../../../lib/format';
import { useLanguage, useT } from '../../../lib/i18n';
import { chartColors, tickStyle } from './chart-style';
import { compactMoney } from './chart-format';

/** Revenue of each category's dishes, one horizontal bar per category, best first as the server sends them. */
export function CategoryRevenueChart({ byCategory }: { byCategory: ChartData['byCategory'] }) {
  const t = useT();
  // Drawn anew in another language: the axes' ticks are written once per drawing.
  const language = useLanguage();
  return (
    <BarChart
      key={language}
      data={byCategory}
      layout="vertical"
      responsive
      style={{ width: '100%', height: Math.max(160, 44 * byCategory.length + 40) }}
      margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
    >
      <CartesianGrid horizontal={false} stroke={chartColors.grid} />
      <XAxis type="number" tickFormatter={compactMoney} tick={tickStyle} />
      <YAxis type="category" dataKey="name" tick={tickStyle} width={120} />
      <Tooltip formatter={(value) => formatMoney(Number(value))} />
      <Bar dataKey="revenue" name={t('chart.series.revenue')} fill={chartColors.revenue} radius={[0, 3, 3, 0]} />
    </BarChart>
  );
}
