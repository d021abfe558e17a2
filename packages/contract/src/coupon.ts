import { z } from 'zod';
import { multiLineText } from './text-fields';
import { idSchema, isoDateTimeSchema } from './common';
import { formatVnd } from './money';

export const discountTypes = ['percent', 'fixed'] as const;
export type DiscountType = (typeof discountTypes)[number];

export const couponSchema = z.object({
  _id: idSchema,
  code: z.string(),
  description: z.string(),
  discountType: z.enum(discountTypes),
  /** Percent (1–100) or whole VND. */
  discountValue: z.int32(),
  minOrderValue: z.int32(),
  /** The most a percent coupon takes off, whole VND; null = no cap. */
  maxDiscount: z.int32().nullable(),
  /** First and last day it works ('YYYY-MM-DD', in the restaurant's time zone); null = open. */
  startDate: z.iso.date().nullable(),
  endDate: z.iso.date().nullable(),
  usageLimit: z.int32().nullable(),
  usedCount: z.int32(),
  isActive: z.boolean(),
  spinWeight: z.int32(),
  /** A spin-wheel prize works only for this customer. */
  customerId: idSchema.nullable(),
  /** The branches it works in; empty: every branch. Optional as answers kept from before branches lack it. */
  branchIds: z.array(idSchema).optional(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, 'Code must be 3 to 32 letters, digits or dashes');

const dayOrNull = (label: string) => z.iso.date(`${label} must look like 2026-12-31`).nullable();

const couponFields = z.strictObject({
  code: couponCodeSchema,
  description: multiLineText().max(200, 'Description can be at most 200 characters'),
  discountType: z.enum(discountTypes, 'Discount type must be percent or fixed'),
  discountValue: z.int32('Discount must be a whole number').min(1, 'Discount must be at least 1'),
  minOrderValue: z.int32('Minimum order must be a whole number of VND').min(0, 'Minimum order cannot be negative'),
  maxDiscount: z
    .int32('Maximum discount must be a whole number of VND')
    .min(1, 'Maximum discount must be at least 1')
    .nullable(),
  startDate: dayOrNull('Start date'),
  endDate: dayOrNull('End date'),
  usageLimit: z.int32('Usage limit must be a whole number').min(1, 'Usage limit must be at least 1').nullable(),
  isActive: z.boolean(),
  spinWeight: z
    .int32('Spin weight must be a whole number')
    .min(0, 'Spin weight cannot be negative')
    .max(1000, 'Spin weight can be at most 1000'),
  /** Limits the coupon to these branches; empty: every branch. */
  branchIds: z
    .array(idSchema)
    .max(100, 'A coupon names at most 100 branches')
    .refine((ids) => new Set(ids).size === ids.length, 'Each branch once'),
});

/** The rules between fields, for a whole coupon (create, or the result of an edit). */
export function couponRuleErrors(coupon: {
  discountType: DiscountType;
  discountValue: number;
  startDate: string | null;
  endDate: string | null;
}): { path: string; message: string }[] {
  const errors: { path: string; message: string }[] = [];
  if (coupon.discountType === 'percent' && coupon.discountValue > 100) {
    errors.push({ path: 'discountValue', message: 'A percent discount is at most 100' });
  }
  if (coupon.startDate && coupon.endDate && coupon.endDate < coupon.startDate) {
    errors.push({ path: 'endDate', message: 'End date cannot be before the start date' });
  }
  return errors;
}

export const createCouponBodySchema = couponFields
  .partial({
    description: true,
    minOrderValue: true,
    maxDiscount: true,
    startDate: true,
    endDate: true,
    usageLimit: true,
    isActive: true,
    spinWeight: true,
    branchIds: true,
  })
  .superRefine((body, context) => {
    for (const error of couponRuleErrors({ startDate: null, endDate: null, ...body })) {
      context.addIssue({ code: 'custom', path: [error.path], message: error.message });
    }
  });
export type CreateCouponBody = z.infer<typeof createCouponBodySchema>;
/** PUT: any subset; the server checks the rules on the coupon as it would be. */
export const updateCouponBodySchema = couponFields.partial();
export type UpdateCouponBody = z.infer<typeof updateCouponBodySchema>;

export const validateCouponBodySchema = z.strictObject({
  code: couponCodeSchema,
  subtotal: z.int32('Subtotal must be a whole number of VND').min(0, 'Subtotal cannot be negative'),
  /** The customer attached to the order, for a coupon that belongs to one. */
  customerId: idSchema.optional(),
});
export type ValidateCouponBody = z.infer<typeof validateCouponBodySchema>;
export const couponValidationSchema = z.object({ coupon: couponSchema, discount: z.int32() });
export type CouponValidation = z.infer<typeof couponValidationSchema>;

/** What a coupon takes off a subtotal: a percent rounded down and capped, or a fixed amount up to the subtotal. */
export function couponDiscount(
  coupon: Pick<Coupon, 'discountType' | 'discountValue' | 'maxDiscount'>,
  subtotal: number,
): number {
  const raw =
    coupon.discountType === 'percent' ? Math.floor((subtotal * coupon.discountValue) / 100) : coupon.discountValue;
  return Math.min(subtotal, coupon.maxDiscount ?? Infinity, raw);
}

/** A short label for a coupon's discount: "10% off", "50.000 ₫ off". */
export function discountLabel(coupon: Pick<Coupon, 'discountType' | 'discountValue'>): string {
  if (coupon.discountType === 'percent') return `${coupon.discountValue}% off`;
  return `${formatVnd(coupon.discountValue)} off`;
}
