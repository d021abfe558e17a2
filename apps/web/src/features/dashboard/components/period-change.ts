import type { Translate } from '../../../lib/i18n';

/** The translate function of the active language (`useT()`). */
/** How a figure moved against the previous period of the same length. */
export type PeriodChange =
  /** `percent` unrounded: 12.5 for 12.5 %. */
  | { direction: 'up' | 'down'; percent: number }
  /** Equal figures, zero included. */
  | { direction: 'same' }
  /** Something now, nothing before: a percentage of zero means nothing. */
  | { direction: 'new' };

export function periodChange(current: number, previous: number): PeriodChange {
  if (current === previous) return { direction: 'same' };
  if (previous === 0) return { direction: 'new' };
  return { direction: current > previous ? 'up' : 'down', percent: (Math.abs(current - previous) / previous) * 100 };
}

const wholePercent = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });

/** Whole percents; a change under 1 % still says which way it went ("<1"). */
function percentText(percent: number): string {
  return percent < 0.5 ? '<1' : wholePercent.format(percent);
}

/** The short badge text: "+12 %", "−5 %" (a true minus sign), "0 %", "new". */
export function changeBadge(change: PeriodChange, t: Translate): string {
  switch (change.direction) {
    case 'up':
      return `+${percentText(change.percent)} %`;
    case 'down':
      return `\u2212${percentText(change.percent)} %`;
    case 'same':
      return '0 %';
    case 'new':
      return t('dashboard.change.new');
  }
}

/** "the previous day", "the previous 7 days". */
export function previousPeriodName(days: number, t: Translate): string {
  return days === 1 ? t('dashboard.change.previousDay') : t('dashboard.change.previousDays', { days });
}
