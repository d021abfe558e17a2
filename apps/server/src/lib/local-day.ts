/** The calendar day ('YYYY-MM-DD') an instant falls on in a time zone. */
export function localDay(timezone: string, instant: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(instant);
}

/** 'YYYY-MM-DD' plus whole days (negative goes back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** '2026-12-31' → '31/12/2026', as the restaurant reads dates. */
export const formatDay = (day: string) => day.split('-').reverse().join('/');
