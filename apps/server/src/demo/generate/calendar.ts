import { pgArray } from './sql';

// The restaurant's hours and weekly rhythm, and the date arithmetic the generator does on local days.

/** The restaurant opens at 7:00 and takes its last orders before 22:00 (local time). */
export const OPENING_HOUR = 7;
/** Relative orders per hour from 7:00 to 21:00: lunch 11–13 and dinner 18–20, quiet mid-afternoon. */
export const WEEKDAY_HOURS = [3, 4, 3, 3, 11, 14, 8, 3, 2, 3, 6, 12, 14, 9, 4];
/** Weekends: busier mornings, afternoons and evenings. */
export const WEEKEND_HOURS = [4, 5, 5, 5, 11, 13, 9, 5, 4, 5, 7, 13, 15, 11, 5];
/** Monday … Sunday: weekdays quieter, Friday to Sunday busier. */
const WEEKDAY_FACTORS = [0.85, 0.85, 0.9, 0.95, 1.1, 1.35, 1.3];
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

/** Lower bounds of each hour's share of the day's orders, for width_bucket(). */
export function hourBounds(weights: readonly number[]): string {
  const total = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  const bounds = weights.map((weight) => {
    const bound = cumulative / total;
    cumulative += weight;
    return Number(bound.toFixed(6));
  });
  return pgArray(bounds);
}

/** 'YYYY-MM-DD' of an instant in a time zone. */
export function localDate(instant: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(instant);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
const weekdayOf = (day: string) => (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;

/**
 * Orders per day: the weekly rhythm, slow growth over the period (a restaurant finding its guests) and
 * day-to-day noise, scaled to `total` over the whole days.
 */
export function dailyOrderCounts(random: () => number, lastDay: string, days: number, total: number) {
  const weights = Array.from({ length: days }, (_, i) => {
    const day = addDays(lastDay, i - days + 1);
    const growth = 0.85 + (0.3 * i) / Math.max(1, days - 1);
    return { day, weight: WEEKDAY_FACTORS[weekdayOf(day)]! * growth * (0.85 + 0.3 * random()) };
  });
  const sum = weights.reduce((a, w) => a + w.weight, 0);
  return weights.map(({ day, weight }) => ({ day, count: Math.max(1, Math.round((total * weight) / sum)) }));
}
