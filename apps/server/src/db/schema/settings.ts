import { defaultSettings } from '@quan/contract/settings';
import { sql } from 'drizzle-orm';
import type { LoyaltySettings } from '@quan/contract/customer';
import type { Language } from '@quan/contract/language';
import type { ReservationSettings } from '@quan/contract/reservations';
import type { BankAccount, CashRounding, ServiceChargeSettings } from '@quan/contract/settings';
import { boolean, check, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The restaurant's settings: a single row (id 1). New settings add their columns here. */
export const restaurantSettings = pgTable(
  'restaurant_settings',
  {
    id: integer('id').primaryKey().default(1),
    restaurantName: text('restaurant_name').notNull().default(defaultSettings.restaurantName),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(defaultSettings.taxRate),
    timezone: text('timezone').notNull().default(defaultSettings.timezone),
    currency: text('currency').notNull().default(defaultSettings.currency),
    loyalty: jsonb('loyalty').$type<LoyaltySettings>().notNull().default(defaultSettings.loyalty),
    /** The account guests transfer to through VietQR; null until an admin sets it. */
    bank: jsonb('bank').$type<BankAccount>(),
    serviceCharge: jsonb('service_charge')
      .$type<ServiceChargeSettings>()
      .notNull()
      .default(defaultSettings.serviceCharge),
    /** The staff screens' language, unless a person chose theirs. */
    language: text('language').$type<Language>().notNull().default(defaultSettings.language),
    reservations: jsonb('reservations').$type<ReservationSettings>().notNull().default(defaultSettings.reservations),
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
    check('restaurant_settings_language_check', sql`${t.language} in ('vi', 'en')`),
    check('restaurant_settings_cash_rounding_check', sql`${t.cashRounding} in (0, 500, 1000)`),
  ],
);
