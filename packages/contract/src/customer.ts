import { z } from 'zod';
import { lineText, multiLineText } from './text-fields';
import { idSchema, isoDateTimeSchema } from './common';
import { phoneSchema } from './user';

export const membershipLevels = ['bronze', 'silver', 'gold', 'platinum'] as const;
export const membershipLevelSchema = z.enum(membershipLevels, 'Level must be bronze, silver, gold or platinum');
export type MembershipLevel = z.infer<typeof membershipLevelSchema>;

export const customerStatuses = ['active', 'inactive'] as const;
export const customerStatusSchema = z.enum(customerStatuses, 'Status must be active or inactive');
export type CustomerStatus = z.infer<typeof customerStatusSchema>;

/** Part of the customers list's contract: 10 a page unless the caller asks otherwise. */
export const CUSTOMER_PAGE_SIZE = 10;

/** "+84 901 234 567", "090.123.4567" → "0901234567": the form phones are stored and compared in. */
export function normalisePhone(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+84') ? `0${digits.slice(2)}` : digits;
}

export const customerSchema = z.object({
  _id: idSchema,
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  /** 'YYYY-MM-DD' or null. */
  dateOfBirth: z.iso.date().nullable(),
  address: z.string(),
  notes: z.string(),
  status: customerStatusSchema,
  membershipLevel: membershipLevelSchema,
  loyaltyPoints: z.int32(),
  /** Whole VND, all time. */
  totalSpent: z.number().int(),
  totalOrders: z.int32(),
  lastVisit: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Customer = z.infer<typeof customerSchema>;

const customerFields = {
  name: lineText().min(1, 'Enter the customer name').max(80, 'Name can be at most 80 characters'),
  phone: phoneSchema.transform(normalisePhone),
  email: z.union([
    z.literal(''),
    z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254, 'Email is too long')),
  ]),
  dateOfBirth: z.iso
    .date('Date of birth must look like 1990-05-31')
    .refine((value) => value >= '1900-01-01' && value <= new Date().toISOString().slice(0, 10), {
      message: 'Date of birth must be in the past',
    })
    .nullable(),
  address: multiLineText().max(300, 'Address can be at most 300 characters'),
  notes: multiLineText().max(1000, 'Notes can be at most 1000 characters'),
  status: customerStatusSchema,
};

/** POST /api/customers: name and phone; the level and the counters belong to the loyalty programme. */
export const createCustomerBodySchema = z.strictObject({
  name: customerFields.name,
  phone: customerFields.phone,
  email: customerFields.email.optional(),
  dateOfBirth: customerFields.dateOfBirth.optional(),
  address: customerFields.address.optional(),
  notes: customerFields.notes.optional(),
  status: customerFields.status.optional(),
});
export type CreateCustomerBody = z.infer<typeof createCustomerBodySchema>;
export const updateCustomerBodySchema = createCustomerBodySchema.partial();
export type UpdateCustomerBody = z.infer<typeof updateCustomerBodySchema>;

export const customerSorts = ['newest', 'recent', 'points', 'name'] as const;
export type CustomerSort = (typeof customerSorts)[number];

export const listCustomersQuerySchema = z.strictObject({
  search: lineText().max(100, 'Search can be at most 100 characters').optional(),
  status: customerStatusSchema.optional(),
  membershipLevel: membershipLevelSchema.optional(),
  /**
   * The order of the list: `newest` (the default: newest customer first), `recent` (last visit first,
   * those never seen last), `points` (most loyalty points first) or `name` (A to Z).
   */
  sort: z.enum(customerSorts, 'Sort must be newest, recent, points or name').default('newest'),
  page: z.coerce.number().pipe(z.int32().min(1, 'Page must be 1 or more')).default(1),
  limit: z.coerce.number().pipe(z.int32().min(1).max(100, 'Limit can be at most 100')).default(CUSTOMER_PAGE_SIZE),
});
export type ListCustomersQuery = z.input<typeof listCustomersQuerySchema>;
export type ListCustomersFilter = z.output<typeof listCustomersQuerySchema>;

export const customerStatsSchema = z.object({
  totalCustomers: z.int32(),
  activeCustomers: z.int32(),
  platinumCustomers: z.int32(),
  totalLoyaltyPoints: z.number().int(),
});
export type CustomerStats = z.infer<typeof customerStatsSchema>;

export const vipEmailSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  membershipLevel: membershipLevelSchema,
});
export type VipEmail = z.infer<typeof vipEmailSchema>;

export const updateMembershipsResultSchema = z.object({ updated: z.int32() });

const multiplierSchema = z
  .number('A multiplier must be a number')
  .min(0, 'A multiplier cannot be negative')
  .max(10, 'A multiplier can be at most 10');
const thresholdSchema = z.int32('A threshold must be a whole number of VND').min(1, 'A threshold must be above 0');

/** The loyalty programme's numbers (defaults in `defaultLoyalty`), kept in the settings so they can change later. */
export const loyaltySettingsSchema = z
  .strictObject({
    /** One point per this many VND of an order's total, times the level's multiplier. */
    vndPerPoint: z
      .int32('VND per point must be a whole number')
      .min(1000, 'VND per point must be at least 1000')
      .max(1_000_000, 'VND per point can be at most 1.000.000'),
    multipliers: z.strictObject({
      bronze: multiplierSchema,
      silver: multiplierSchema,
      gold: multiplierSchema,
      platinum: multiplierSchema,
    }),
    /** Spend over the last 365 days (whole VND) that reaches each level. */
    thresholds: z.strictObject({
      silver: thresholdSchema,
      gold: thresholdSchema,
      platinum: thresholdSchema,
    }),
  })
  .refine((l) => l.thresholds.silver < l.thresholds.gold && l.thresholds.gold < l.thresholds.platinum, {
    message: 'Thresholds must rise from silver to gold to platinum',
    path: ['thresholds'],
  });
export type LoyaltySettings = z.infer<typeof loyaltySettingsSchema>;

export const defaultLoyalty: LoyaltySettings = {
  vndPerPoint: 10_000,
  multipliers: { bronze: 1, silver: 1.2, gold: 1.5, platinum: 2 },
  thresholds: { silver: 2_000_000, gold: 5_000_000, platinum: 15_000_000 },
};

/** The points an order total earns at a level: floor(total / 10 000 × multiplier). */
export function pointsFor(total: number, level: MembershipLevel, loyalty: LoyaltySettings = defaultLoyalty): number {
  // Multiplying before dividing keeps 1.2 × 10 000 from landing a hair under a whole point.
  return Math.floor((total * Math.round(loyalty.multipliers[level] * 100)) / (loyalty.vndPerPoint * 100));
}

/** The level a year's spend reaches. */
export function levelForSpend(spend: number, loyalty: LoyaltySettings = defaultLoyalty): MembershipLevel {
  const { thresholds } = loyalty;
  if (spend >= thresholds.platinum) return 'platinum';
  if (spend >= thresholds.gold) return 'gold';
  if (spend >= thresholds.silver) return 'silver';
  return 'bronze';
}
