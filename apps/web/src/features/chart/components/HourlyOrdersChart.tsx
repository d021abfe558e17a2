import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartData } from '@quan/contract/report';
import { useLanguage, useT } from '../../../lib/i18n';
import { chartColors, chartHeight, tickStyle } from './chart-style';
import { formatCount } from '../../../lib/date-format';
import { hourLabel, hourSpanLabel } from './chart-format';

/** Completed orders by the hour of the day they were completed, 0 to 23, over the 30 days. */
export function HourlyOrdersChart({ hourly }: { hourly: ChartData['hourly'] }) {
  const t = useT();
  // Drawn anew in another language: the axes' ticks are written once per drawing.
  const language = useLanguage();
  return (
    <BarChart
      key={language}
      data={hourly}
      responsive
      style={{ width: '100%', height: chartHeight }}
      margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
    >
      <CartesianGrid vertical={false} stroke={chartColors.grid} />
      <XAxis dataKey="hour" tickFormatter={hourLabel} tick={tickStyle} minTickGap={8} />
      <YAxis allowDecimals={false} tick={tickStyle} width={36} />
      <Tooltip
        labelFormatter={(label) => hourSpanLabel(Number(label))}
        formatter={(value) => formatCount(Number(value))}
      />
      <Bar dataKey="orders" name={t('chart.series.orders')} fill={chartColors.orders} radius={[3, 3, 0, 0]} />
    </BarChart>
  );
}
