import type { RevenueQuery } from '@quan/contract/report';
import { formatDay, formatDayMonth } from '../../../lib/date-format';
import { addDays, midnightIso, parseDay } from '../../../lib/restaurant-day';

/**
 * The dashboard's periods, as calendar days in the restaurant's time zone. A period runs from the first
 * day to the last, both included; the server takes it half-open, from the midnight that starts the first
 * day to the midnight that ends the last (`startDate ≤ completedAt < endDate`).
 */
export const rangePresets = ['today', 'yesterday', 'last-7-days', 'last-30-days', 'this-month', 'custom'] as const;
export type RangePreset = (typeof rangePresets)[number];

/** The message id of each preset's name: `t(rangePresetMessages[preset])`. */
export const rangePresetMessages: Record<RangePreset, string> = {
  today: 'dashboard.preset.today',
  yesterday: 'dashboard.preset.yesterday',
  'last-7-days': 'dashboard.preset.last7',
  'last-30-days': 'dashboard.preset.last30',
  'this-month': 'dashboard.preset.thisMonth',
  custom: 'dashboard.preset.custom',
};

/** Calendar days as date input values ("2026-01-15"), both included. */
export interface DayRange {
  firstDay: string;
  lastDay: string;
}

const dayMs = 86_400_000;

/** How many calendar days a range covers, both ends included. */
export function dayCount({ firstDay, lastDay }: DayRange): number {
  const [y1, m1, d1] = parseDay(firstDay);
  const [y2, m2, d2] = parseDay(lastDay);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / dayMs) + 1;
}

/** The days of a preset, counted back from `today` (today is included in the "last N days"). */
export function presetDays(preset: Exclude<RangePreset, 'custom'>, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { firstDay: today, lastDay: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { firstDay: yesterday, lastDay: yesterday };
    }
    case 'last-7-days':
      return { firstDay: addDays(today, -6), lastDay: today };
    case 'last-30-days':
      return { firstDay: addDays(today, -29), lastDay: today };
    case 'this-month':
      return { firstDay: `${today.slice(0, 8)}01`, lastDay: today };
  }
}

/** The query of GET /api/order/revenue for a range: [midnight of the first day, midnight after the last). */
export function revenueQueryOf(
  range: DayRange,
  timeZone: string,
): Required<Pick<RevenueQuery, 'startDate' | 'endDate'>> {
  return {
    startDate: midnightIso(range.firstDay, timeZone),
    endDate: midnightIso(addDays(range.lastDay, 1), timeZone),
  };
}

/**
 * "15/01/2026" for one day, "09/01 – 15/01/2026" or "28/12/2025 – 03/01/2026" for several, in the screen's
 * language.
 */
export function describeDays({ firstDay, lastDay }: DayRange): string {
  const last = formatDay(lastDay);
  if (firstDay === lastDay) return last;
  const sameYear = firstDay.slice(0, 4) === lastDay.slice(0, 4);
  return `${sameYear ? formatDayMonth(firstDay) : formatDay(firstDay)} – ${last}`;
}
