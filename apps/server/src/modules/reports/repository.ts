import type { PaymentMethod } from '@quan/contract/order';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories, items, stations } from '../../db/schema/menu';
import { orderPayments } from '../../db/schema/payments';
import { orderLines, orderRounds, orders } from '../../db/schema/orders';
import { itemSalesByDay, salesByHour, salesRollupState } from '../../db/schema/sales';
import { users } from '../../db/schema/users';
import { taxesByRate } from './taxes-by-rate';

/** Rows of a raw query; both drivers (node-postgres and PGlite) answer with `{ rows }`. */
async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The zone the branch's sums were built in; null before their first build. */
export async function rollupTimezone(db: Executor, branchId: string): Promise<string | null> {
  const [state] = await db
    .select({ timezone: salesRollupState.timezone })
    .from(salesRollupState)
    .where(eq(salesRollupState.branchId, branchId));
  return state?.timezone ?? null;
}

/** A local calendar day in `timezone` as SQL, and the instant its midnight is. */
const localDay = (instant: SQL | typeof orders.completedAt, timezone: SQL) =>
  sql`(${instant} at time zone ${timezone})::date`;
const localHour = (instant: SQL | typeof orders.completedAt, timezone: SQL) =>
  sql`extract(hour from ${instant} at time zone ${timezone})::smallint`;
/** The zone the branch's sums were built in, as SQL: null before their first build. */
const stateTimezone = (branchId: string) =>
  sql`(select ${salesRollupState.timezone} from ${salesRollupState} where ${salesRollupState.branchId} = ${branchId})`;

/**
 * What paid for orders, one row per payment net of its refunds, by the payment's method (a split tender
 * counts in each of its methods). The order and its guests are counted once, with its first payment; an
 * order that needed no payment (everything discounted) is counted with revenue 0 in its recorded method.
 * `which` filters the orders inside, so a single order's sums read only its own payments.
 */
const paymentsOf = (which: SQL) => sql`(
  select ${orders.id} as order_id, ${orders.status} as status, ${orders.completedAt} as completed_at,
    ${orderPayments.method} as payment_method, ${orderPayments.amount} - ${orderPayments.refunded} as revenue,
    case when row_number() over (partition by ${orders.id} order by ${orderPayments.takenAt}, ${orderPayments.id}) = 1
      then 1 else 0 end as order_count,
    case when row_number() over (partition by ${orders.id} order by ${orderPayments.takenAt}, ${orderPayments.id}) = 1
      then ${orders.guests} else 0 end as guest_count
  from ${orders} join ${orderPayments} on ${orderPayments.orderId} = ${orders.id}
  where ${which}
  union all
  select ${orders.id}, ${orders.status}, ${orders.completedAt}, coalesce(${orders.paymentMethod}, 'cash'), 0, 1, ${orders.guests}
  from ${orders}
  where ${which} and not exists (select 1 from ${orderPayments} where ${orderPayments.orderId} = ${orders.id})
) payments`;
const paid = {
  completedAt: sql.raw('payments.completed_at'),
};

/** What a line sold: voided portions (a wrong dish, a rejected round) never count. */
const soldQuantity = sql`${orderLines.quantity} - ${orderLines.voidedQuantity}`;
const wasSold = sql`${orderLines.quantity} > ${orderLines.voidedQuantity}`;

/**
 * Adds one just-completed order of the branch to the branch's sums, inside its transaction. Before the
 * branch's first build there is nothing to add to: the build will count it.
 */
