/*
 * Money and quantities, as the restaurant writes them, the Vietnamese way on every screen whatever its language:
 * "65.000 ₫" is what the bill, the receipt and the VietQR code say, and staff compare them with the screen. The
 * diners' pages use this module too, so it stays small. Dates, times, counts and percentages follow the screen's
 * language: lib/date-format.ts.
 */
const locale = 'vi-VN';

const moneyFormat = new Intl.NumberFormat(locale, { style: 'currency', currency: 'VND' });
const dongDigitsFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
const unitCostFormat = new Intl.NumberFormat(locale, { style: 'currency', currency: 'VND', maximumFractionDigits: 2 });
const quantityFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
const changeFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 3, signDisplay: 'exceptZero' });

/** 65000 → "65.000 ₫" (money is an integer number of VND). */
export function formatMoney(amount: number): string {
  return moneyFormat.format(amount);
}

/** An amount's digits grouped as its money is written, without the sign: 500000 → "500.000" (a money field). */
export function formatDongDigits(amount: number): string {
  return dongDigitsFormat.format(amount);
}

/** An option's price change: "+10.000 ₫", "−5.000 ₫" (a true minus sign), or '' when it changes nothing. */
/**
 * A whole number of đồng typed by a person: "1245000", "1.245.000" or "1 245 000 ₫" all read as 1245000.
 * Null for an empty field, NaN for anything that is not a number.
 */
export function parseDong(text: string): number | null {
  const digits = text.replace(/[\s.,₫đ]/gi, '');
  if (digits === '') return null;
  return /^\d{1,10}$/.test(digits) ? Number(digits) : Number.NaN;
}

export function formatPriceChange(delta: number): string {
  if (delta === 0) return '';
  return delta > 0 ? `+${formatMoney(delta)}` : `\u2212${formatMoney(-delta)}`;
}

/** A price per unit of stock, which may have cents of a dong: 0.25 → "0,25 ₫", 120000 → "120.000 ₫". */
export function formatUnitCost(amount: number): string {
  return unitCostFormat.format(amount);
}

/** A stock quantity with its unit, up to 3 decimals: (0.75, 'kg') → "0,75 kg". */
export function formatQuantity(quantity: number, unit: string): string {
  return `${quantityFormat.format(quantity)} ${unit}`;
}

/** A signed change of stock with its unit: "+5 kg", "−0,2 kg" (a true minus sign, read as "minus"). */
export function formatQuantityChange(change: number, unit: string): string {
  return `${changeFormat.format(change).replace('-', '\u2212')} ${unit}`;
}
