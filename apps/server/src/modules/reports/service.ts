import { paymentMethods, type PaymentMethod } from '@quan/contract/payments';
import {
  CHART_DAYS,
  TOP_ITEMS,
  type ChartData,
  type OptionSales,
  type PrepTimes,
  type Revenue,
  type RevenueFiguresQuery,
  type RevenueQuery,
  type TopDish,
  type TopDishesQuery,
  type TopItem,
} from '@quan/contract/report';
import { lockForTransaction, type Database, type Executor } from '../../db/client';
import type { SettingsService } from '../settings/service';
import * as repo from './repository';

/** Serialises rebuilds of the sums across the instances of a chain. */
const ROLLUP_LOCK_KEY = 7_310_002;

/**
 * Builds the sums again from the orders, once across a chain (advisory lock). For orders written below the
 * services: a restore from a backup, the demo's generator.
 */
export async function rebuildSalesSums(db: Database, timezone: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockForTransaction(tx, ROLLUP_LOCK_KEY);
    await repo.rebuildRollups(tx, timezone);
  });
}

/** Revenue, orders, the average order and guests of a range, from its sums by payment method. */
function totalsOf(totals: Awaited<ReturnType<typeof repo.totalsByPaymentMethod>>) {
  const byMethod = new Map(totals.map((row) => [row.method, row]));
  const byPaymentMethod = paymentMethods.map((method) => ({
    method,
    revenue: Number(byMethod.get(method)?.revenue ?? 0),
    orders: Number(byMethod.get(method)?.orders ?? 0),
  }));
  const totalRevenue = byPaymentMethod.reduce((sum, row) => sum + row.revenue, 0);
  const orderCount = byPaymentMethod.reduce((sum, row) => sum + row.orders, 0);
  return {
    totalRevenue,
    orderCount,
    averageOrderValue: orderCount ? Math.round(totalRevenue / orderCount) : 0,
    totalGuests: totals.reduce((sum, row) => sum + Number(row.guests), 0),
    byPaymentMethod,
  };
}

function toTopItem(row: Awaited<ReturnType<typeof repo.topItems>>[number]): TopItem {
  return { itemId: row.item_id, name: row.name, quantity: Number(row.quantity), revenue: Number(row.revenue) };
}

