import type { RevenueQuery } from '@quan/contract/report';

/**
 * The dashboard's periods, as calendar days in the restaurant's time zone. A period runs from the first
 * day to the last, both included; the server takes it half-open, from the midnight that starts the first
 * day to the midnight that ends the last (`startDate ≤ completedAt < endDate`).
 */
export const rangePresets = ['today', 'yesterday', 'last-7-days', 'last-30-days', 'this-month', 'custom'] as const;
export type RangePreset = (typeof rangePresets)[number];

export const rangePresetLabels: Record<RangePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  'last-7-days': 'Last 7 days',
  'last-30-days': 'Last 30 days',
  'this-month': 'This month',
  custom: 'Custom',
};

/** Calendar days as date input values ("2026-01-15"), both included. */
export interface DayRange {
  firstDay: string;
  lastDay: string;
}

const dayMs = 86_400_000;
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function formatIn(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, create: () => Intl.DateTimeFormat) {
  let format = cache.get(timeZone);
  if (!format) {
    format = create();
    cache.set(timeZone, format);
  }
  return format;
}

/** The calendar day of an instant in a time zone ("2026-01-15"). */
export function dayIn(timeZone: string, instant: Date): string {
  return formatIn(
    dayFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(instant);
}

function parseDay(day: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`Not a day: "${day}"`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function isDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** Day arithmetic on the calendar, whatever the time zone: ("2026-03-01", -1) → "2026-02-28". */
export function addDays(day: string, days: number): string {
  const [year, month, date] = parseDay(day);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

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

/** The period of the same length that ends the day before `range` starts. */
export function previousDays(range: DayRange): DayRange {
  return { firstDay: addDays(range.firstDay, -dayCount(range)), lastDay: addDays(range.firstDay, -1) };
}

/** How far a time zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(timeZone: string, instant: number): number {
  const parts = formatIn(
    wallClockFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  ).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallClockAsUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClockAsUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a day starts (00:00 on the wall clock of the time zone), as an ISO string. */
export function midnightIso(day: string, timeZone: string): string {
  const [year, month, date] = parseDay(day);
  const wallClockMidnight = Date.UTC(year, month - 1, date);
  // Once more with the offset found, in case the zone changed its offset (summer time) around that midnight.
  const guess = wallClockMidnight - zoneOffsetMs(timeZone, wallClockMidnight);
  return new Date(wallClockMidnight - zoneOffsetMs(timeZone, guess)).toISOString();
}

/** The query of GET /api/order/revenue for a range: [midnight of the first day, midnight after the last). */
export function revenueQueryOf(range: DayRange, timeZone: string): Required<RevenueQuery> {
  return {
    startDate: midnightIso(range.firstDay, timeZone),
    endDate: midnightIso(addDays(range.lastDay, 1), timeZone),
  };
}

/** "15/01/2026" for one day, "09/01 – 15/01/2026" or "28/12/2025 – 03/01/2026" for several. */
export function describeDays({ firstDay, lastDay }: DayRange): string {
  const [y1, m1, d1] = firstDay.split('-');
  const [y2, m2, d2] = lastDay.split('-');
  const last = `${d2}/${m2}/${y2}`;
  if (firstDay === lastDay) return last;
  return y1 === y2 ? `${d1}/${m1} – ${last}` : `${d1}/${m1}/${y1} – ${last}`;
}
