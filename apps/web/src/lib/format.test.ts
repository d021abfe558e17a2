// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDongDigits, formatMoney, formatQuantity, formatQuantityChange, formatUnitCost } from './format';

// Intl separates the amount and the currency sign with a no-break space.
const normalizeSpaces = (text: string) => text.replace(/\s/g, ' ');

describe('format', () => {
  it('writes money as vi-VN dong', () => {
    expect(normalizeSpaces(formatMoney(65000))).toBe('65.000 ₫');
    expect(normalizeSpaces(formatMoney(1250000))).toBe('1.250.000 ₫');
  });

  it('keeps the cents of a dong in a cost per unit', () => {
    expect(normalizeSpaces(formatUnitCost(0.25))).toBe('0,25 ₫');
    expect(normalizeSpaces(formatUnitCost(120000))).toBe('120.000 ₫');
  });

  it('writes stock quantities with up to 3 decimals and their unit', () => {
    expect(formatQuantity(0.75, 'kg')).toBe('0,75 kg');
    expect(formatQuantity(1234.5, 'g')).toBe('1.234,5 g');
    expect(formatQuantity(0.12345, 'l')).toBe('0,123 l');
    expect(formatQuantityChange(5, 'kg')).toBe('+5 kg');
    expect(formatQuantityChange(-0.2, 'kg')).toBe('\u22120,2 kg');
  });

  it("groups a money field's digits as its money is written", () => {
    expect(formatDongDigits(500000)).toBe('500.000');
    expect(formatDongDigits(0)).toBe('0');
  });
});
