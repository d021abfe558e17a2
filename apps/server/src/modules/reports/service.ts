import { paymentMethods, type PaymentMethod } from '@quan/contract/payments';
import {
  CHART_DAYS,
  TOP_ITEMS,
  type ChainChartData,
  type ChainPrepTimes,
  type ChainRevenue,
  type ChartData,
  type OptionSales,
  type PrepTimes,
  type PrepTimesQuery,
  type Revenue,
  type RevenueFiguresQuery,
  type RevenueQuery,
  type TopDish,
  type TopDishesQuery,
  type TopItem,
} from '@quan/contract/report';
import { lockForTransaction, type Database, type Executor } from '../../db/client';
import { chainBranches } from '../branches/service';
import type { SettingsService } from '../settings/service';
import { sumChartData, sumRevenue } from './chain-totals';
import * as repo from './repository';

/** Serialises rebuilds of the sums across the instances of a chain. */
const ROLLUP_LOCK_KEY = 7_310_002;

/**
 * Builds every branch's sums again from its orders, each in the branch's own time zone, once across the
 * instances (advisory lock). For orders written below the services: a restore from a backup, the demo's generator.
 */
export async function rebuildSalesSums(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await lockForTransaction(tx, ROLLUP_LOCK_KEY);
    for (const branch of await chainBranches(tx)) await repo.rebuildRollups(tx, branch.id, branch.timezone);
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

/** A resolved range as an answer states it. */
function rangeOf(range: Pick<repo.ReportRange, 'start' | 'end'>) {
  return { startDate: range.start.toISOString(), endDate: range.end.toISOString() };
}

function toTopItem(row: Awaited<ReturnType<typeof repo.topItems>>[number]): TopItem {
  return { itemId: row.item_id, name: row.name, quantity: Number(row.quantity), revenue: Number(row.revenue) };
}

export function createReportsService({ db, settings }: { db: Database; settings: Pick<SettingsService, 'get'> }) {
  /**
   * The branch's time zone, with its sums built in it: on its first report, and after its zone changed,
   * they are rebuilt from its orders (once, whichever instance gets there first).
   */
  async function readyTimezone(branchId: string): Promise<string> {
    const { timezone } = await settings.get(branchId);
    if ((await repo.rollupTimezone(db, branchId)) === timezone) return timezone;
    await db.transaction(async (tx) => {
      await lockForTransaction(tx, ROLLUP_LOCK_KEY);
      if ((await repo.rollupTimezone(tx, branchId)) !== timezone) await repo.rebuildRollups(tx, branchId, timezone);
    });
    return timezone;
  }

  /** The figures of the earlier period of the same length, over the span that compares with `range` at `now`. */
  async function compareWithPrevious(
    branchId: string,
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
      await repo.totalsByPaymentMethod(db, branchId, earlier),
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

  /**
   * The branch's figures of the range; with `compare`, also those of the span they compare with (the earlier
   * period, cut at the same clock time while this one is under way), read at the same instant. `topItems`
   * null: every dish sold, for the chain's total to rank.
   */
  async function revenueOf(
    branchId: string,
    { compare, scope: _scope, ...query }: RevenueFiguresQuery,
    now: Date,
    topItems: number | null = TOP_ITEMS,
  ): Promise<Revenue> {
    const timezone = await readyTimezone(branchId);
    const range = await repo.resolveRange(db, timezone, query, now);
    const [totals, top, tips, taxes, comparison] = await Promise.all([
      repo.totalsByPaymentMethod(db, branchId, range),
      repo.topItems(db, branchId, range, topItems),
      repo.tipsByStaff(db, branchId, range),
      repo.taxesCompletedBetween(db, branchId, range),
      compare === 'previous' ? compareWithPrevious(branchId, timezone, range, now) : undefined,
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
      taxes,
      range: rangeOf(range),
      ...(comparison && { comparison }),
    };
  }

  async function chartDataOf(branchId: string): Promise<ChartData> {
    const timezone = await readyTimezone(branchId);
    const { daily, hourly, byCategory } = await repo.chartData(db, branchId, timezone, CHART_DAYS);
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
  }

  /** The range of a branch's preparation times, cut in its time zone; "today" is the day of `now` there. */
  async function prepTimesRange(branchId: string, query: PrepTimesQuery, now: Date) {
    return repo.resolveRange(db, (await settings.get(branchId)).timezone, query, now);
  }

  /** Average preparation times per station and dish over the lines of the branches, each in its range. */
  async function prepTimesWithin(within: Parameters<typeof repo.prepTimes>[1]): Promise<Omit<PrepTimes, 'range'>> {
    const { byStation, byDish } = await repo.prepTimes(db, within);
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
    };
  }

  /** The chain's branches as a report's columns, in their order. */
  async function reportColumns() {
    return (await chainBranches(db)).map((branch) => ({ _id: branch.id, name: branch.name }));
  }

  return {
    /** The branch's figures of the range (see `revenueOf`). */
    revenue: (branchId: string, query: RevenueFiguresQuery): Promise<Revenue> => revenueOf(branchId, query, new Date()),

    /**
     * Every branch's figures of the range, each as its own report answers them (with `compare`, compared with
     * its own earlier span), and their sum. Read at one instant, so that "today" is the same moment in every
     * branch (its own day in its own zone).
     */
    async chainRevenue(query: RevenueFiguresQuery): Promise<ChainRevenue> {
      const now = new Date();
      const branches = await reportColumns();
      const figures = await Promise.all(branches.map((branch) => revenueOf(branch._id, query, now, null)));
      return {
        scope: 'chain',
        branches: branches.map((branch, index) => ({
          ...figures[index]!,
          topItems: figures[index]!.topItems.slice(0, TOP_ITEMS),
          branch,
        })),
        total: sumRevenue(figures, TOP_ITEMS),
      };
    },

    /** Sales by option over the branch's completed orders of the range (as the revenue's range). */
    async optionSales(branchId: string, query: RevenueQuery): Promise<OptionSales> {
      const range = await repo.resolveRange(db, (await settings.get(branchId)).timezone, query);
      const options = await repo.optionSales(db, branchId, range);
      return {
        options: options.map((row) => ({
          group: row.group,
          name: row.name,
          portions: Number(row.portions),
          revenue: Number(row.revenue),
        })),
        range: rangeOf(range),
      };
    },

    /** Average preparation times per station and dish over the branch's rounds sent in the range. */
    async prepTimes(branchId: string, query: PrepTimesQuery): Promise<PrepTimes> {
      const range = await prepTimesRange(branchId, query, new Date());
      return { ...(await prepTimesWithin([{ branchId, range }])), range: rangeOf(range) };
    },

    /**
     * Every branch's preparation times, each as its own report answers them, and the chain's: averages over
     * all the branches' lines, each branch's taken in its own range. Read at one instant, as the chain's revenue.
     */
    async chainPrepTimes(query: PrepTimesQuery): Promise<ChainPrepTimes> {
      const now = new Date();
      const branches = await reportColumns();
      const within = await Promise.all(
        branches.map(async (branch) => ({ branchId: branch._id, range: await prepTimesRange(branch._id, query, now) })),
      );
      const times = await Promise.all(within.map((one) => prepTimesWithin([one])));
      return {
        scope: 'chain',
        branches: branches.map((branch, index) => ({
          ...times[index]!,
          range: rangeOf(within[index]!.range),
          branch,
        })),
        total: await prepTimesWithin(within),
      };
    },

    /**
     * Today's best-selling dishes, ranked as the revenue figures' top dishes (the same query over the
     * same range), without their revenue.
     */
    async topDishes(branchId: string, { limit }: TopDishesQuery): Promise<TopDish[]> {
      const timezone = await readyTimezone(branchId);
      const range = await repo.resolveRange(db, timezone, {});
      const top = await repo.topItems(db, branchId, range, limit);
      return top.map(toTopItem).map(({ itemId, name, quantity }) => ({ itemId, name, quantity }));
    },

    /** The branch's last 30 days, in its time zone. */
    chartData: (branchId: string): Promise<ChartData> => chartDataOf(branchId),

    /** Every branch's charts, each in its own time zone, and their sum per day, hour and category. */
    async chainChartData(): Promise<ChainChartData> {
      const branches = await reportColumns();
      const charts = await Promise.all(branches.map((branch) => chartDataOf(branch._id)));
      return {
        scope: 'chain',
        branches: branches.map((branch, index) => ({ ...charts[index]!, branch })),
        total: sumChartData(charts),
      };
    },

    /** Inside the transaction that completes an order of the branch: adds it to the branch's sums. */
    addCompletedOrder: (tx: Executor, branchId: string, orderId: string) =>
      repo.addCompletedOrder(tx, branchId, orderId),

    /**
     * Inside the refund's transaction: a refund of a completed order's payment comes off that method's
     * revenue where the order was counted, in the order's branch. Before completion there is nothing to change.
     */
    addRefund: (tx: Executor, branchId: string, refund: { orderId: string; method: PaymentMethod; amount: number }) =>
      repo.addRefund(tx, branchId, refund),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
