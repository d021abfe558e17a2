import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n';
import {
  categorySummary,
  compactMoney,
  dailySummary,
  dayLabel,
  formatPrepTime,
  hourLabel,
  hourlySummary,
  hourSpanLabel,
  prepTimeIso,
} from './chart-format';

const nbsp = '\u00a0';
/** The translate function; the test setup shows English before each test. */
const t = i18n._.bind(i18n);

describe('chart labels and summaries', () => {
  it('writes the axes in Vietnamese on a Vietnamese screen: days as dd/MM, hours on the 24-hour clock, "Tr" for millions', async () => {
    await activateLanguage('vi', 'staff');
    expect(dayLabel('2026-11-02')).toBe('02/11');
    expect(hourLabel(19)).toBe('19:00');
    expect(hourSpanLabel(0)).toBe('00:00 – 01:00');
    expect(hourSpanLabel(11)).toBe('11:00 – 12:00');
    expect(hourSpanLabel(23)).toBe('23:00 – 00:00');
    expect(compactMoney(4_200_000)).toBe(`4,2${nbsp}Tr`);
    expect(compactMoney(420_000)).toBe(`420${nbsp}N`);
  });

  it('writes the axes in English on an English screen, with no Vietnamese beside the English words', () => {
    expect(dayLabel('2026-11-02')).toBe('02/11');
    expect(hourLabel(19)).toBe('19:00');
    expect(hourSpanLabel(23)).toBe('23:00 – 00:00');
    expect(compactMoney(4_200_000)).toBe('4.2m');
    expect(compactMoney(420_000)).toBe('420k');
    for (let hour = 0; hour < 24; hour++) expect(hourSpanLabel(hour)).not.toMatch(/SA|CH/);
  });

  it('names the best day (the latest of equals) and the totals', () => {
    const daily = [
      { date: '2026-11-10', revenue: 1_000_000, orders: 10 },
      { date: '2026-11-11', revenue: 4_200_000, orders: 20 },
      { date: '2026-11-12', revenue: 4_200_000, orders: 21 },
      { date: '2026-11-13', revenue: 0, orders: 0 },
    ];
    expect(dailySummary(t, daily)).toBe(
      `Best day: 12/11, 4.200.000${nbsp}₫. In all: 9.400.000${nbsp}₫ from 51 orders.`,
    );
    expect(dailySummary(t, [{ date: '2026-11-13', revenue: 0, orders: 0 }])).toBe(`In all: 0${nbsp}₫ from 0 orders.`);
  });

  it('names the busiest hour (the earliest of equals), or nothing without orders', () => {
    const hourly = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      orders: hour === 12 || hour === 19 ? 42 : 1,
      revenue: 0,
    }));
    expect(hourlySummary(t, hourly)).toBe('Busiest hour: 12:00 – 13:00, 42 orders.');
    expect(
      hourlySummary(
        t,
        hourly.map((hour) => ({ ...hour, orders: 0 })),
      ),
    ).toBeNull();
  });

  it("names the top category with its share of the dishes' revenue", () => {
    expect(
      categorySummary(t, [
        { categoryId: null, name: 'Deleted categories', quantity: 3, revenue: 150_000 },
        { categoryId: 'c1', name: 'Noodles', quantity: 90, revenue: 5_850_000 },
        { categoryId: 'c2', name: 'Drinks', quantity: 120, revenue: 0 },
      ]),
    ).toBe(`Top category: Noodles, 5.850.000${nbsp}₫ (98% of the dishes' revenue).`);
    expect(categorySummary(t, [])).toBeNull();
  });

  it('writes preparation times in minutes and seconds, not as clock times, past the hour too', () => {
    expect(formatPrepTime(t, 33)).toBe('33 s');
    expect(formatPrepTime(t, 59.6)).toBe('1 min 00 s');
    expect(formatPrepTime(t, 0)).toBe('0 s');
    expect(formatPrepTime(t, 245)).toBe('4 min 05 s');
    expect(formatPrepTime(t, 3930)).toBe('65 min 30 s');
    expect(prepTimeIso(245)).toBe('PT4M5S');
  });
});
