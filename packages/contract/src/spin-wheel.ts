import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';
import { couponSchema } from './coupon';

export const NO_PRIZE_LABEL = 'Better luck next time';
/** Days a prize coupon works, counting the day of the spin. */
export const PRIZE_VALID_DAYS = 30;

export const spinPrizeSchema = z.object({
  couponId: idSchema.nullable(),
  label: z.string(),
  weight: z.int32(),
});
export type SpinPrize = z.infer<typeof spinPrizeSchema>;

export const spinBodySchema = z.strictObject({ customerId: idSchema });
export type SpinBody = z.infer<typeof spinBodySchema>;

export const spinResultSchema = z.object({
  /** Index in GET /api/spin-wheel/prizes of the segment the wheel lands on. */
  segmentIndex: z.int32(),
  prize: z.object({ couponId: idSchema, label: z.string() }).nullable(),
  /** The single-use coupon issued to the customer, valid PRIZE_VALID_DAYS days. */
  coupon: couponSchema.nullable(),
});
export type SpinResult = z.infer<typeof spinResultSchema>;

export const spinRecordSchema = z.object({
  _id: idSchema,
  customer: z.object({ _id: idSchema, name: z.string() }).nullable(),
  label: z.string(),
  couponCode: z.string().nullable(),
  spunBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
  createdAt: isoDateTimeSchema,
});
export type SpinRecord = z.infer<typeof spinRecordSchema>;
