import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartData } from '@quan/contract/report';
import { formatCount } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useLanguage, useT } from '../../../lib/i18n';
import { chartColors, chartHeight, tickStyle } from './chart-style';
import { compactMoney, dayLabel } from './chart-format';

/** Revenue as bars (left axis) and completed orders as a line (right axis), one point a day. */
export function DailyRevenueChart({ daily }: { daily: ChartData['daily'] }) {
  const t = useT();
  // Drawn anew in another language: the axes' ticks are written once per drawing.
  const language = useLanguage();
  return (
    <ComposedChart
      key={language}
      data={daily}
      responsive
      style={{ width: '100%', height: chartHeight }}
      margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
    >
      <CartesianGrid vertical={false} stroke={chartColors.grid} />
      <XAxis dataKey="date" tickFormatter={dayLabel} tick={tickStyle} minTickGap={12} />
      <YAxis yAxisId="revenue" tickFormatter={compactMoney} tick={tickStyle} width={56} />
      <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={tickStyle} width={36} />
      <Tooltip
        labelFormatter={(label) => dayLabel(String(label))}
        formatter={(value, _name, item) =>
          item.dataKey === 'revenue' ? formatMoney(Number(value)) : formatCount(Number(value))
        }
      />
      <Legend />
      <Bar
        yAxisId="revenue"
        dataKey="revenue"
        name={t('chart.series.revenue')}
        fill={chartColors.revenue}
        radius={[3, 3, 0, 0]}
      />
      <Line
        yAxisId="orders"
        dataKey="orders"
        name={t('chart.series.orders')}
        type="monotone"
        stroke={chartColors.orders}
        strokeWidth={2}
        dot={false}
      />
    </ComposedChart>
  );
}
