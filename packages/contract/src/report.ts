import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';
import { paymentMethodSchema } from './order';

/**
 * GET /api/order/revenue: completed orders with `startDate ≤ completedAt < endDate`. Without `startDate` the
 * range starts at today's midnight, without `endDate` it ends at tomorrow's (both in the restaurant's
 * time zone), so no parameters means today.
 */
export const revenueQuerySchema = z
  .strictObject({
    startDate: isoDateTimeSchema.optional(),
    endDate: isoDateTimeSchema.optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || Date.parse(q.startDate) < Date.parse(q.endDate), {
    message: 'startDate must be before endDate',
    path: ['endDate'],
  });
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

export const revenueSchema = z.object({
  /** Sum of the orders' totals (after discount, with tax), whole VND. */
  totalRevenue: z.number().int(),
  orderCount: z.int32(),
  /** totalRevenue ÷ orderCount rounded to whole VND; 0 without orders. */
  averageOrderValue: z.number().int(),
  totalGuests: z.int32(),
  /** Every payment method, zeros included, in the order of `paymentMethods`. */
  byPaymentMethod: z.array(z.object({ method: paymentMethodSchema, revenue: z.number().int(), orders: z.int32() })),
  /** The ten dishes with the most revenue (line totals), then quantity. */
  topItems: z.array(
    z.object({ itemId: idSchema.nullable(), name: z.string(), quantity: z.int32(), revenue: z.number().int() }),
  ),
  /** The range the figures cover (ext), as the server resolved it. */
  range: z.object({ startDate: isoDateTimeSchema, endDate: isoDateTimeSchema }),
});
export type Revenue = z.infer<typeof revenueSchema>;

/** GET /api/order/chart-data: the last 30 days up to today, in the restaurant's time zone. */
export const chartDataSchema = z.object({
  /** 30 entries, oldest first, every day present. */
  daily: z.array(z.object({ date: z.iso.date(), revenue: z.number().int(), orders: z.int32() })),
  /** 24 entries, hour 0 to 23. */
  hourly: z.array(z.object({ hour: z.int32().min(0).max(23), orders: z.int32(), revenue: z.number().int() })),
  /** Categories by revenue; dishes of a deleted category are grouped under a null id. */
  byCategory: z.array(
    z.object({ categoryId: idSchema.nullable(), name: z.string(), quantity: z.int32(), revenue: z.number().int() }),
  ),
});
export type ChartData = z.infer<typeof chartDataSchema>;

export const CHART_DAYS = 30;
export const TOP_ITEMS = 10;