export async function addCompletedOrder(db: Executor, branchId: string, orderId: string): Promise<void> {
  const zone = stateTimezone(branchId);
  const thisOrder = sql`${orders.id} = ${orderId} and ${orders.branchId} = ${branchId}`;
  await db.execute(sql`
    insert into ${salesByHour} (branch_id, day, hour, payment_method, revenue, orders, guests)
    select ${branchId}::uuid, ${localDay(paid.completedAt, zone)}, ${localHour(paid.completedAt, zone)},
      payments.payment_method, sum(payments.revenue), sum(payments.order_count), sum(payments.guest_count)
    from ${paymentsOf(thisOrder)} where ${zone} is not null
    group by 2, 3, 4
    on conflict (branch_id, day, hour, payment_method) do update set
      revenue = ${salesByHour.revenue} + excluded.revenue,
      orders = ${salesByHour.orders} + excluded.orders,
      guests = ${salesByHour.guests} + excluded.guests`);
  await db.execute(sql`
    insert into ${itemSalesByDay} (branch_id, day, item_id, category_id, name, quantity, revenue)
    select ${branchId}::uuid, ${localDay(orders.completedAt, zone)}, ${orderLines.itemId}, ${orderLines.categoryId},
      ${orderLines.name}, sum(${soldQuantity}), sum(${orderLines.total})
    from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId}
    where ${thisOrder} and ${zone} is not null and ${wasSold}
    group by 2, 3, 4, 5
    on conflict (branch_id, day, item_id, category_id, name) do update set
      quantity = ${itemSalesByDay.quantity} + excluded.quantity,
      revenue = ${itemSalesByDay.revenue} + excluded.revenue`);
}

/**
 * Takes a refund off the sums of a completed order: from its method's revenue at the hour the order was
 * completed, where the payment was counted (a refund before completion is already netted out when the
 * order is added). Orders and guests stay: the order still happened.
 */
export async function addRefund(
  db: Executor,
  branchId: string,
  refund: { orderId: string; method: PaymentMethod; amount: number },
): Promise<void> {
  const zone = stateTimezone(branchId);
  await db.execute(sql`
    insert into ${salesByHour} (branch_id, day, hour, payment_method, revenue, orders, guests)
    select ${branchId}::uuid, ${localDay(orders.completedAt, zone)}, ${localHour(orders.completedAt, zone)},
      ${refund.method}, ${-refund.amount}::bigint, 0, 0
    from ${orders}
    where ${orders.id} = ${refund.orderId} and ${orders.branchId} = ${branchId} and ${orders.status} = 'completed'
      and ${zone} is not null
    on conflict (branch_id, day, hour, payment_method) do update set revenue = ${salesByHour.revenue} + excluded.revenue`);
}

/**
 * Builds the branch's sums again from its completed orders, in `timezone` (the branch's), in set-based
 * statements. The table locks make completions wait until it is done, and make it wait for completions under
 * way, so none is lost.
 */
export async function rebuildRollups(db: Executor, branchId: string, timezone: string): Promise<void> {
  const zone = sql`${timezone}::text`;
  const completedHere = sql`${orders.status} = 'completed' and ${orders.branchId} = ${branchId}`;
  await db.execute(sql`lock table ${salesByHour}, ${itemSalesByDay} in exclusive mode`);
  await db.delete(salesByHour).where(eq(salesByHour.branchId, branchId));
  await db.delete(itemSalesByDay).where(eq(itemSalesByDay.branchId, branchId));
  await db.execute(sql`
    insert into ${salesByHour} (branch_id, day, hour, payment_method, revenue, orders, guests)
    select ${branchId}::uuid, ${localDay(paid.completedAt, zone)}, ${localHour(paid.completedAt, zone)},
      payments.payment_method, sum(payments.revenue), sum(payments.order_count), sum(payments.guest_count)
    from ${paymentsOf(completedHere)}
    group by 2, 3, 4`);
  await db.execute(sql`
    insert into ${itemSalesByDay} (branch_id, day, item_id, category_id, name, quantity, revenue)
    select ${branchId}::uuid, ${localDay(orders.completedAt, zone)}, ${orderLines.itemId}, ${orderLines.categoryId},
      ${orderLines.name}, sum(${soldQuantity}), sum(${orderLines.total})
    from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId}
    where ${completedHere} and ${wasSold}
    group by 2, 3, 4, 5`);
  await db
    .insert(salesRollupState)
    .values({ branchId, timezone })
    .onConflictDoUpdate({ target: salesRollupState.branchId, set: { timezone } });
}

/**
 * A range [start, end) cut into whole local days, read from the sums, and the partial days at its
 * edges, read from the orders themselves.
 */
export interface ReportRange {
  start: Date;
  end: Date;
  /** Whole local days [fromDay, toDay) as 'YYYY-MM-DD', or null when the range holds none. */
  days: { fromDay: string; toDay: string } | null;
  /** Instants [from, to) not covered by `days`. */
  edges: { from: Date; to: Date }[];
}

/**
 * Resolves the query's instants (today in the restaurant's zone by default, today being the day of `now`)
 * and cuts the range.
 */
