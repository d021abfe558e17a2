import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';
import { paymentMethodSchema } from './order';
import { taxPartSchema } from './vat';

/** The range of a report: `startDate ≤ instant < endDate`. */
const rangeQueryShape = {
  startDate: isoDateTimeSchema.optional(),
  endDate: isoDateTimeSchema.optional(),
};
const startBeforeEnd = (q: { startDate?: string; endDate?: string }) =>
  !q.startDate || !q.endDate || Date.parse(q.startDate) < Date.parse(q.endDate);
const startBeforeEndError = () => ({ message: 'startDate must be before endDate', path: ['endDate'] });

/**
 * GET /api/order/revenue: completed orders with `startDate ≤ completedAt < endDate`. Without `startDate` the
 * range starts at today's midnight, without `endDate` it ends at tomorrow's (both in the restaurant's
 * time zone), so no parameters means today.
 */
export const revenueQuerySchema = z.strictObject(rangeQueryShape).refine(startBeforeEnd, startBeforeEndError());
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

/**
 * What the revenue figures are compared with. `previous`: the period of the same length just before
 * (the same local clock times, shifted back by the period's length). While the period is still under
 * way, only the span of it that has elapsed is compared: today until 10:15 against yesterday until
 * 10:15, the last 7 days until 10:15 against the 7 days before until 10:15.
 */
export const revenueComparisons = ['previous'] as const;
export type RevenueComparison = (typeof revenueComparisons)[number];

/**
 * Whose figures a report answers: `branch` (the default), the session's branch; `chain`, every branch side by
 * side with their total, for those with 'reports:chain' (the owners): a manager asking for it gets a 403.
 */
export const reportScopes = ['branch', 'chain'] as const;
export const reportScopeSchema = z.enum(reportScopes, 'The scope is branch or chain');
export type ReportScope = z.infer<typeof reportScopeSchema>;

/**
 * The query of GET /api/order/revenue: a range, what to compare it with, and whose figures. The chain's
 * figures are compared as a branch's are: each branch's with its own earlier span, the total with their sum.
 */
export const revenueFiguresQuerySchema = z
  .strictObject({
    ...rangeQueryShape,
    compare: z.enum(revenueComparisons).optional(),
    scope: reportScopeSchema.optional(),
  })
  .refine(startBeforeEnd, startBeforeEndError());
export type RevenueFiguresQuery = z.infer<typeof revenueFiguresQuerySchema>;

/** A dish in a ranking: a deleted dish has no id and is known by its name. */
export const topItemSchema = z.object({
  itemId: idSchema.nullable(),
  name: z.string(),
  quantity: z.int32(),
  revenue: z.number().int(),
});
export type TopItem = z.infer<typeof topItemSchema>;

/**
 * The figures the revenue was compared with: the same figures over the earlier span. `span` says which:
 * `whole`, the whole earlier period (the period asked for is over); `elapsed`, the period is still under way
 * and the earlier one is cut at the same clock time (`range.endDate`: the instant as long after the earlier
 * period's start as `asOf` is after this one's).
 */
export const revenueComparisonSchema = z.object({
  totalRevenue: z.number().int(),
  orderCount: z.int32(),
  averageOrderValue: z.number().int(),
  totalGuests: z.int32(),
  range: z.object({ startDate: isoDateTimeSchema, endDate: isoDateTimeSchema }),
  span: z.enum(['whole', 'elapsed']),
  /** The instant the figures were read at: with `elapsed`, the current figures run up to it. */
  asOf: isoDateTimeSchema,
});
export type RevenueComparisonFigures = z.infer<typeof revenueComparisonSchema>;

export const revenueSchema = z.object({
  /** What paid for the orders (their payments net of refunds), whole VND. */
  totalRevenue: z.number().int(),
  orderCount: z.int32(),
  /** totalRevenue ÷ orderCount rounded to whole VND; 0 without orders. */
  averageOrderValue: z.number().int(),
  totalGuests: z.int32(),
  /**
   * Every payment method, zeros included, in the order of `paymentMethods`: the payments of that method net
   * of their refunds (a bill paid in two methods counts in both), and the orders counted once, with the
   * method of their first payment.
   */
  byPaymentMethod: z.array(z.object({ method: paymentMethodSchema, revenue: z.number().int(), orders: z.int32() })),
  /** The ten dishes with the most revenue (line totals), then quantity. */
  topItems: z.array(topItemSchema),
  /**
   * The tips on the payments of those orders, kept apart from revenue, in all and by who took them
   * (null: recorded from a bank notification, or by an account deleted since), most first.
   */
  tips: z.object({
    total: z.number().int(),
    byStaff: z.array(
      z.object({ staff: z.object({ _id: idSchema, name: z.string() }).nullable(), amount: z.number().int() }),
    ),
  }),
  /**
   * The VAT the orders were billed, by rate (in the order bills list them): each rate's taxable amount and tax
   * added up over the orders, as their bills rounded them; only the rates they used.
   */
  taxes: z.array(taxPartSchema),
  /** The range the figures cover, as the server resolved it. */
  range: z.object({ startDate: isoDateTimeSchema, endDate: isoDateTimeSchema }),
  /** Present when `compare` was asked (see `revenueComparisonSchema`). */
  comparison: revenueComparisonSchema.optional(),
});
export type Revenue = z.infer<typeof revenueSchema>;

