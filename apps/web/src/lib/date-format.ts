import { i18n } from '@lingui/core';
import type { Language } from '@quan/contract/language';
import { isLanguage } from './i18n';
import { restaurantTimeZone } from './restaurant-day';

/*
 * The one place the screens write dates, times, clocks, counts and percentages, each in the language of the
 * screen: a Vietnamese screen writes "tháng 11", "1.234" and "12%", an English one "November", "1,234" and
 * "12%", never one beside the other's words. Both write the day before the month (26/11/2026) and every time on
 * the 24-hour clock ("19:24"), as the restaurant and its kitchen tickets do. An instant's day and clock are read in the restaurant's time zone, the
 * settings' one (lib/restaurant-day.ts), whatever zone the device is in.
 *
 * Money is the exception, on purpose: formatMoney (lib/format.ts) writes it the Vietnamese way, "65.000 ₫", on
 * every screen, since the bill, the receipt and the VietQR code write it so and staff compare them with the
 * screen. lib/format.ts also stays small, for the diners' pages that share it; the booking pages are the only
 * diner pages that load this module.
 */

/** The Intl locale of each language of the screens. */
export const intlLocales: Record<Language, string> = { vi: 'vi-VN', en: 'en-GB' };

/** The Intl locale of the screen's language (Vietnamese until a language is shown). */
export function appLocale(): string {
  return intlLocales[isLanguage(i18n.locale) ? i18n.locale : 'vi'];
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** One formatter per locale and options, made when first asked for. */
function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = appLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = appLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day ("2026-11-26") as the instant it starts in UTC, to be written in UTC: no zone moves it. */
function utcDay(day: string): number {
  const [, year, month, date] = dayPattern.exec(day) ?? [];
  return Date.UTC(Number(year), Number(month) - 1, Number(date));
}

const numericDay = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

/** A calendar day ("2026-11-26", as the API and the date fields have it): "26/11/2026". */
export function formatDay(day: string): string {
  return dateTimeFormat({ ...numericDay, timeZone: 'UTC' }).format(utcDay(day));
}

/**
 * A calendar day without its year, as a chart's axis writes it: "26/11" (the full date less its year: Intl alone
 * writes "26-11" in Vietnamese).
 */
export function formatDayMonth(day: string): string {
  const parts = dateTimeFormat({ ...numericDay, timeZone: 'UTC' }).formatToParts(utcDay(day));
  const year = parts.findIndex((part) => part.type === 'year');
  // The year and the separator that joins it to the rest.
  const dropped = year === 0 ? [0, 1] : [year - 1, year];
  return parts
    .filter((_, index) => !dropped.includes(index))
    .map((part) => part.value)
    .join('');
}

/** A calendar day in words: "Thứ Năm, 26 tháng 11, 2026" or "Thursday, 26 November 2026". */
export function formatLongDay(day: string): string {
  return dateTimeFormat({ dateStyle: 'full', timeZone: 'UTC' }).format(utcDay(day));
}

const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase(appLocale()) + text.slice(1);

/** A month's name, as a calendar names it: "Tháng 11" or "November" (`month` is a day of it on this device). */
export function formatMonthName(month: Date): string {
  return capitalized(dateTimeFormat({ month: 'long' }).format(month));
}

/** The names of the week's days, Monday first: "Thứ Hai" … "Chủ Nhật" or "Monday" … "Sunday". */
export function weekdayNames(): string[] {
  const format = dateTimeFormat({ weekday: 'long', timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return Array.from({ length: 7 }, (_, index) => capitalized(format.format(Date.UTC(2024, 0, 1 + index))));
}

/** A month and its year: "Tháng 11 năm 2026" or "November 2026" (`month` is a day of it on this device). */
export function formatMonthYear(month: Date): string {
  return capitalized(dateTimeFormat({ month: 'long', year: 'numeric' }).format(month));
}

/**
 * The day of an instant in the restaurant ("2026-01-31T20:30:00Z" → "01/02/2026"); a calendar day ("1990-05-31",
 * a date of birth, a coupon's last day) is written as it is.
 */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string' && dayPattern.test(value)) return formatDay(value);
  return dateTimeFormat({ ...numericDay, timeZone: restaurantTimeZone() }).format(new Date(value));
}

/** An instant in the restaurant, its day then its 24-hour clock: "01/02/2026 03:30" in both languages. */
export function formatDateTime(value: string | Date): string {
  return `${formatDate(value)} ${formatClock(value)}`;
}

/**
 * The time of an instant in the restaurant, "19:00": the 24-hour clock of formatClock (below), under the name the
 * lists and cards use.
 */
export function formatTime(value: string | Date): string {
  return formatClock(value);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall-clock time of an instant on the 24-hour clock, "19:05", the same in both languages: a kitchen ticket's
 * time, a payment's, a shift's, a booking's slot, and what a time input holds. Read in the restaurant's zone, or in
 * `timeZone` where an answer names the zone itself (a diner's booking).
 */
export function formatClock(value: string | Date, timeZone = restaurantTimeZone()): string {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(timeZone, format);
  }
  return format.format(new Date(value));
}

/** The hour of the day (0–23) of an instant in the restaurant. */
export function hourInRestaurant(value: Date): number {
  return Number(formatClock(value).slice(0, 2));
}

/** An hour of the restaurant's day (0–23, already the restaurant's) on the 24-hour clock: 19 → "19:00". */
export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** A count, points, a number of guests: 4560 → "4.560" or "4,560". */
export function formatCount(count: number): string {
  return numberFormat({}).format(count);
}

/**
 * A percentage, given in percent (12.5 for 12.5 %): "12,5%" or "12.5%", with up to `maximumFractionDigits`
 * decimals (none unless asked).
 */
export function formatPercent(percent: number, maximumFractionDigits = 0): string {
  return numberFormat({ style: 'percent', maximumFractionDigits }).format(percent / 100);
}

/** A large amount in few characters, for a chart's axis: 4200000 → "4,2 Tr" (triệu) or "4.2m". */
export function formatCompactNumber(amount: number): string {
  return numberFormat({ notation: 'compact', maximumFractionDigits: 1 }).format(amount);
}

type DayPart = 'day' | 'month' | 'year';

/** The order the screen's language writes a day's numbers in: day, month, year in both of ours. */
function dayPartsOrder(): DayPart[] {
  return dateTimeFormat({ ...numericDay, timeZone: 'UTC' })
    .formatToParts(0)
    .map((part) => part.type)
    .filter((type): type is DayPart => type === 'day' || type === 'month' || type === 'year');
}

/**
 * A day typed into a date field, as the API has it ("2026-11-26"): written as the screen writes days
 * ("26/11/2026", also with dots, dashes or spaces, and "1/2/2026" without the zeros) or as the API does
 * ("2026-11-26"). '' for an empty field; null for text that is no day ("26/11", "31/02/2026").
 */
export function readDay(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const numbers = /^(\d{1,4})[\s/.-]+(\d{1,2})[\s/.-]+(\d{1,4})$/.exec(trimmed)?.slice(1);
  if (!numbers) return null;
  const order: DayPart[] = numbers[0]!.length === 4 ? ['year', 'month', 'day'] : dayPartsOrder();
  const value = (part: DayPart) => numbers[order.indexOf(part)] ?? '';
  if (value('year').length !== 4 || value('day').length > 2) return null;
  const [year, month, day] = [Number(value('year')), Number(value('month')), Number(value('day'))];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${value('year')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
