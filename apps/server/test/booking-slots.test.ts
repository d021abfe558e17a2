import { PUBLIC_BOOKING_STEP_MINUTES } from '@quan/contract/reservations';
import { describe, expect, it } from 'vitest';
import { bookableTimes, clockMinutes, clockTime } from '../src/modules/reservations/booking-slots';

/** A default booking: an hour and a half. */
const BOOKING = 90;

describe('the times a booking may start online', () => {
  it('are on a 15-minute grid', () => {
    expect(PUBLIC_BOOKING_STEP_MINUTES).toBe(15);
  });

  it('step from the opening, the last a whole booking before closing (the table is free again by then)', () => {
    expect(bookableTimes([{ from: '10:00', to: '12:00' }], BOOKING)).toEqual(['10:00', '10:15', '10:30']);
  });

  it('step from the opening itself, even one off the quarter hour', () => {
    expect(bookableTimes([{ from: '10:10', to: '12:00' }], BOOKING)).toEqual(['10:10', '10:25']);
  });

  it('follow a longer booking: fewer starts fit before closing', () => {
    expect(bookableTimes([{ from: '10:00', to: '12:00' }], 120)).toEqual(['10:00']);
  });

  it('come from each span of the day, none in the gap between them', () => {
    const lunchAndDinner = [
      { from: '10:00', to: '14:00' },
      { from: '17:00', to: '22:00' },
    ];
    const times = bookableTimes(lunchAndDinner, BOOKING);
    expect(times.slice(0, 3)).toEqual(['10:00', '10:15', '10:30']);
    expect(times).toContain('12:30');
    expect(times).not.toContain('12:45');
    expect(times).not.toContain('14:00');
    expect(times).not.toContain('16:45');
    expect(times.at(-1)).toBe('20:30');
    expect(times).toHaveLength(11 + 15);
  });

  it('are none in a span shorter than a booking, while the other spans still offer theirs', () => {
    expect(bookableTimes([{ from: '11:00', to: '12:00' }], BOOKING)).toEqual([]);
    expect(
      bookableTimes(
        [
          { from: '07:00', to: '08:00' },
          { from: '18:00', to: '19:30' },
        ],
        BOOKING,
      ),
    ).toEqual(['18:00']);
  });

  it('are none on a closed day', () => {
    expect(bookableTimes([], BOOKING)).toEqual([]);
  });
});

describe('the clock of the slot grid', () => {
  it('reads "HH:MM" as minutes after midnight and writes them back', () => {
    expect(clockMinutes('00:00')).toBe(0);
    expect(clockMinutes('19:30')).toBe(19 * 60 + 30);
    expect(clockTime(19 * 60 + 30)).toBe('19:30');
    expect(clockTime(5 * 60 + 5)).toBe('05:05');
    expect(clockTime(clockMinutes('23:45'))).toBe('23:45');
  });
});