/** A branch as a chain report names it: a column of the table. */
export const reportBranchSchema = z.object({ _id: idSchema, name: z.string() });
export type ReportBranch = z.infer<typeof reportBranchSchema>;

/**
 * What the chain's total was compared with: the sums of the branches' `comparison` figures (the average order
 * again total revenue ÷ total orders). Each branch cuts its own earlier span in its own time zone, so the
 * total names no range; `span` is `elapsed` when any branch's period is still under way.
 */
export const chainComparisonSchema = revenueComparisonSchema.omit({ range: true });
export type ChainComparisonFigures = z.infer<typeof chainComparisonSchema>;

/**
 * GET /api/order/revenue?scope=chain: each branch's figures, exactly as that branch's own report answers them
 * (its own time zone deciding where its days start; with `compare`, its own comparison), in the branches'
 * order, and the chain's total. Every total is the sum of the branches' figures in whole đồng, except the
 * average order (total revenue ÷ total orders) and the top dishes (the chain's ten best, summed over the branches).
 */
export const chainRevenueSchema = z.object({
  scope: z.literal('chain'),
  branches: z.array(revenueSchema.extend({ branch: reportBranchSchema })),
  total: revenueSchema.omit({ comparison: true, range: true }).extend({ comparison: chainComparisonSchema.optional() }),
});
export type ChainRevenue = z.infer<typeof chainRevenueSchema>;

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

/** The query of GET /api/order/chart-data: whose figures (see `reportScopes`). */
export const chartDataQuerySchema = z.strictObject({ scope: reportScopeSchema.optional() });
export type ChartDataQuery = z.infer<typeof chartDataQuerySchema>;

/**
 * GET /api/order/chart-data?scope=chain: each branch's charts as its own report answers them, and the chain's:
 * per day, hour and category, the sum of the branches' figures.
 */
export const chainChartDataSchema = z.object({
  scope: z.literal('chain'),
  branches: z.array(chartDataSchema.extend({ branch: reportBranchSchema })),
  total: chartDataSchema,
});
export type ChainChartData = z.infer<typeof chainChartDataSchema>;

export const CHART_DAYS = 30;
export const TOP_ITEMS = 10;

/**
 * GET /api/order/top-dishes: today's best-selling dishes (in the restaurant's time zone), from
 * completed orders, ranked as the revenue figures' `topItems` are (revenue, then quantity). Anyone who
 * may see orders may ask; the revenue of each dish is left out, it is a manager's figure.
 */
export const topDishesQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .pipe(z.int32().min(1, 'Limit must be 1 or more').max(TOP_ITEMS, `Limit can be at most ${TOP_ITEMS}`))
    .default(5),
});
export type TopDishesQuery = z.infer<typeof topDishesQuerySchema>;

/** The answer of GET /api/order/top-dishes, best first. */
export const topDishesSchema = z.array(topItemSchema.pick({ itemId: true, name: true, quantity: true }));
export type TopDish = z.infer<typeof topDishesSchema>[number];

/**
 * GET /api/order/option-sales: how often each option was sold (portions) and what it added to the
 * revenue (its price change × portions), over completed orders of the range (as GET /api/order/revenue).
 * Options are grouped by the names they were sold under.
 */
export const optionSalesSchema = z.object({
  options: z.array(z.object({ group: z.string(), name: z.string(), portions: z.int32(), revenue: z.number().int() })),
  range: z.object({ startDate: isoDateTimeSchema, endDate: isoDateTimeSchema }),
});
export type OptionSales = z.infer<typeof optionSalesSchema>;

/**
 * GET /api/order/prep-times: how long the kitchen took, from a round being sent to its station
 * marking the line done, over rounds sent in the range. Per station (null: sent to no station) and per dish.
 */
export const prepTimesSchema = z.object({
  byStation: z.array(
    z.object({ stationId: idSchema.nullable(), name: z.string(), lines: z.int32(), averageSeconds: z.int32() }),
  ),
  byDish: z.array(
    z.object({ itemId: idSchema.nullable(), name: z.string(), lines: z.int32(), averageSeconds: z.int32() }),
  ),
  range: z.object({ startDate: isoDateTimeSchema, endDate: isoDateTimeSchema }),
});
export type PrepTimes = z.infer<typeof prepTimesSchema>;

/** The query of GET /api/order/prep-times: a range (as the revenue's) and whose times (see `reportScopes`). */
export const prepTimesQuerySchema = z
  .strictObject({ ...rangeQueryShape, scope: reportScopeSchema.optional() })
  .refine(startBeforeEnd, startBeforeEndError());
export type PrepTimesQuery = z.infer<typeof prepTimesQuerySchema>;

/**
 * GET /api/order/prep-times?scope=chain: each branch's times as its own report answers them (the range cut in
 * its own time zone), in the branches' order, and the chain's: per station (the chain's stations, which every
 * branch may run) and per dish, the average over every branch's lines, not an average of the branches' averages.
 */
export const chainPrepTimesSchema = z.object({
  scope: z.literal('chain'),
  branches: z.array(prepTimesSchema.extend({ branch: reportBranchSchema })),
  total: prepTimesSchema.omit({ range: true }),
});
export type ChainPrepTimes = z.infer<typeof chainPrepTimesSchema>;
