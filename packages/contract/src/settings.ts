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
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = {
  restaurantName: 'Quán Ngon',
  taxRate: 8,
  timezone: 'Asia/Ho_Chi_Minh',
  currency: 'VND',
  loyalty: defaultLoyalty,
};

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
});
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;
