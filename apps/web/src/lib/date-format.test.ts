import { afterEach, describe, expect, it } from 'vitest';
import {
  appLocale,
  formatClock,
  formatCompactNumber,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayMonth,
  formatHour,
  formatLongDay,
  formatMonthName,
  formatMonthYear,
  formatPercent,
  formatTime,
  hourInRestaurant,
  weekdayNames,
} from './date-format';
import { activateLanguage } from './i18n';
import { setRestaurantTimeZone } from './restaurant-day';

// Intl separates some words with a no-break or a narrow no-break space.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('dates in the language of the screen', () => {
  it('writes Vietnamese forms on a Vietnamese screen', async () => {
    await activateLanguage('vi', 'staff');
    expect(appLocale()).toBe('vi-VN');
    expect(formatDay('2026-11-26')).toBe('26/11/2026');
    expect(formatDayMonth('2026-11-02')).toBe('02/11');
    expect(formatLongDay('2026-11-26')).toBe('Thứ Năm, 26 tháng 11, 2026');
    expect(formatMonthName(new Date(2026, 10, 26))).toBe('Tháng 11');
    expect(formatMonthYear(new Date(2026, 10, 26))).toBe('Tháng 11 năm 2026');
    // 20:30 UTC on 31 January is already 1 February in Hồ Chí Minh City (UTC+7).
    expect(formatDate('2026-01-31T20:30:00.000Z')).toBe('01/02/2026');
    expect(formatDateTime('2026-01-31T20:30:00.000Z')).toBe('01/02/2026 03:30');
    expect(formatHour(19)).toBe('19:00');
    expect(plain(formatCompactNumber(4_200_000))).toBe('4,2 Tr');
  });

  it('writes English forms on an English screen, the day still before the month', async () => {
    await activateLanguage('en', 'staff');
    expect(appLocale()).toBe('en-GB');
    expect(formatDay('2026-11-26')).toBe('26/11/2026');
    expect(formatDayMonth('2026-11-02')).toBe('02/11');
    expect(formatLongDay('2026-11-26')).toBe('Thursday, 26 November 2026');
    expect(formatMonthName(new Date(2026, 10, 26))).toBe('November');
    expect(formatMonthYear(new Date(2026, 10, 26))).toBe('November 2026');
    expect(weekdayNames()[0]).toBe('Monday');
    expect(weekdayNames()[6]).toBe('Sunday');
    expect(formatDate('2026-01-31T20:30:00.000Z')).toBe('01/02/2026');
    // Times on the 24-hour clock in both languages, as the kitchen's tickets have them.
    expect(formatDateTime('2026-01-31T20:30:00.000Z')).toBe('01/02/2026 03:30');
    expect(formatHour(19)).toBe('19:00');
    expect(formatCompactNumber(4_200_000)).not.toContain('Tr');
    expect(formatCompactNumber(4_200_000)).toMatch(/^4\.2\s?m$/i);
  });

  it('follows the language as it changes, and writes a calendar day as it is, whatever the zone', async () => {
    await activateLanguage('vi', 'staff');
    expect(formatLongDay('2026-11-26')).toBe('Thứ Năm, 26 tháng 11, 2026');
    expect(formatHour(0)).toBe('00:00');
    await activateLanguage('en', 'staff');
    expect(formatLongDay('2026-11-26')).toBe('Thursday, 26 November 2026');
    // A date of birth is a day, not an instant: never moved to the day before or after.
    expect(formatDate('1990-05-31')).toBe('31/05/1990');
  });
});

describe('counts and percentages in the language of the screen', () => {
  it('groups thousands and writes a percentage as the language does', async () => {
    await activateLanguage('vi', 'staff');
    expect(formatCount(1234)).toBe('1.234');
    expect(formatPercent(12)).toBe('12%');
    expect(formatPercent(12.5, 1)).toBe('12,5%');
    await activateLanguage('en', 'staff');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatPercent(12)).toBe('12%');
    expect(formatPercent(12.5, 1)).toBe('12.5%');
    expect(formatPercent(12.5)).toBe('13%');
  });
});

describe("the restaurant's time zone, from the settings", () => {
  afterEach(() => setRestaurantTimeZone(undefined));

  // 23:30 UTC on 31 January: already 06:30 on 1 February in Bangkok (UTC+7), still 31 January in a UTC+0 zone.
  const lateEvening = '2026-01-31T23:30:00.000Z';

  it('reads clocks and days in Hồ Chí Minh City until the settings name a zone', () => {
    expect(formatClock(lateEvening)).toBe('06:30');
    expect(formatDate(lateEvening)).toBe('01/02/2026');
  });

  it('reads clocks, hours and days in the zone the settings name', async () => {
    await activateLanguage('en', 'staff');
    expect(setRestaurantTimeZone('Asia/Bangkok')).toBe('Asia/Bangkok');
    expect(formatClock(lateEvening)).toBe('06:30');
    expect(hourInRestaurant(new Date(lateEvening))).toBe(6);
    expect(formatDate(lateEvening)).toBe('01/02/2026');
    expect(formatTime(lateEvening)).toBe('06:30');

    setRestaurantTimeZone('Africa/Abidjan');
    expect(formatClock(lateEvening)).toBe('23:30');
    expect(hourInRestaurant(new Date(lateEvening))).toBe(23);
    expect(formatDate(lateEvening)).toBe('31/01/2026');
    expect(formatDateTime(lateEvening)).toBe('31/01/2026 23:30');
    expect(formatTime(lateEvening)).toBe('23:30');
  });

  it("reads a clock in the zone an answer names, whatever the restaurant's", () => {
    setRestaurantTimeZone('Africa/Abidjan');
    expect(formatClock(lateEvening, 'Asia/Bangkok')).toBe('06:30');
    expect(formatClock('2026-01-31T00:05:00.000Z')).toBe('00:05');
  });

  it('keeps the default for a zone the browser does not know', () => {
    expect(setRestaurantTimeZone('Mars/Olympus_Mons')).toBe('Asia/Ho_Chi_Minh');
    expect(formatClock(lateEvening)).toBe('06:30');
  });
});