export async function resolveRange(
  db: Executor,
  timezone: string,
  query: { startDate?: string; endDate?: string },
  now: Date = new Date(),
): Promise<ReportRange> {
  const zone = sql`${timezone}::text`;
  const today = sql`date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${zone})`;
  const [resolved] = await rows<{ start: string; end: string; from_day: string; to_day: string }>(
    db,
    sql`
    with bounds as (
      select coalesce(${query.startDate ?? null}::timestamptz, ${today} at time zone ${zone}) as start_at,
             coalesce(${query.endDate ?? null}::timestamptz, (${today} + interval '1 day') at time zone ${zone}) as end_at
    )
    select start_at as start, end_at as end,
      -- The first local midnight at or after the start, and the last one at or before the end.
      (case when (start_at at time zone ${zone})::time = '00:00' then (start_at at time zone ${zone})::date
            else (start_at at time zone ${zone})::date + 1 end)::text as from_day,
      (end_at at time zone ${zone})::date::text as to_day
    from bounds`,
  );
  if (!resolved) throw new Error('the range query returned no row');
  const start = new Date(resolved.start);
  const end = new Date(resolved.end);
  if (resolved.from_day >= resolved.to_day) return { start, end, days: null, edges: [{ from: start, to: end }] };
  const [midnights] = await rows<{ first: string; last: string }>(
    db,
    sql`select (${resolved.from_day}::date::timestamp at time zone ${zone}) as first,
               (${resolved.to_day}::date::timestamp at time zone ${zone}) as last`,
  );
  const first = new Date(midnights!.first);
  const last = new Date(midnights!.last);
  return {
    start,
    end,
    days: { fromDay: resolved.from_day, toDay: resolved.to_day },
    edges: [
      { from: start, to: first },
      { from: last, to: end },
    ].filter((edge) => edge.from < edge.to),
  };
}

/**
 * The span an earlier period is compared over: the period of the same length just before [start, end),
 * shifted back on the local clock (so yesterday 10:15 is 10:15 whatever summer time did). When `now` falls
 * before the end the period is still under way: the earlier one is cut as far into it as `now` is into
 * this one (`elapsed`), else it is compared whole.
 */
export async function comparisonSpan(
  db: Executor,
  timezone: string,
  range: Pick<ReportRange, 'start' | 'end'>,
  now: Date,
): Promise<{ start: Date; end: Date; span: 'whole' | 'elapsed' }> {
  const zone = sql`${timezone}::text`;
  const [span] = await rows<{ start: string; end: string; elapsed: boolean }>(
    db,
    sql`
    with local as (
      select ${range.start.toISOString()}::timestamptz at time zone ${zone} as s,
             ${range.end.toISOString()}::timestamptz at time zone ${zone} as e,
             ${now.toISOString()}::timestamptz at time zone ${zone} as n
    )
    select (s - (e - s)) at time zone ${zone} as start,
      (case when n < e then greatest(s - (e - s), n - (e - s)) else s end) at time zone ${zone} as end,
      n < e as elapsed
    from local`,
  );
  if (!span) throw new Error('the comparison query returned no row');
  return { start: new Date(span.start), end: new Date(span.end), span: span.elapsed ? 'elapsed' : 'whole' };
}

function completedWithin(branchId: string, edges: ReportRange['edges']): SQL {
  if (edges.length === 0) return sql`false`;
  const within = edges.map(
    (edge) =>
      sql`(${orders.completedAt} >= ${edge.from.toISOString()} and ${orders.completedAt} < ${edge.to.toISOString()})`,
  );
  return sql`${orders.status} = 'completed' and ${orders.branchId} = ${branchId} and (${sql.join(within, sql` or `)})`;
}

function daysWithin(sums: typeof salesByHour | typeof itemSalesByDay, branchId: string, range: ReportRange): SQL {
  return range.days
    ? sql`${sums.branchId} = ${branchId} and ${sums.day} >= ${range.days.fromDay} and ${sums.day} < ${range.days.toDay}`
    : sql`false`;
}

/** The branch's orders completed in [start, end). */
const completedBetween = (branchId: string, range: Pick<ReportRange, 'start' | 'end'>) =>
  sql`${orders.status} = 'completed' and ${orders.branchId} = ${branchId}
    and ${orders.completedAt} >= ${range.start.toISOString()} and ${orders.completedAt} < ${range.end.toISOString()}`;

