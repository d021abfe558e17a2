import { z } from 'zod';
import { lineText } from './text-fields';
import { defaultLoyalty, loyaltySettingsSchema } from './customer';
import { defaultReservationSettings, reservationSettingsSchema } from './reservations';
import { languageSchema } from './user';
import { vatRateSchema } from './vat';

/** IANA time zone names that this runtime knows. */
const timezoneSchema = lineText().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'Unknown time zone (use an IANA name such as Asia/Ho_Chi_Minh)');

/** Percent, 0 to 100, at most two decimals (tax and service charge). */
const percentSchema = (what: string) =>
  z
    .number(`${what} must be a number`)
    .min(0, `${what} cannot be negative`)
    .max(100, `${what} can be at most 100 %`)
    // 8.2 * 100 is 819.9999999999999 in floating point: a tolerance, not Number.isInteger.
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${what} can have at most two decimals`);

/**
 * The service charge ("phí phục vụ"): a percent of the subtotal after the discount, its own line on the
 * bill and taxed with it, for the kinds of order switched on (eating in from the POS, takeaway from the
 * POS, diners ordering from their table's QR code). A percent of 0 is no service charge.
 */
export const serviceChargeSettingsSchema = z.strictObject({
  rate: percentSchema('The service charge'),
  dineIn: z.boolean(),
  takeaway: z.boolean(),
  table: z.boolean(),
});
export type ServiceChargeSettings = z.infer<typeof serviceChargeSettingsSchema>;

/** The kind of an order for the service charge: a POS order with a table is eaten in, one without is takeaway. */
export function serviceRateFor(
  settings: ServiceChargeSettings,
  order: { source: 'pos' | 'table'; hasTable: boolean },
): number {
  const applies = order.source === 'table' ? settings.table : order.hasTable ? settings.dineIn : settings.takeaway;
  return applies ? settings.rate : 0;
}

/** The steps a cash payment of what is due may be rounded to (half up): none, 500 ₫ or 1.000 ₫. */
export const cashRoundingSteps = [0, 500, 1000] as const;
export const cashRoundingSchema = z.union(
  cashRoundingSteps.map((step) => z.literal(step)),
  'Cash rounding is 0 (none), 500 or 1000 ₫',
);
export type CashRounding = (typeof cashRoundingSteps)[number];

/** An origin: http or https, a host name or address (IPv6 in brackets) and an optional port. */
const originPattern = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/i;

/**
 * The address diners' phones open the restaurant at ("https://quan.example.vn"): table QR codes carry it.
 * An origin only, kept without a trailing slash and in lower case.
 */
export const publicAddressSchema = z
  .string()
  .trim()
  .max(200, 'The address can be at most 200 characters')
  .regex(originPattern, 'Enter an address such as https://quan.example.vn, without a path')
  .transform((value) => value.replace(/\/$/, '').toLowerCase());

/** Whether only this machine can open the address: a phone scanning a code made from it reaches nothing. */
export function isLocalAddress(origin: string): boolean {
  const host = originPattern.exec(origin)?.[2]?.toLowerCase() ?? '';
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\./.test(host);
}

export const settingsSchema = z.object({
  restaurantName: z.string(),
  /** The VAT rate of every dish that has none of its own nor from its category. */
  taxRate: vatRateSchema,
  /** The service charge's VAT rate; null: the default rate. */
  serviceVatRate: vatRateSchema.nullable(),
  timezone: z.string(),
  currency: z.string(),
  /** Points per VND, level multipliers and thresholds of the loyalty programme. */
  loyalty: loyaltySettingsSchema,
  /**
   * The account guests transfer to: with it, bills and receipts show a VietQR code for what is due.
   * Null until an admin sets it.
   */
  bank: z.object({ bin: z.string(), accountNumber: z.string(), accountName: z.string() }).nullable(),
  /** The service charge and the kinds of order it applies to. */
  serviceCharge: serviceChargeSettingsSchema,
  /** The staff screens' language, unless a person chose theirs in the profile. */
  language: languageSchema,
  /** Booking lengths, the walk-in warning, opening hours and whether guests may book online. */
  reservations: reservationSettingsSchema,
  /** Menu prices hold the VAT (the bill shows what they contain); false: VAT is added on top of them. */
  pricesIncludeTax: z.boolean(),
  /** The step a cash payment of what is due is rounded to, half up (0: none). */
  cashRounding: cashRoundingSchema,
  /** The address table QR codes carry; null: the address the manager opened the app on. */
  publicAddress: z.string().nullable(),
  /** Whether the branch issues e-invoices (switched on on its e-invoice screen): the payment dialog asks for a buyer. */
  einvoicing: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;
export type BankAccount = NonNullable<Settings['bank']>;

export const defaultSettings: Settings = {
  restaurantName: 'Quán Ngon',
  taxRate: 8,
  serviceVatRate: null,
  timezone: 'Asia/Ho_Chi_Minh',
  currency: 'VND',
  loyalty: defaultLoyalty,
  bank: null,
  serviceCharge: { rate: 0, dineIn: true, takeaway: false, table: true },
  language: 'vi',
  reservations: defaultReservationSettings,
  // A new restaurant prints menu prices with VAT inside and takes cash in whole thousands, as most do in
  // Vietnam; the migration that brought these settings kept a running restaurant on VAT added, unrounded.
  pricesIncludeTax: true,
  cashRounding: 1000,
  publicAddress: null,
  einvoicing: false,
};

/** Banks print the account holder in capitals without diacritics ("NGUYEN VAN AN"); so does the form. */
const accountHolder = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toUpperCase();

export const bankAccountInputSchema = z.strictObject({
  /** The bank's NAPAS BIN; the server checks it against the banks that take VietQR and names the bank. */
  bin: z.string().regex(/^\d{6}$/, 'Choose a bank from the list'),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,19}$/, 'An account number has 4 to 19 letters and digits, no spaces'),
  accountName: z
    .string()
    .trim()
    .min(1, 'Enter the account holder as the bank writes it')
    .max(50, 'The account holder can be at most 50 characters')
    .transform(accountHolder)
    .refine((name) => /^[A-Z0-9 .,&'-]+$/.test(name), 'Letters, digits and spaces only'),
});

export const updateSettingsBodySchema = z.strictObject({
  restaurantName: lineText()
    .min(1, 'Restaurant name cannot be empty')
    .max(120, 'Restaurant name can be at most 120 characters')
    .optional(),
  /** The default VAT rate. */
  taxRate: vatRateSchema.optional(),
  /** The service charge's VAT rate, or null to follow the default rate. */
  serviceVatRate: vatRateSchema.nullable().optional(),
  timezone: timezoneSchema.optional(),
  currency: z.literal('VND', 'Only VND is supported').optional(),
  loyalty: loyaltySettingsSchema.optional(),
  /** The restaurant's bank account for VietQR, or null to stop showing the code. */
  bank: bankAccountInputSchema.nullable().optional(),
  /** The service-charge percent and where it applies. */
  serviceCharge: serviceChargeSettingsSchema.optional(),
  /** The staff screens' language. */
  language: languageSchema.optional(),
  /** Reservations: online booking, lengths, the walk-in warning and opening hours, given whole. */
  reservations: reservationSettingsSchema.optional(),
  /** Whether menu prices hold the VAT. Orders placed before a change keep the way they were priced. */
  pricesIncludeTax: z.boolean('Say whether prices include VAT').optional(),
  cashRounding: cashRoundingSchema.optional(),
  /** The address diners' phones reach, or null to use the address the manager opened the app on. */
  publicAddress: publicAddressSchema.nullable().optional(),
});
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;
