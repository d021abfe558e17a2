import type { VatRate } from '@quan/contract/vat';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { branches, branchItems } from '../../db/schema/branches';
import { categories, items } from '../../db/schema/menu';
import { orderLines, orderRounds, orders } from '../../db/schema/orders';
import { orderPayments } from '../../db/schema/payments';
import { familyNames, givenNames, honorifics, middleNames, orderNotes } from '../restaurant-catalog';
import { hourBounds, OPENING_HOUR, WEEKDAY_HOURS, WEEKEND_HOURS } from './calendar';
import { orderDraw, uuidV7 } from './random';
import { billsByRateSql, pgArray } from './sql';

// The orders of the past, written a batch of days at a time by one INSERT … SELECT each.

export interface OrderContext {
  seed: number;
  /** The branch whose orders these are: its tables, its prices, its order numbers. */
  branchId: string;
  /**
   * Told into each order's seeded slot (empty for the first branch), so two branches' orders of the same day
   * are different orders with different ids.
   */
  salt: string;
  /** The branch's place among the branches (0 the first): its batches draw from random() seeds of their own. */
  branchIndex: number;
  asOf: Date;
  timezone: string;
  /** The restaurant's default VAT rate: a dish's own rate, else its category's, else this one. */
  vatRate: VatRate;
  /** The service charge's VAT rate, kept on each order as the POS keeps it. */
  serviceVatRate: VatRate;
  /** The restaurant's menu prices hold the VAT (a new restaurant's default): its orders are billed so. */
  pricesIncludeTax: boolean;
  /** Dishes the branch sells, by popularity, the favourite first. */
  foodIds: string[];
  drinkIds: string[];
  staffIds: string[];
  tables: { id: string; tableNo: number }[];
  /** Today, in the restaurant's time zone. */
  lastDay: string;
  /** Tables seated now, in the middle of the service. */
  seatedTables: number;
  /** Once the customers exist: the orders written next are attached to them as they are written. */
  members?: Members;
}

/** The loyalty customers (ids, as a PostgreSQL array) and the lower bounds of their shares of the visits. */
export interface Members {
  ids: string;
  bounds: string;
}

/** Orders a member is attached to: taken at the counter for a guest who gave their phone (about one in four). */
const GAVE_PHONE = sql`s.source = 'pos' and s.r_name >= 0.45 and s.r_phone < 0.6`;
/** The same orders once written. */
export const MEMBER_ORDERS = sql`o.source = 'pos' and o.customer_phone <> ''`;

/** The member an order's draw picks: the customers' shares of the visits are consecutive ranges of [0, 1). */
export const memberFor = (seed: number, members: Members, id: SQL) =>
  sql`(${members.ids}::uuid[])[width_bucket(${orderDraw(seed, 'member', id)}, ${members.bounds}::float8[])]`;

/**
 * One INSERT … SELECT of the orders of `days` and their lines, in one transaction with random() seeded for
 * this batch. An order's lines are 1–5 dishes picked with a popularity skew; its bill is computed like
 * `computeBill` (packages/contract/src/bill.ts) (`billsByRateSql`: each line at its dish's rate, the VAT each
 * rate's part holds, or added to it; no discount); the orders of the last hour before
 * `asOf` are still open, the others completed (paid by cash, transfer, card or e-wallet) or cancelled.
 * Once there are members, an order for a guest who gave their phone is a member's, with their name and phone.
 */
