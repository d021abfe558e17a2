import { PUBLIC_BOOKING_STEP_MINUTES, type OpeningSpan } from '@quan/contract/reservations';

/** `n` minutes in milliseconds. */
export const minutes = (n: number) => n * 60_000;

/** "19:30" as minutes after midnight. */
export const clockMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** Minutes after midnight as "19:30". */
export const clockTime = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/**
 * The times a booking of `durationMinutes` may start online on a day with these spans: on the step grid from
 * each opening, the last one a whole booking before the span closes (the table is free again by closing).
 */
export function bookableTimes(spans: readonly OpeningSpan[], durationMinutes: number): string[] {
  const times: string[] = [];
  for (const span of spans) {
    const close = clockMinutes(span.to);
    for (let start = clockMinutes(span.from); start + durationMinutes <= close; start += PUBLIC_BOOKING_STEP_MINUTES) {
      times.push(clockTime(start));
    }
  }
  return times;
}
