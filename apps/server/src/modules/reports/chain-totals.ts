import { paymentMethods } from '@quan/contract/payments';
import { byVatRate } from '@quan/contract/vat';
import type { ChainComparisonFigures, ChainRevenue, ChartData, Revenue, TopItem } from '@quan/contract/report';

/**
 * The chain's totals, summed from the branches' own figures rather than queried again: the total column is
 * then the sum of the branch columns by construction, to the đồng, whatever time zones the branches keep.
 */

/** Adds up rows that share a key, keeping the first row's other fields; in the order keys first appear. */
function sumBy<T>(rows: T[], keyOf: (row: T) => string, add: (into: T, row: T) => T): T[] {
  const sums = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    const sum = sums.get(key);
    sums.set(key, sum ? add(sum, row) : { ...row });
  }
  return [...sums.values()];
}

/** A dish is the same dish in every branch by its id; a deleted one (no id) by its name. */
const dishKey = (item: Pick<TopItem, 'itemId' | 'name'>) => item.itemId ?? `name:${item.name}`;

/**
 * What the chain's total compares with: the sums of the branches' comparisons, so that the previous total is
 * the sum of the previous columns as the total is of the columns. `elapsed` while any branch's period runs.
 * None unless every branch was compared.
 */
function sumComparison(figures: Revenue[]): ChainComparisonFigures | undefined {
  const comparisons = figures.map((revenue) => revenue.comparison);
  if (comparisons.length === 0 || !comparisons.every((comparison) => comparison !== undefined)) return undefined;
  const sum = (pick: (comparison: ChainComparisonFigures) => number) =>
    comparisons.reduce((total, comparison) => total + pick(comparison), 0);
  const totalRevenue = sum((comparison) => comparison.totalRevenue);
  const orderCount = sum((comparison) => comparison.orderCount);
  return {
    totalRevenue,
    orderCount,
    averageOrderValue: orderCount ? Math.round(totalRevenue / orderCount) : 0,
    totalGuests: sum((comparison) => comparison.totalGuests),
    span: comparisons.some((comparison) => comparison.span === 'elapsed') ? 'elapsed' : 'whole',
    asOf: comparisons[0]!.asOf,
  };
}

/**
 * The chain's revenue: the sums of the branches' figures. `figures` carry every dish each branch sold, so that
 * the chain's best `topItems` are ranked on whole sums (a dish tenth in every branch may be first in the chain).
 */
export function sumRevenue(figures: Revenue[], topItems: number): ChainRevenue['total'] {
  const sum = (pick: (revenue: Revenue) => number) => figures.reduce((total, revenue) => total + pick(revenue), 0);
  const totalRevenue = sum((revenue) => revenue.totalRevenue);
  const orderCount = sum((revenue) => revenue.orderCount);
  const comparison = sumComparison(figures);
  const dishes = sumBy(
    figures.flatMap((revenue) => revenue.topItems),
    dishKey,
    (into, item) => ({ ...into, quantity: into.quantity + item.quantity, revenue: into.revenue + item.revenue }),
  );
  const staffTips = sumBy(
    figures.flatMap((revenue) => revenue.tips.byStaff),
    (row) => row.staff?._id ?? 'nobody',
    (into, row) => ({ ...into, amount: into.amount + row.amount }),
  );
  return {
    totalRevenue,
    orderCount,
    averageOrderValue: orderCount ? Math.round(totalRevenue / orderCount) : 0,
    totalGuests: sum((revenue) => revenue.totalGuests),
    byPaymentMethod: paymentMethods.map((method) => {
      const rows = figures.map((revenue) => revenue.byPaymentMethod.find((row) => row.method === method));
      return {
        method,
        revenue: rows.reduce((total, row) => total + (row?.revenue ?? 0), 0),
        orders: rows.reduce((total, row) => total + (row?.orders ?? 0), 0),
      };
    }),
    topItems: dishes
      .sort((a, b) => b.revenue - a.revenue || b.quantity - a.quantity || a.name.localeCompare(b.name))
      .slice(0, topItems),
    taxes: byVatRate(
      sumBy(
        figures.flatMap((revenue) => revenue.taxes),
        (part) => String(part.vatRate),
        (into, part) => ({ ...into, taxable: into.taxable + part.taxable, tax: into.tax + part.tax }),
      ),
    ),
    tips: {
      total: sum((revenue) => revenue.tips.total),
      byStaff: staffTips.sort(
        (a, b) => b.amount - a.amount || (a.staff?.name ?? '').localeCompare(b.staff?.name ?? ''),
      ),
    },
    ...(comparison && { comparison }),
  };
}

/**
 * The chain's charts: per day, hour and category, the sums of the branches'. Branches in different time zones
 * may not share the same last 30 days: the chain's days are every day any branch shows, oldest first.
 */
export function sumChartData(charts: ChartData[]): ChartData {
  const add = <T extends { revenue: number; orders: number }>(into: T, row: T): T => ({
    ...into,
    revenue: into.revenue + row.revenue,
    orders: into.orders + row.orders,
  });
  return {
    daily: sumBy(
      charts.flatMap((chart) => chart.daily),
      (row) => row.date,
      add,
    ).sort((a, b) => a.date.localeCompare(b.date)),
    hourly: sumBy(
      charts.flatMap((chart) => chart.hourly),
      (row) => String(row.hour),
      add,
    ).sort((a, b) => a.hour - b.hour),
    byCategory: sumBy(
      charts.flatMap((chart) => chart.byCategory),
      (row) => row.categoryId ?? 'deleted',
      (into, row) => ({ ...into, quantity: into.quantity + row.quantity, revenue: into.revenue + row.revenue }),
    ).sort((a, b) => b.revenue - a.revenue || b.quantity - a.quantity),
  };
}