export async function insertOrderBatch(
  db: Database,
  context: OrderContext,
  batch: number,
  days: { day: string; count: number }[],
) {
  const { asOf, timezone, vatRate, serviceVatRate, pricesIncludeTax, foodIds, drinkIds, staffIds, tables, members } =
    context;
  // The batch with the last day also places the orders of the tables seated now (see `stageService`).
  const today = days.find((d) => d.day === context.lastDay);
  const service = today && { day: today.day, after: today.count, orders: context.seatedTables };
  const zone = sql`${timezone}::text`;
  const now = sql`${asOf.toISOString()}::timestamptz`;
  const seedText = `${context.seed}${context.salt}`;
  const branchId = sql`${context.branchId}::uuid`;
  // setseed() takes [-1, 1]; one value per batch, so any batch can be regenerated alone.
  const batchSeed =
    (((context.seed * 7_919 + batch * 104_729 + context.branchIndex * 15_485_863) % 1_999_993) / 1_999_993) * 2 - 1;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(${batchSeed})`);
    await tx.execute(sql`
    with menu as (
      -- k: the dish's place in the popularity order of its kind (food, drinks); the price the branch sells it at;
      -- the VAT rate it is billed at (its own, else its category's, else the default).
      select m.kind, m.k, i.id, i.name, coalesce(own.price, i.price) as price, i.category_id,
        coalesce(i.vat_rate, c.vat_rate, ${String(vatRate)}::text) as vat_rate
      from (
        select 'food' as kind, f.k, f.id from unnest(${pgArray(foodIds)}::uuid[]) with ordinality as f(id, k)
        union all
        select 'drink', d.k, d.id from unnest(${pgArray(drinkIds)}::uuid[]) with ordinality as d(id, k)
      ) m join ${items} i on i.id = m.id join ${categories} c on c.id = i.category_id
      left join ${branchItems} own on own.branch_id = ${branchId} and own.item_id = i.id
    ),
    slots as materialized (
      select d.day, g.n, md5(${seedText} || ':' || d.day || ':' || g.n) as h,
        ((d.day + make_interval(hours => ${OPENING_HOUR - 1} + width_bucket(random(),
            case when extract(isodow from d.day) >= 6 then ${hourBounds(WEEKEND_HOURS)}::float8[]
                 else ${hourBounds(WEEKDAY_HOURS)}::float8[] end)))
          + random() * interval '1 hour') at time zone ${zone} as created_at,
        random() as r_state, random() as r_pay, random() as r_source, random() as r_dine_in, random() as r_table,
        random() as r_guests, random() as r_lines, random() as r_minutes, random() as r_name, random() as r_family,
        random() as r_middle, random() as r_given, random() as r_phone, random() as r_staff, random() as r_note,
        random() as r_preorder
      from unnest(${pgArray(days.map((d) => d.day))}::date[], ${pgArray(days.map((d) => d.count))}::int[]) as d(day, orders)
      cross join lateral generate_series(1, d.orders) as g(n)
      ${
        service
          ? sql`-- The tables of the service going on now: placed over the last hour, the newest a minute or two ago.
      union all
      select ${service.day}::date, ${service.after}::int + g.k, md5(${seedText} || ':' || ${service.day} || ':' || (${service.after}::int + g.k)),
        ${now} - make_interval(secs => 60 * (1 + 52 * power((g.k - 1)::float8 / ${Math.max(1, service.orders - 1)}, 1.5)) + 60 * random()),
        random(), random(), random(), random(), random(), random(), random(), random(), random(), random(), random(),
        random(), random(), random(), random(), random()
      from generate_series(1, ${service.orders}::int) as g(k)`
          : sql``
      }
    ),
    placed as (
      select s.*, case when s.r_source < 0.25 then 'table' else 'pos' end as source,
        case when s.r_source < 0.25 or s.r_dine_in < 0.65 then 1 + floor(s.r_table * ${tables.length})::int end as table_index,
        s.created_at > ${now} - interval '1 hour' as is_open
      from slots s where s.created_at <= ${now}
    ),
    o as materialized (
      select p.*, ${uuidV7(sql`p.created_at`, sql`p.h`)} as id,
        case
          when p.is_open then case
            when p.source = 'table' and p.created_at > ${now} - interval '5 minutes' then 'pending'
            when p.r_state < 0.45 then 'in_progress' when p.r_state < 0.7 then 'ready' else 'served' end
          when p.r_state < 0.035 then 'cancelled'
          else 'completed' end as status,
        case when p.table_index is null then (array[1, 1, 1, 2, 2])[1 + floor(p.r_guests * 5)::int]
             else (array[1, 2, 2, 2, 2, 3, 3, 4, 4, 4, 5, 6, 6, 8])[1 + floor(p.r_guests * 14)::int] end as guests
      from placed p
    ),
    sized as materialized (
      select o.*, least(5, greatest(1, round(o.guests * (0.4 + o.r_lines * 0.7))::int)) as line_count,
        -- Paid 20–90 minutes after ordering at a table, 5–20 at the counter; cancelled within 2–22 minutes.
        least(${now}, o.created_at + make_interval(secs => 60 * case
          when o.status <> 'completed' then 2 + o.r_minutes * 20
          when o.table_index is null then 5 + o.r_minutes * 15
          else 20 + o.r_minutes * 70 end)) as settled_at
      from o
    ),
    picks as materialized (
      select s.id as order_id, p.position, s.guests, s.line_count,
        case when p.position > 0 and random() < ${drinkIds.length > 0 ? 0.45 : 0}::float8 then 'drink' else 'food' end as kind,
        random() as r_dish, random() as r_quantity
      from sized s cross join lateral generate_series(0, s.line_count - 1) as p(position)
    ),
    l as materialized (
      select p.order_id, p.position, m.id as item_id, m.category_id, m.name, m.price, m.vat_rate,
        case
          -- A drink for most guests; one hot pot or big platter for the table; otherwise a dish each or shared.
          when p.kind = 'drink' then least(6, greatest(1, round(p.guests * (0.3 + 0.7 * p.r_quantity))))
          when m.price >= 150000 then 1
          else least(4, greatest(1, round(p.guests::numeric / p.line_count * (0.4 + p.r_quantity)))) end::int as quantity
      from picks p join menu m on m.kind = p.kind
        and m.k = 1 + floor(power(p.r_dish, 1.7) * case when p.kind = 'drink' then ${drinkIds.length}::int else ${foodIds.length}::int end)::int
    ),
    sums as ${billsByRateSql(sql`
      select order_id, vat_rate, sum(price * quantity) as amount, 0 as discount, ${pricesIncludeTax}::boolean as prices_include_tax
      from l group by order_id, vat_rate`)},
    written as (
      insert into ${orders} (id, branch_id, order_no, status, source, customer_name, customer_phone, customer_id, guests, table_id, subtotal,
        discount, service_vat_rate, prices_include_tax, tax, taxes, total, payment_method, payment_status, is_preorder, note, created_by_id, tracking_token,
        created_at, updated_at, completed_at)
      select s.id, ${branchId},
        -- The branch's order numbers follow the time the orders were placed.
        (select next_order_no from ${branches} where id = ${branchId}) - 1 + row_number() over (order by s.created_at, s.id),
        s.status, s.source,
        case
          when member.id is not null then member.name
          when s.source = 'table' then 'Table ' || (${pgArray(tables.map((t) => t.tableNo))}::int[])[s.table_index]
          when s.r_name < 0.45 then 'Khách lẻ'
          when s.r_name < 0.75 then (${pgArray(honorifics)}::text[])[1 + floor(s.r_family * ${honorifics.length})::int]
            || ' ' || (${pgArray(givenNames)}::text[])[1 + floor(s.r_given * ${givenNames.length})::int]
          else (${pgArray(familyNames)}::text[])[1 + floor(s.r_family * ${familyNames.length})::int]
            || ' ' || (${pgArray(middleNames)}::text[])[1 + floor(s.r_middle * ${middleNames.length})::int]
            || ' ' || (${pgArray(givenNames)}::text[])[1 + floor(s.r_given * ${givenNames.length})::int] end,
        case
          when member.id is not null then member.phone
          when ${GAVE_PHONE} then (array['09', '03', '07', '08'])[1 + floor(s.r_phone / 0.6 * 4)::int]
            || lpad(mod((s.r_phone * 1e12)::bigint, 100000000)::text, 8, '0')
          else '' end,
        member.id,
        s.guests,
        (${pgArray(tables.map((t) => t.id))}::uuid[])[s.table_index],
        sums.subtotal, 0, ${String(serviceVatRate)}, ${pricesIncludeTax}, sums.tax, sums.taxes, sums.total,
        case when s.status = 'completed' then case
          when s.r_pay < 0.5 then 'cash' when s.r_pay < 0.78 then 'transfer' when s.r_pay < 0.92 then 'card'
          else 'ewallet' end end,
        case when s.status = 'completed' then 'paid' else 'unpaid' end,
        s.source = 'pos' and s.r_preorder < 0.015,
        case when s.r_note < 0.1 then (${pgArray(orderNotes)}::text[])[1 + floor(s.r_note * 10 * ${orderNotes.length})::int]
          else '' end,
        case when s.source = 'pos' then (${pgArray(staffIds)}::uuid[])[1 + floor(s.r_staff * ${staffIds.length})::int] end,
        -- A diner's phone follows its order with a secret token: random, not seeded.
        case when s.source = 'table'
          then rtrim(translate(encode(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())), 'base64'), '+/', '-_'), '=')
          end,
        s.created_at, s.settled_at, case when s.status = 'completed' then s.settled_at end
      from sized s join sums on sums.order_id = s.id
      left join ${customers} member on ${members ? sql`${GAVE_PHONE} and member.id = ${memberFor(context.seed, members, sql`s.id`)}` : sql`false`}
      order by s.created_at
    )
    insert into ${orderLines} (order_id, position, item_id, category_id, name, price, quantity, note, total, vat_rate)
    select order_id, position, item_id, category_id, name, price, quantity, '', price * quantity, vat_rate
    from l order by order_id, position`);
    // Each order was sent to the kitchen as one round (a completed order's round was served).
    await tx.execute(sql`
      insert into ${orderRounds} (order_id, no, status, source, sent_at, sent_by_id)
      select o.id, 1, case o.status when 'completed' then 'served' else o.status end, o.source, o.created_at,
        o.created_by_id
      from ${orders} o
      where o.branch_id = ${branchId} and not exists (select 1 from ${orderRounds} r where r.order_id = o.id)`);
    await tx.execute(sql`
      update ${branches} set next_order_no = coalesce((select max(order_no) + 1 from ${orders} where branch_id = ${branchId}), 1001)
      where id = ${branchId}`);
  });
}

/**
 * Every line went to its station, and the lines of rounds made since were marked done there a few
 * minutes after the round was sent (drinks quicker than food), so the preparation times have a history.
 * Lines of a category without a station went to `defaultStationId`.
 */
export async function sendLinesToStations(db: Database, asOf: Date, defaultStationId: string): Promise<void> {
  await db.execute(sql`
    update ${orderLines} ol set
      station_id = coalesce(c.station_id, ${defaultStationId}::uuid),
      ready_at = case when r.status in ('ready', 'served') then least(${asOf.toISOString()}::timestamptz,
        r.sent_at + make_interval(secs => (case when c.station_id is null then 420 else 90 end)
        + (('x' || substr(md5(ol.order_id::text || ol.position::text), 1, 6))::bit(24)::int % 540))) end
    from ${orderRounds} r, ${categories} c
    where r.order_id = ol.order_id and r.no = ol.round_no and c.id = ol.category_id`);
}

/** A payment taken already on an order still open: a guest of the table leaving early. */
export interface PartPayment {
  orderId: string;
  takenById: string | null;
  takenAt: Date;
}

/**
 * Once the coupons have set the final totals: a completed order was paid in one payment, in its method,
 * by whoever placed it, when it was settled.
 */
export async function recordPayments(db: Database, partPaid: PartPayment[], cashRounding: number): Promise<void> {
  // Cash paying the whole bill is rounded half up to the restaurant's step (`roundCash`); the rest pay it exactly.
  const rounding =
    cashRounding > 0
      ? sql`case when o.payment_method = 'cash'
          then ((2 * o.total + ${cashRounding}::int) / (2 * ${cashRounding}::int)) * ${cashRounding}::int - o.total
          else 0 end`
      : sql`0`;
  await db.execute(sql`
    insert into ${orderPayments} (id, order_id, method, amount, rounding, taken_by_id, taken_at)
    select ${uuidV7(sql`o.completed_at`, sql`md5(o.id::text || 'payment')`)}, o.id, o.payment_method, o.total,
      ${rounding}, o.created_by_id, o.completed_at
    from ${orders} o
    where o.status = 'completed' and o.total > 0
      and not exists (select 1 from ${orderPayments} p where p.order_id = o.id)`);
  // One table of each branch's service paid part of its bill already (a guest leaving early): about half, in thousands.
  for (const part of partPaid) {
    await db.execute(sql`
      insert into ${orderPayments} (id, order_id, method, amount, taken_by_id, taken_at)
      select ${uuidV7(sql`${part.takenAt.toISOString()}::timestamptz`, sql`md5(o.id::text || 'part')`)}, o.id, 'transfer', greatest(1000, least(o.total - 1000, round(o.total / 2000.0)::int * 1000)),
        ${part.takenById}::uuid, ${part.takenAt.toISOString()}::timestamptz
      from ${orders} o where o.id = ${part.orderId}::uuid and o.total > 1000`);
  }
}
