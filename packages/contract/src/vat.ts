import { z } from 'zod';

/**
 * The VAT rates a Vietnamese bill carries, in percent, or "KCT": not subject to VAT (không chịu thuế). A bill
 * mixes them: food and soft drinks at 8 % while the VAT reduction lasts, beer and spirits at 10 %, some lines
 * not subject to it. A dish takes its own rate, else its category's, else the restaurant's default; an option
 * follows its dish; the service charge has a rate of its own.
 */
export const vatRates = ['KCT', 0, 5, 8, 10] as const;
export type VatRate = (typeof vatRates)[number];

export const vatRateSchema = z.union(
  vatRates.map((rate) => z.literal(rate)),
  'A VAT rate is 0, 5, 8 or 10 (percent), or KCT for not subject to VAT',
);

/** The percent a rate charges: KCT charges none. */
export function vatPercent(rate: VatRate): number {
  return rate === 'KCT' ? 0 : rate;
}

/** Rates in the order bills and reports list them. */
export function byVatRate<T extends { vatRate: VatRate }>(parts: readonly T[]): T[] {
  return [...parts].sort((a, b) => vatRates.indexOf(a.vatRate) - vatRates.indexOf(b.vatRate));
}

/** What a bill's lines add up to at one rate, as the menu priced them. */
export interface RateAmount {
  vatRate: VatRate;
  amount: number;
}

/**
 * One rate's part of a bill: `taxable` is what it charges before VAT (its lines less their share of the discount,
 * plus the service charge when it is at this rate), and `tax` its VAT, rounded once for the whole rate.
 */
export const taxPartSchema = z.object({ vatRate: vatRateSchema, taxable: z.int32(), tax: z.int32() });
export type TaxPart = z.infer<typeof taxPartSchema>;
