// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import {
  dayEndIso,
  dayStartIso,
  isDay,
  restaurantDay,
  restaurantInstantIso,
  restaurantTimeZone,
  setRestaurantTimeZone,
} from './restaurant-day';

describe('restaurant days (Asia/Ho_Chi_Minh, UTC+7)', () => {
  it('reads the calendar day in the restaurant, not UTC', () => {
    // 20:30 UTC on 31 January is already 1 February in Hồ Chí Minh City.
    expect(restaurantDay(new Date('2026-01-31T20:30:00.000Z'))).toBe('2026-02-01');
    expect(restaurantDay(new Date('2026-01-31T16:59:59.999Z'))).toBe('2026-01-31');
  });

  it('turns a day into the first and last instants of that day in the restaurant', () => {
    expect(dayStartIso('2026-01-15')).toBe('2026-01-14T17:00:00.000Z');
    expect(dayEndIso('2026-01-15')).toBe('2026-01-15T16:59:59.999Z');
  });

  it('crosses month and year ends', () => {
    expect(dayEndIso('2026-01-31')).toBe('2026-01-31T16:59:59.999Z');
    expect(dayStartIso('2026-01-01')).toBe('2025-12-31T17:00:00.000Z');
    expect(dayEndIso('2025-12-31')).toBe('2025-12-31T16:59:59.999Z');
  });

  it('ignores what is not a day', () => {
    expect(isDay('')).toBe(false);
    expect(isDay('15/01/2026')).toBe(false);
    expect(dayStartIso('')).toBeUndefined();
    expect(dayEndIso('nope')).toBeUndefined();
  });
});

describe('restaurant days in other time zones', () => {
  it('puts 23:30 and 00:30 on either side of midnight in the restaurant', () => {
    expect(restaurantDay(new Date('2026-03-10T16:30:00.000Z'))).toBe('2026-03-10');
    expect(restaurantDay(new Date('2026-03-10T17:30:00.000Z'))).toBe('2026-03-11');
    expect(restaurantDay(new Date('2026-03-10T17:30:00.000Z'), 'Europe/Paris')).toBe('2026-03-10');
  });

  it('follows summer time: a day of 23 hours and one of 25', () => {
    expect(dayStartIso('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(dayEndIso('2026-03-08', 'America/New_York')).toBe('2026-03-09T03:59:59.999Z');
    expect(dayStartIso('2026-11-01', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    expect(dayEndIso('2026-11-01', 'America/New_York')).toBe('2026-11-02T04:59:59.999Z');
  });

  it('starts a day whose midnight summer time skips at its first instant (Santiago jumps from 00:00 to 01:00)', () => {
    expect(dayStartIso('2026-09-06', 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
    expect(dayEndIso('2026-09-05', 'America/Santiago')).toBe('2026-09-06T03:59:59.999Z');
    expect(restaurantDay(new Date('2026-09-06T03:59:59.999Z'), 'America/Santiago')).toBe('2026-09-05');
    expect(restaurantDay(new Date('2026-09-06T04:00:00.000Z'), 'America/Santiago')).toBe('2026-09-06');
  });
});

describe("restaurant days in the settings' time zone", () => {
  afterEach(() => setRestaurantTimeZone(undefined));

  it('reads the day in Hồ Chí Minh City until the settings name a zone', () => {
    expect(restaurantTimeZone()).toBe('Asia/Ho_Chi_Minh');
    expect(restaurantDay(new Date('2026-01-31T23:30:00.000Z'))).toBe('2026-02-01');
  });

  it('reads days and their edges in the zone set, a restaurant in Bangkok or in a UTC+0 zone', () => {
    setRestaurantTimeZone('Asia/Bangkok');
    expect(restaurantDay(new Date('2026-01-31T23:30:00.000Z'))).toBe('2026-02-01');
    expect(dayStartIso('2026-01-15')).toBe('2026-01-14T17:00:00.000Z');

    setRestaurantTimeZone('Africa/Abidjan');
    expect(restaurantTimeZone()).toBe('Africa/Abidjan');
    expect(restaurantDay(new Date('2026-01-31T23:30:00.000Z'))).toBe('2026-01-31');
    expect(dayStartIso('2026-01-15')).toBe('2026-01-15T00:00:00.000Z');
    expect(dayEndIso('2026-01-15')).toBe('2026-01-15T23:59:59.999Z');
    expect(restaurantInstantIso('2026-01-15', '19:00')).toBe('2026-01-15T19:00:00.000Z');
  });

  it('keeps the default for no zone or one this runtime does not know', () => {
    setRestaurantTimeZone('Asia/Bangkok');
    expect(setRestaurantTimeZone(undefined)).toBe('Asia/Ho_Chi_Minh');
    expect(setRestaurantTimeZone('Nowhere/Town')).toBe('Asia/Ho_Chi_Minh');
    expect(restaurantDay(new Date('2026-01-31T16:59:59.999Z'))).toBe('2026-01-31');
  });
});