export async function totalsByPaymentMethod(db: Executor, branchId: string, range: ReportRange) {
  return rows<{ method: PaymentMethod; revenue: string; orders: string; guests: string }>(
    db,
    sql`
    select method, sum(revenue) as revenue, sum(orders) as orders, sum(guests) as guests from (
      select ${salesByHour.paymentMethod} as method, ${salesByHour.revenue} as revenue, ${salesByHour.orders} as orders,
        ${salesByHour.guests} as guests
      from ${salesByHour} where ${daysWithin(salesByHour, branchId, range)}
      union all
      select payments.payment_method, payments.revenue, payments.order_count, payments.guest_count
      from ${paymentsOf(completedWithin(branchId, range.edges))}
    ) sales group by method`,
  );
}

/** The VAT of the branch's orders completed in [start, end), by rate. */
export const taxesCompletedBetween = (db: Executor, branchId: string, range: Pick<ReportRange, 'start' | 'end'>) =>
  taxesByRate(db, completedBetween(branchId, range));

/** Tips on the payments of the branch's orders completed in [start, end), by who took them, most first. */
export async function tipsByStaff(db: Executor, branchId: string, range: Pick<ReportRange, 'start' | 'end'>) {
  return rows<{ staff_id: string | null; name: string | null; amount: string }>(
    db,
    sql`
    select ${users.id} as staff_id, ${users.name} as name, sum(${orderPayments.tip}) as amount
    from ${orderPayments}
    join ${orders} on ${orders.id} = ${orderPayments.orderId}
    left join ${users} on ${users.id} = ${orderPayments.takenById}
    where ${completedBetween(branchId, range)} and ${orderPayments.tip} > 0
    group by ${users.id}, ${users.name}
    order by sum(${orderPayments.tip}) desc, ${users.name}`,
  );
}

/** The branch's dishes by revenue, then quantity; `limit` null: every dish sold. */
export async function topItems(db: Executor, branchId: string, range: ReportRange, limit: number | null) {
  return rows<{ item_id: string | null; name: string; quantity: string; revenue: string }>(
    db,
    sql`
    select ${items.id} as item_id, coalesce(max(${items.name}), max(sales.name)) as name,
      sum(sales.quantity) as quantity, sum(sales.revenue) as revenue
    from (
      select ${itemSalesByDay.itemId} as item_id, ${itemSalesByDay.name} as name, ${itemSalesByDay.quantity} as quantity,
        ${itemSalesByDay.revenue} as revenue
      from ${itemSalesByDay} where ${daysWithin(itemSalesByDay, branchId, range)}
      union all
      select ${orderLines.itemId}, ${orderLines.name}, ${soldQuantity}, ${orderLines.total}
      from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId}
      where ${completedWithin(branchId, range.edges)} and ${wasSold}
    ) sales
    left join ${items} on ${items.id} = sales.item_id
    -- The sums keep the id of a deleted dish while its order lines forget it: once the dish is gone it is
    -- known by its name alone, whichever side its sales come from.
    group by ${items.id}, case when ${items.id} is null then sales.name end
    order by sum(sales.revenue) desc, sum(sales.quantity) desc, 2
    ${limit === null ? sql`` : sql`limit ${limit}`}`,
  );
}

