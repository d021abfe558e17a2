// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addDays, dayIn, isDay, midnightIso } from '../../../lib/restaurant-day';
import { dayCount, describeDays, presetDays, revenueQueryOf } from './date-range';

const saigon = 'Asia/Ho_Chi_Minh';

describe('dashboard periods', () => {
  it("reads today in the restaurant's zone, not in UTC", () => {
    // 20:30 UTC on 10 March is already 03:30 on 11 March in Hồ Chí Minh City.
    expect(dayIn(saigon, new Date('2026-03-10T20:30:00.000Z'))).toBe('2026-03-11');
    expect(dayIn('UTC', new Date('2026-03-10T20:30:00.000Z'))).toBe('2026-03-10');
  });

  it('counts the presets back from today, today included', () => {
    expect(presetDays('today', '2026-03-11')).toEqual({ firstDay: '2026-03-11', lastDay: '2026-03-11' });
    expect(presetDays('yesterday', '2026-03-01')).toEqual({ firstDay: '2026-02-28', lastDay: '2026-02-28' });
    expect(presetDays('last-7-days', '2026-03-11')).toEqual({ firstDay: '2026-03-05', lastDay: '2026-03-11' });
    expect(presetDays('last-30-days', '2026-03-11')).toEqual({ firstDay: '2026-02-10', lastDay: '2026-03-11' });
    expect(presetDays('this-month', '2026-03-11')).toEqual({ firstDay: '2026-03-01', lastDay: '2026-03-11' });
  });

  it('counts the days of a range', () => {
    expect(dayCount({ firstDay: '2026-03-01', lastDay: '2026-03-11' })).toBe(11);
    expect(dayCount({ firstDay: '2026-01-01', lastDay: '2026-01-01' })).toBe(1);
  });

  it('sends a period half-open, from the midnight that starts it to the midnight after it', () => {
    expect(revenueQueryOf({ firstDay: '2026-03-05', lastDay: '2026-03-11' }, saigon)).toEqual({
      startDate: '2026-03-04T17:00:00.000Z',
      endDate: '2026-03-11T17:00:00.000Z',
    });
    expect(revenueQueryOf({ firstDay: '2025-12-31', lastDay: '2025-12-31' }, saigon)).toEqual({
      startDate: '2025-12-30T17:00:00.000Z',
      endDate: '2025-12-31T17:00:00.000Z',
    });
  });

  it('finds midnight in zones with summer time, on the days the clocks change', () => {
    // Paris moves from UTC+1 to UTC+2 at 02:00 on 29 March 2026: that midnight is still at UTC+1.
    expect(midnightIso('2026-03-29', 'Europe/Paris')).toBe('2026-03-28T23:00:00.000Z');
    expect(midnightIso('2026-03-30', 'Europe/Paris')).toBe('2026-03-29T22:00:00.000Z');
    // New York moves back at 02:00 on 1 November 2026: that midnight is still at UTC−4.
    expect(midnightIso('2026-11-01', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    expect(midnightIso('2026-11-02', 'America/New_York')).toBe('2026-11-02T05:00:00.000Z');
  });

  it('does day arithmetic on the calendar and writes periods as dd/MM', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(describeDays({ firstDay: '2026-03-11', lastDay: '2026-03-11' })).toBe('11/03/2026');
    expect(describeDays({ firstDay: '2026-03-05', lastDay: '2026-03-11' })).toBe('05/03 – 11/03/2026');
    expect(describeDays({ firstDay: '2025-12-29', lastDay: '2026-01-04' })).toBe('29/12/2025 – 04/01/2026');
    expect(isDay('2026-03-11')).toBe(true);
    expect(isDay('')).toBe(false);
    expect(isDay('11/03/2026')).toBe(false);
  });
});
