import { defaultSettings } from '@quan/contract/settings';

/**
 * The restaurant's calendar days (API.md: "a day" is a day in the restaurant's time zone), as date input
 * values ("2026-01-15"). The zone is the settings' one where a screen has it, else the SPEC's.
 */
const restaurantZone = defaultSettings.timezone;

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

export function parseDay(day: string): [number, number, number] {
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

/** The restaurant's calendar day of an instant. */
export const restaurantDay = (instant: Date, timeZone = restaurantZone) => dayIn(timeZone, instant);

/** "2026-01-15" → the instant that day starts in the restaurant ("2026-01-14T17:00:00.000Z"); undefined for a non-day. */
export function dayStartIso(day: string, timeZone = restaurantZone): string | undefined {
  return isDay(day) ? midnightIso(day, timeZone) : undefined;
}

/** "2026-01-15" → the last millisecond of that day in the restaurant ("2026-01-15T16:59:59.999Z"). */
export function dayEndIso(day: string, timeZone = restaurantZone): string | undefined {
  return isDay(day) ? new Date(Date.parse(midnightIso(addDays(day, 1), timeZone)) - 1).toISOString() : undefined;
}
