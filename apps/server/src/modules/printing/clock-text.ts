/** "19:42" in the branch's time zone, as tickets print the time. */
export function clockTime(timezone: string, instant: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/** "19:42 29/11/2026" in the branch's time zone. */
export function clockDateTime(timezone: string, instant: Date): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  return `${clockTime(timezone, instant)} ${day.format(instant)}`;
}
