import { TZDate, tz } from '@date-fns/tz';
import { defaultSettings } from '@quan/contract/settings';
import { formatISO } from 'date-fns';

/*
 * The restaurant's calendar days, as date input values ("2026-01-15"): the API's day filters mean a day in
 * the restaurant's time zone, not the browser's.
 */

/**
 * The restaurant's time zone, where the staff screens read an instant's day and its clock. The staff app sets it
 * from the settings once they arrive (app/RestaurantTimeZone.tsx); until then, and on the diners' pages, which are
 * handed their zone with each answer, it is the default settings' one. One value for the whole page: a screen
 * never shows two zones side by side.
 */
let restaurantZone = defaultSettings.timezone;

/** The zone the staff screens read days and clocks in (see above). */
export function restaurantTimeZone(): string {
  return restaurantZone;
}

/**
 * Makes `timeZone` (an IANA name, from the settings) the restaurant's; the default settings' one for none. Returns
 * the zone now in force, so that a screen can draw itself again when it changed.
 */
export function setRestaurantTimeZone(timeZone: string | undefined): string {
  restaurantZone = timeZone && isTimeZone(timeZone) ? timeZone : defaultSettings.timezone;
  return restaurantZone;
}

/** Whether this browser knows the zone: one it does not would make every date on the screens throw. */
function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day of an instant in a time zone ("2026-01-15"). */
export function dayIn(timeZone: string, instant: Date): string {
  return formatISO(instant, { representation: 'date', in: tz(timeZone) });
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

/** The instant a day starts (00:00 on the wall clock of the time zone), as an ISO string. */
export function midnightIso(day: string, timeZone: string): string {
  const [year, month, date] = parseDay(day);
  // TZDate places a wall-clock time in the zone, a midnight that summer time skips at the first instant of
  // the day. Its own toISOString keeps the zone's offset; the API takes instants in UTC.
  return new Date(new TZDate(year, month - 1, date, timeZone).getTime()).toISOString();
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

/**
 * A day and a wall-clock time in the restaurant ("2026-11-26", "19:00") as the instant it names, in ISO; null
 * when either is not one.
 */
export function restaurantInstantIso(day: string, time: string, timeZone = restaurantZone): string | null {
  const clock = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!isDay(day) || !clock) return null;
  const [year, month, date] = parseDay(day);
  return new Date(
    new TZDate(year, month - 1, date, Number(clock[1]), Number(clock[2]), timeZone).getTime(),
  ).toISOString();
}