export function createReportsService({ db, settings }: { db: Database; settings: Pick<SettingsService, 'get'> }) {
  /**
   * The restaurant's time zone, with the sums built in it: on the first report, and after the zone
   * changed, they are rebuilt from the orders (once, whichever instance gets there first).
   */
  async function readyTimezone(): Promise<string> {
    const { timezone } = await settings.get();
    if ((await repo.rollupTimezone(db)) === timezone) return timezone;
    await db.transaction(async (tx) => {
      await lockForTransaction(tx, ROLLUP_LOCK_KEY);
      if ((await repo.rollupTimezone(tx)) !== timezone) await repo.rebuildRollups(tx, timezone);
    });
    return timezone;
  }

  /** The figures of the earlier period of the same length, over the span that compares with `range` at `now`. */
  async function compareWithPrevious(
    timezone: string,
    range: repo.ReportRange,
    now: Date,
  ): Promise<NonNullable<Revenue['comparison']>> {
    const span = await repo.comparisonSpan(db, timezone, range, now);
    const earlier = await repo.resolveRange(db, timezone, {
      startDate: span.start.toISOString(),
      endDate: span.end.toISOString(),
    });
    const { totalRevenue, orderCount, averageOrderValue, totalGuests } = totalsOf(
      await repo.totalsByPaymentMethod(db, earlier),
    );
    return {
      totalRevenue,
      orderCount,
      averageOrderValue,
      totalGuests,
      range: { startDate: span.start.toISOString(), endDate: span.end.toISOString() },
      span: span.span,
      asOf: now.toISOString(),
    };
  }

  return {
    /**
     * The figures of the range; with `compare`, also those of the span they compare with (the earlier
     * period, cut at the same clock time while this one is under way), read at the same instant.
     */
    async revenue({ compare, ...query }: RevenueFiguresQuery): Promise<Revenue> {
      const now = new Date();
      const timezone = await readyTimezone();
      const range = await repo.resolveRange(db, timezone, query, now);
      const [totals, top, tips, comparison] = await Promise.all([
        repo.totalsByPaymentMethod(db, range),
        repo.topItems(db, range, TOP_ITEMS),
        repo.tipsByStaff(db, range),
        compare === 'previous' ? compareWithPrevious(timezone, range, now) : undefined,
      ]);
      return {
        ...totalsOf(totals),
        topItems: top.map(toTopItem),
        tips: {
          total: tips.reduce((sum, row) => sum + Number(row.amount), 0),
          byStaff: tips.map((row) => ({
            staff: row.staff_id ? { _id: row.staff_id, name: row.name ?? '' } : null,
            amount: Number(row.amount),
          })),
        },
        range: { startDate: range.start.toISOString(), endDate: range.end.toISOString() },
        ...(comparison && { comparison }),
      };
    },

    /** Sales by option over completed orders of the range (as the revenue's range). */
    async optionSales(query: RevenueQuery): Promise<OptionSales> {
      const range = await repo.resolveRange(db, (await settings.get()).timezone, query);
      const options = await repo.optionSales(db, range);
      return {
        options: options.map((row) => ({
          group: row.group,
          name: row.name,
          portions: Number(row.portions),
          revenue: Number(row.revenue),
        })),
        range: { startDate: range.start.toISOString(), endDate: range.end.toISOString() },
      };
    },

    /** Average preparation times per station and dish over rounds sent in the range. */
    async prepTimes(query: RevenueQuery): Promise<PrepTimes> {
      const range = await repo.resolveRange(db, (await settings.get()).timezone, query);
      const { byStation, byDish } = await repo.prepTimes(db, range);
      return {
        byStation: byStation.map((row) => ({
          stationId: row.station_id,
          name: row.name ?? 'No station',
          lines: Number(row.lines),
          averageSeconds: Number(row.average),
        })),
        byDish: byDish.map((row) => ({
          itemId: row.item_id,
          name: row.name,
          lines: Number(row.lines),
          averageSeconds: Number(row.average),
        })),
        range: { startDate: range.start.toISOString(), endDate: range.end.toISOString() },
      };
    },

    /**
     * Today's best-selling dishes, ranked as the revenue figures' top dishes (the same query over the
     * same range), without their revenue.
     */
    async topDishes({ limit }: TopDishesQuery): Promise<TopDish[]> {
      const timezone = await readyTimezone();
      const range = await repo.resolveRange(db, timezone, {});
      const top = await repo.topItems(db, range, limit);
      return top.map(toTopItem).map(({ itemId, name, quantity }) => ({ itemId, name, quantity }));
    },

    async chartData(): Promise<ChartData> {
      const timezone = await readyTimezone();
      const { daily, hourly, byCategory } = await repo.chartData(db, timezone, CHART_DAYS);
      return {
        daily: daily.map((row) => ({ date: row.date, revenue: Number(row.revenue), orders: Number(row.orders) })),
        hourly: hourly.map((row) => ({
          hour: Number(row.hour),
          revenue: Number(row.revenue),
          orders: Number(row.orders),
        })),
        byCategory: byCategory.map((row) => ({
          categoryId: row.category_id,
          name: row.name ?? 'Deleted categories',
          quantity: Number(row.quantity),
          revenue: Number(row.revenue),
        })),
      };
    },

    /** Inside the transaction that completes an order: adds it to the sums. */
    addCompletedOrder: (tx: Executor, orderId: string) => repo.addCompletedOrder(tx, orderId),

    /**
     * Inside the refund's transaction: a refund of a completed order's payment comes off that method's
     * revenue where the order was counted. Before completion there is nothing to change.
     */
    addRefund: (tx: Executor, refund: { orderId: string; method: PaymentMethod; amount: number }) =>
      repo.addRefund(tx, refund),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
