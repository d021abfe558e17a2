/** The restaurant's days (API.md: "a day" is a day in the restaurant's time zone). */
const timeZone = 'Asia/Ho_Chi_Minh';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The restaurant's calendar day of an instant, as a date input value ("2026-01-15"). */
export function restaurantDay(instant: Date): string {
  return dayFormat.format(instant);
}

/** How far the restaurant's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(instant: Date): number {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(partsFormat.formatToParts(instant).find((p) => p.type === type)?.value);
  const wallClockAsUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClockAsUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

function parseDay(day: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** The instant the restaurant's day starts (00:00 in its time zone). */
function dayStart(year: number, month: number, day: number): Date {
  const midnightUtc = Date.UTC(year, month - 1, day);
  return new Date(midnightUtc - zoneOffsetMs(new Date(midnightUtc)));
}

export function isDay(value: string): boolean {
  return parseDay(value) !== null;
}

/** "2026-01-15" → the ISO instant of its start in the restaurant ("2026-01-14T17:00:00.000Z"). */
export function dayStartIso(day: string): string | undefined {
  const parts = parseDay(day);
  return parts ? dayStart(...parts).toISOString() : undefined;
}

/** "2026-01-15" → the last millisecond of that day in the restaurant ("2026-01-15T16:59:59.999Z"). */
export function dayEndIso(day: string): string | undefined {
  const parts = parseDay(day);
  if (!parts) return undefined;
  const [year, month, date] = parts;
  return new Date(dayStart(year, month, date + 1).getTime() - 1).toISOString();
}
