import { Calculator, Receipt, Users, Wallet, type LucideIcon } from 'lucide-react';
import type { Revenue, RevenueComparisonFigures } from '@quan/contract/report';
import { formatCount } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import type { Translate } from '../../../lib/i18n';
import type { Comparison } from './FigureCard';
import { periodChange, previousPeriodName } from './period-change';

/** The four figures of a period that are compared with the period before it. */
export type HeadlineFigures = Pick<Revenue, 'totalRevenue' | 'orderCount' | 'averageOrderValue' | 'totalGuests'>;

/** Figures of a period and, when the server compared them, those of the span before it. */
export type ComparedFigures = HeadlineFigures & {
  comparison?: HeadlineFigures & Pick<RevenueComparisonFigures, 'span'>;
};

export interface HeadlineFigure {
  /** The message id of the figure's name. */
  title: string;
  icon: LucideIcon;
  pick: (figures: HeadlineFigures) => number;
  format: (value: number) => string;
}

export const headlineFigures: HeadlineFigure[] = [
  { title: 'dashboard.figure.revenue', icon: Wallet, pick: (r) => r.totalRevenue, format: formatMoney },
  { title: 'dashboard.figure.orders', icon: Receipt, pick: (r) => r.orderCount, format: formatCount },
  { title: 'dashboard.figure.average', icon: Calculator, pick: (r) => r.averageOrderValue, format: formatMoney },
  { title: 'dashboard.figure.guests', icon: Users, pick: (r) => r.totalGuests, format: formatCount },
];

/**
 * One figure against the span the server compared it with, over a period of `days` days; an error when the
 * answer carries no comparison.
 */
export function comparisonOf(figure: HeadlineFigure, figures: ComparedFigures, days: number, t: Translate): Comparison {
  const { comparison } = figures;
  if (!comparison) return { status: 'error' };
  const before = figure.pick(comparison);
  return {
    status: 'ready',
    change: periodChange(figure.pick(figures), before),
    previousValue: figure.format(before),
    previousPeriod: previousPeriodName(days, t, comparison.span),
  };
}
