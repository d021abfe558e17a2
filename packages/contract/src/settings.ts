import { z } from 'zod';
import { defaultLoyalty, loyaltySettingsSchema } from './customer';

/** IANA time zone names that this runtime knows. */
const timezoneSchema = z
  .string()
  .trim()
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone (use an IANA name such as Asia/Ho_Chi_Minh)');

export const settingsSchema = z.object({
  restaurantName: z.string(),
  taxRate: z.number(),
  timezone: z.string(),
  currency: z.string(),
  /** (ext) Points per VND, level multipliers and thresholds of the loyalty programme. */
  loyalty: loyaltySettingsSchema,
  /**
   * (ext) The account guests transfer to: with it, bills and receipts show a VietQR code for what is due.
   * Null until an admin sets it.
   */
  bank: z.object({ bin: z.string(), accountNumber: z.string(), accountName: z.string() }).nullable(),
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
  restaurantName: z
    .string()
    .trim()
    .min(1, 'Restaurant name cannot be empty')
    .max(120, 'Restaurant name can be at most 120 characters')
    .optional(),
  /** Percent, 0 to 100, at most two decimals. */
  taxRate: z
    .number()
    .min(0, 'Tax rate cannot be negative')
    .max(100, 'Tax rate can be at most 100 %')
    .refine((v) => Number.isInteger(v * 100), 'Tax rate can have at most two decimals')
    .optional(),
  timezone: timezoneSchema.optional(),
  currency: z.literal('VND', 'Only VND is supported').optional(),
  loyalty: loyaltySettingsSchema.optional(),
  /** (ext) The restaurant's bank account for VietQR, or null to stop showing the code. */
  bank: bankAccountInputSchema.nullable().optional(),
});
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;
