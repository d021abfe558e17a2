import type { RevenueComparisonFigures } from '@quan/contract/report';
import { formatPercent } from '../../../lib/date-format';
import type { Translate } from '../../../lib/i18n';

/** How a figure moved against the previous period of the same length. */
export type PeriodChange =
  /** `percent` unrounded: 12.5 for 12.5 %. */
  | { direction: 'up' | 'down'; percent: number }
  /** Equal figures, other than zero. */
  | { direction: 'same' }
  /** Nothing now and nothing then (a quiet morning, like the same hours before): nothing to compare. */
  | { direction: 'none' }
  /** Something now, nothing before: a percentage of zero means nothing. */
  | { direction: 'new' };

export function periodChange(current: number, previous: number): PeriodChange {
  if (current === 0 && previous === 0) return { direction: 'none' };
  if (current === previous) return { direction: 'same' };
  if (previous === 0) return { direction: 'new' };
  return { direction: current > previous ? 'up' : 'down', percent: (Math.abs(current - previous) / previous) * 100 };
}

/** Whole percents, in the screen's language; a change under 1 % still says which way it went ("<1%"). */
function percentText(percent: number): string {
  return percent < 0.5 ? `<${formatPercent(1)}` : formatPercent(percent);
}

/** The short badge text: "+12%", "−5%" (a true minus sign), "0%", "new", "—" (nothing on either side). */
export function changeBadge(change: PeriodChange, t: Translate): string {
  switch (change.direction) {
    case 'up':
      return `+${percentText(change.percent)}`;
    case 'down':
      return `\u2212${percentText(change.percent)}`;
    case 'same':
      return formatPercent(0);
    case 'new':
      return t('dashboard.change.new');
    case 'none':
      return '\u2014';
  }
}

/**
 * "the previous day", "the previous 7 days" for a period that is over; for one still under way, compared
 * with the same elapsed span before it: "yesterday at this time", "the previous 7 days at this time".
 */
export function previousPeriodName(
  days: number,
  t: Translate,
  span: RevenueComparisonFigures['span'] = 'whole',
): string {
  if (span === 'elapsed') {
    return days === 1 ? t('dashboard.change.yesterdaySoFar') : t('dashboard.change.previousDaysSoFar', { days });
  }
  return days === 1 ? t('dashboard.change.previousDay') : t('dashboard.change.previousDays', { days });
}
