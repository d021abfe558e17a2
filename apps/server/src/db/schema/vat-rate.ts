import { vatRates, type VatRate } from '@quan/contract/vat';
import { customType } from 'drizzle-orm/pg-core';

/**
 * A VAT rate kept as text ('KCT', '0', '5', '8', '10'), read back as the contract's `VatRate`: a percent as a
 * number, or 'KCT'. Each table that has one checks it is one of these.
 */
export const vatRate = customType<{ data: VatRate; driverData: string }>({
  dataType: () => 'text',
  toDriver: (rate) => String(rate),
  fromDriver: (text) => vatRates.find((rate) => String(rate) === text) ?? 'KCT',
});

/** The SQL list the checks compare with. */
export const VAT_RATE_TEXTS = vatRates.map((rate) => `'${rate}'`).join(', ');
