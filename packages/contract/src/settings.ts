import { z } from 'zod';
import { lineText } from './text-fields';
import { defaultLoyalty, loyaltySettingsSchema } from './customer';
import { defaultReservationSettings, reservationSettingsSchema } from './reservations';
import { languageSchema } from './user';

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

export const settingsSchema = z.object({
  restaurantName: z.string(),
  taxRate: z.number(),
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
});
export type Settings = z.infer<typeof settingsSchema>;
export type BankAccount = NonNullable<Settings['bank']>;

export const defaultSettings: Settings = {
  restaurantName: 'Quán Ngon',
  taxRate: 8,
  timezone: 'Asia/Ho_Chi_Minh',
  currency: 'VND',
  loyalty: defaultLoyalty,
  bank: null,
  serviceCharge: { rate: 0, dineIn: true, takeaway: false, table: true },
  language: 'vi',
  reservations: defaultReservationSettings,
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
  /** Percent, 0 to 100, at most two decimals. */
  taxRate: percentSchema('Tax rate').optional(),
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
});
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;