/** The branch's last `days` local days up to today: each day, each hour of the day, and each category. */
export async function chartData(db: Executor, branchId: string, timezone: string, days: number) {
  const zone = sql`${timezone}::text`;
  const today = sql`(now() at time zone ${zone})::date`;
  const firstDay = sql`(${today} - ${days - 1}::int)`;
  const [daily, hourly, byCategory] = await Promise.all([
    rows<{ date: string; revenue: string; orders: string }>(
      db,
      sql`
      select d.day::date::text as date, coalesce(sum(${salesByHour.revenue}), 0) as revenue,
        coalesce(sum(${salesByHour.orders}), 0) as orders
      from generate_series(${firstDay}, ${today}, interval '1 day') as d(day)
      left join ${salesByHour} on ${salesByHour.day} = d.day::date and ${salesByHour.branchId} = ${branchId}
      group by d.day order by d.day`,
    ),
    rows<{ hour: number; revenue: string; orders: string }>(
      db,
      sql`
      select h.hour, coalesce(sum(${salesByHour.revenue}), 0) as revenue, coalesce(sum(${salesByHour.orders}), 0) as orders
      from generate_series(0, 23) as h(hour)
      left join ${salesByHour} on ${salesByHour.hour} = h.hour and ${salesByHour.branchId} = ${branchId}
        and ${salesByHour.day} between ${firstDay} and ${today}
      group by h.hour order by h.hour`,
    ),
    rows<{ category_id: string | null; name: string | null; quantity: string; revenue: string }>(
      db,
      sql`
      select ${categories.id} as category_id, ${categories.name} as name,
        sum(${itemSalesByDay.quantity}) as quantity, sum(${itemSalesByDay.revenue}) as revenue
      from ${itemSalesByDay} left join ${categories} on ${categories.id} = ${itemSalesByDay.categoryId}
      where ${itemSalesByDay.branchId} = ${branchId} and ${itemSalesByDay.day} between ${firstDay} and ${today}
      group by ${categories.id}, ${categories.name}
      order by 4 desc, 3 desc`,
    ),
  ]);
  return { daily, hourly, byCategory };
}

/**
 * Portions and revenue of each option sold in completed orders of the range, by the names it was sold
 * under (read from the lines' copies, so renamed or removed options keep their history).
 */
export async function optionSales(db: Executor, branchId: string, range: Pick<ReportRange, 'start' | 'end'>) {
  return rows<{ group: string; name: string; portions: string; revenue: string }>(
    db,
    sql`
    select chosen ->> 'group' as "group", chosen ->> 'name' as name,
      sum(${soldQuantity}) as portions, sum((chosen ->> 'priceDelta')::int * (${soldQuantity})) as revenue
    from ${orderLines}
    join ${orders} on ${orders.id} = ${orderLines.orderId}
    cross join lateral jsonb_array_elements(${orderLines.options}) as chosen
    where ${completedBetween(branchId, range)} and ${wasSold}
    group by 1, 2
    order by sum(${soldQuantity}) desc, 1, 2`,
  );
}

/**
 * How long lines took, from their round being sent to being marked done, over rounds sent in the range
 * (orders not cancelled), per station and per dish, in whole seconds. Over several branches, each with its
 * own range (its days cut in its own time zone), the averages are over all their lines together.
 */
export async function prepTimes(
  db: Executor,
  within: { branchId: string; range: Pick<ReportRange, 'start' | 'end'> }[],
) {
  const sentWithin = sql.join(
    within.map(
      ({ branchId, range }) =>
        sql`(${orders.branchId} = ${branchId} and ${orderRounds.sentAt} >= ${range.start.toISOString()}
          and ${orderRounds.sentAt} < ${range.end.toISOString()})`,
    ),
    sql` or `,
  );
  const done = sql`
    select ${orderLines.stationId} as station_id, ${orderLines.itemId} as item_id, ${orderLines.name} as name,
      extract(epoch from ${orderLines.readyAt} - ${orderRounds.sentAt}) as seconds
    from ${orderLines}
    join ${orderRounds} on ${orderRounds.orderId} = ${orderLines.orderId} and ${orderRounds.no} = ${orderLines.roundNo}
    join ${orders} on ${orders.id} = ${orderLines.orderId}
    where ${orderLines.readyAt} is not null and ${wasSold} and ${orders.status} <> 'cancelled'
      and (${within.length ? sentWithin : sql`false`})`;
  const [byStation, byDish] = await Promise.all([
    rows<{ station_id: string | null; name: string | null; lines: string; average: string }>(
      db,
      sql`
      select done.station_id, max(${stations.name}) as name, count(*) as lines, round(avg(done.seconds)) as average
      from (${done}) done
      left join ${stations} on ${stations.id} = done.station_id
      group by done.station_id
      order by avg(done.seconds) desc`,
    ),
    rows<{ item_id: string | null; name: string; lines: string; average: string }>(
      db,
      sql`
      select done.item_id, coalesce(max(${items.name}), max(done.name)) as name, count(*) as lines,
        round(avg(done.seconds)) as average
      from (${done}) done
      left join ${items} on ${items.id} = done.item_id
      group by done.item_id, case when done.item_id is null then done.name end
      order by avg(done.seconds) desc, 2`,
    ),
  ]);
  return { byStation, byDish };
}
