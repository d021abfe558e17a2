import { defaultSettings } from '@quan/contract/settings';
import { sql } from 'drizzle-orm';
import type { LoyaltySettings } from '@quan/contract/customer';
import type { CashRounding } from '@quan/contract/settings';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { vatRate, VAT_RATE_TEXTS } from './vat-rate';

/**
 * The chain's settings: a single row (id 1). What a branch decides for itself (time zone, bank account,
 * service charge, language, reservations) lives on its row of `branches`.
 */
export const restaurantSettings = pgTable(
  'restaurant_settings',
  {
    id: integer('id').primaryKey().default(1),
    restaurantName: text('restaurant_name').notNull().default(defaultSettings.restaurantName),
    /** The VAT rate of a dish that has none of its own nor from its category. */
    taxRate: vatRate('tax_rate').notNull().default(defaultSettings.taxRate),
    /** The service charge's VAT rate; null: the default rate. */
    serviceVatRate: vatRate('service_vat_rate'),
    currency: text('currency').notNull().default(defaultSettings.currency),
    loyalty: jsonb('loyalty').$type<LoyaltySettings>().notNull().default(defaultSettings.loyalty),
    /** Menu prices hold the VAT (the bill shows what they contain); false: VAT is added on top. */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(defaultSettings.pricesIncludeTax),
    /** The step a cash payment of what is due is rounded to, half up: 0 (none), 500 or 1000 ₫. */
    cashRounding: integer('cash_rounding').$type<CashRounding>().notNull().default(defaultSettings.cashRounding),
    /** The address diners' phones reach the restaurant at (table QR codes); null: the address staff opened. */
    publicAddress: text('public_address'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('restaurant_settings_single_row', sql`${t.id} = 1`),
    check('restaurant_settings_cash_rounding_check', sql`${t.cashRounding} in (0, 500, 1000)`),
    check('restaurant_settings_tax_rate_check', sql.raw(`tax_rate in (${VAT_RATE_TEXTS})`)),
    check('restaurant_settings_service_vat_rate_check', sql.raw(`service_vat_rate in (${VAT_RATE_TEXTS})`)),
  ],
);
