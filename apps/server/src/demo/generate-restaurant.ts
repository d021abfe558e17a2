import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import type { DiscountType } from '@quan/contract/coupon';
import {
  membershipLevels,
  type CustomerStatus,
  type LoyaltySettings,
  type MembershipLevel,
} from '@quan/contract/customer';
import type { IngredientUnit } from '@quan/contract/ingredient';
import { openOrderStatuses } from '@quan/contract/order';
import { defaultReservationSettings, type ReservationSettings } from '@quan/contract/reservations';
import type { RoundStatus } from '@quan/contract/rounds';
import { defaultSettings } from '@quan/contract/settings';
import { foldForSearch } from '@quan/contract/text';
import type { Role } from '@quan/contract/user';
import { eq, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidV7FromBytes } from 'uuid';
import type { Database, Executor } from '../db/client';
import { coupons } from '../db/schema/coupons';
import { customers } from '../db/schema/customers';
import { ingredientHistory } from '../db/schema/ingredient-history';
import { ingredients } from '../db/schema/ingredients';
import {
  categories,
  itemOptionGroups,
  itemRecipeLines,
  items,
  optionGroups,
  options as dishOptions,
  stations,
} from '../db/schema/menu';
import { orderLines, orderRounds, orders } from '../db/schema/orders';
import { orderPayments } from '../db/schema/payments';
import { itemSalesByDay, salesByHour } from '../db/schema/sales';
import { reservations, reservationTables } from '../db/schema/reservations';
import { restaurantSettings } from '../db/schema/settings';
import { diningTables } from '../db/schema/tables';
import { users } from '../db/schema/users';
import { newId } from '../lib/ids';
// The generator writes orders below the services, as a restore from a backup would, so it rebuilds the
// sums the same way the reports do after a change of time zone, rather than completing orders one by one.
import { rebuildSalesSums } from '../modules/reports/service';
import {
  customerNameParts,
  customerNotes,
  districts,
  emailDomains,
  familyNames,
  familyNameShares,
  givenNames,
  honorifics,
  ingredientCatalog,
  menuCatalog,
  middleNames,
  orderNotes,
  phonePrefixes,
  streets,
  type DishSpec,
  type IngredientKey,
} from './restaurant-catalog';

/**
 * Fills a migrated, empty database with a Vietnamese restaurant: its menu with recipes, ingredients in
 * stock, tables, staff accounts, loyalty customers, coupons with the spin wheel's prizes, and months or
 * years of orders with a daily and weekly rhythm, a share of them the customers'. The orders are written by
 * set-based SQL in batches (one INSERT … SELECT per batch of days, random() seeded per batch), so a million
 * orders take minutes, and the same seed and day give the same orders, customers and coupons again.
 */

export const restaurantSizes = {
  /** For tests: a few dishes and tables. */
  tiny: { categories: 3, dishes: 8, tables: 3, staff: 1, managers: 0, unavailable: 0, customers: 40 },
  /** A neighbourhood restaurant, for `npm run demo`. */
  demo: { categories: 8, dishes: 30, tables: 12, staff: 5, managers: 0, unavailable: 1, customers: 300 },
  /** A big restaurant, for the benchmarks. */
  large: { categories: 11, dishes: 200, tables: 40, staff: 16, managers: 2, unavailable: 3, customers: 100_000 },
} as const;
export type RestaurantSize = keyof typeof restaurantSizes;

/** An account someone signs in with: created active, its password hashed like the app does. */
export interface RestaurantAccount {
  name: string;
  email: string;
  phone: string;
  password: string;
  role: Role;
}

export interface GenerateRestaurantOptions {
  size: RestaurantSize;
  /** Days of orders, the last one today (in the restaurant's time zone). */
  days: number;
  /** Orders over those days; today's stop at `asOf`, so slightly fewer are written. */
  orders: number;
  accounts?: RestaurantAccount[];
  /** Loyalty customers; the size's number unless given. */
  customers?: number;
  /**
   * Orders per INSERT … SELECT (50 000). The customers are made after the first batch, and the later
   * batches' orders are attached to them as they are written.
   */
  batchOrders?: number;
  /** The same seed gives the same restaurant and, for the same `asOf` day, the same orders. */
  seed?: number;
  /**
   * "Now": the last order is placed before it, in the middle of a service: about half the tables seated with
   * open orders placed over the last hour (see `stageService`), the day's earlier orders paid.
   */
  asOf?: Date;
  /** Told each step as it starts; throwing from it stops the generator between steps. */
  onProgress?: (message: string) => void;
  /** The staff screens' language, written with the settings the demo changes (online booking); 'vi' unless given. */
  language?: 'vi' | 'en';
}

export interface GeneratedRestaurant {
  categories: number;
  dishes: number;
  ingredients: number;
  tables: number;
  accounts: number;
  orders: number;
  openOrders: number;
  orderLines: number;
  customers: number;
  /** Customers per membership level. */
  levels: Record<MembershipLevel, number>;
  /** Orders attached to a customer. */
  memberOrders: number;
  /** Coupons, the spin wheel's prizes among them. */
  coupons: number;
  spinPrizes: number;
  /** Orders that used a coupon. */
  couponOrders: number;
  firstDay: string;
  lastDay: string;
  /** Milliseconds per step. */
  timings: {
    menu: number;
    orders: number;
    customers: number;
    stock: number;
    rollups: number;
    vacuum: number;
    total: number;
  };
}

/** The restaurant opens at 7:00 and takes its last orders before 22:00 (local time). */
const OPENING_HOUR = 7;
/** Relative orders per hour from 7:00 to 21:00: lunch 11–13 and dinner 18–20, quiet mid-afternoon. */
const WEEKDAY_HOURS = [3, 4, 3, 3, 11, 14, 8, 3, 2, 3, 6, 12, 14, 9, 4];
/** Weekends: busier mornings, afternoons and evenings. */
const WEEKEND_HOURS = [4, 5, 5, 5, 11, 13, 9, 5, 4, 5, 7, 13, 15, 11, 5];
/** Monday … Sunday: weekdays quieter, Friday to Sunday busier. */
const WEEKDAY_FACTORS = [0.85, 0.85, 0.9, 0.95, 1.1, 1.35, 1.3];
/** Orders per INSERT … SELECT: large enough to be set-based, small enough to stay in memory. */
const BATCH_ORDERS = 50_000;
/** argon2id at the cost the users service hashes with (apps/server/src/modules/users/service.ts). */
const PASSWORD_HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const OPEN_STATUSES = sql`(${sql.join(
  openOrderStatuses.map((status) => sql`${status}`),
  sql`, `,
)})`;

/** A small seeded generator (mulberry32): the same seed, the same restaurant. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

/** Rows of a raw query; both drivers (node-postgres and PGlite) answer with `{ rows }`. */
async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A PostgreSQL array literal ('{a,b}'), bound as one text parameter and cast in the query. */
const pgArray = (values: readonly (string | number | null)[]) => `{${values.map((v) => JSON.stringify(v)).join(',')}}`;

/** Lower bounds of each hour's share of the day's orders, for width_bucket(). */
function hourBounds(weights: readonly number[]): string {
  const total = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  const bounds = weights.map((weight) => {
    const bound = cumulative / total;
    cumulative += weight;
    return Number(bound.toFixed(6));
  });
  return pgArray(bounds);
}

/** 'YYYY-MM-DD' of an instant in a time zone. */
function localDate(instant: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(instant);
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
const weekdayOf = (day: string) => (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;

/**
 * Orders per day: the weekly rhythm, slow growth over the period (a restaurant finding its guests) and
 * day-to-day noise, scaled to `total` over the whole days.
 */
function dailyOrderCounts(random: () => number, lastDay: string, days: number, total: number) {
  const weights = Array.from({ length: days }, (_, i) => {
    const day = addDays(lastDay, i - days + 1);
    const growth = 0.85 + (0.3 * i) / Math.max(1, days - 1);
    return { day, weight: WEEKDAY_FACTORS[weekdayOf(day)]! * growth * (0.85 + 0.3 * random()) };
  });
  const sum = weights.reduce((a, w) => a + w.weight, 0);
  return weights.map(({ day, weight }) => ({ day, count: Math.max(1, Math.round((total * weight) / sum)) }));
}

/** Dishes per category, in proportion to how many each category has, the classics first. */
function chooseMenu(size: (typeof restaurantSizes)[RestaurantSize]) {
  const chosen = menuCatalog.slice(0, size.categories);
  const available = chosen.reduce((sum, category) => sum + category.dishes.length, 0);
  const wanted = Math.min(size.dishes, available);
  const shares = chosen.map((category) => (category.dishes.length * wanted) / available);
  const counts = shares.map((share) => Math.max(1, Math.floor(share)));
  // Largest remainders first, until the total is right.
  const byRemainder = shares.map((share, index) => ({ index, remainder: share - Math.floor(share) }));
  byRemainder.sort((a, b) => b.remainder - a.remainder);
  for (let k = 0; counts.reduce((a, b) => a + b, 0) < wanted; k++) {
    const { index } = byRemainder[k % byRemainder.length]!;
    if (counts[index]! < chosen[index]!.dishes.length) counts[index]! += 1;
  }
  return chosen.map((category, index) => ({ ...category, dishes: category.dishes.slice(0, counts[index]) }));
}

/**
 * Food and drinks each in order of popularity: the classics of every category take turns at the top
 * (the first dish of each category, then the second of each, …).
 */
function popularityOrder(menu: ReturnType<typeof chooseMenu>, dishRows: { id: string }[]) {
  const byCategory: { isDrinks: boolean; ids: string[] }[] = [];
  let next = 0;
  for (const category of menu) {
    byCategory.push({
      isDrinks: !!category.isDrinks,
      ids: dishRows.slice(next, next + category.dishes.length).map((d) => d.id),
    });
    next += category.dishes.length;
  }
  const interleave = (groups: string[][]) => {
    const longest = Math.max(0, ...groups.map((g) => g.length));
    return Array.from({ length: longest }, (_, rank) =>
      groups.flatMap((g) => (rank < g.length ? [g[rank]!] : [])),
    ).flat();
  };
  return {
    foodIds: interleave(byCategory.filter((c) => !c.isDrinks).map((c) => c.ids)),
    drinkIds: interleave(byCategory.filter((c) => c.isDrinks).map((c) => c.ids)),
  };
}

/** Sums repeated ingredients of a recipe (shared parts can name one twice). */
function mergeRecipe(recipe: DishSpec['recipe']): Map<IngredientKey, number> {
  const merged = new Map<IngredientKey, number>();
  for (const [key, quantity] of recipe) merged.set(key, Math.round(((merged.get(key) ?? 0) + quantity) * 1000) / 1000);
  return merged;
}

/** A stock figure as a kitchen would write it down for this unit. */
function roundStock(quantity: number, unit: IngredientUnit): number {
  if (unit === 'pcs') return Math.ceil(quantity);
  if (unit === 'g' || unit === 'ml') return quantity >= 100 ? Math.ceil(quantity / 10) * 10 : Math.ceil(quantity);
  return quantity >= 5 ? Math.ceil(quantity * 10) / 10 : Math.ceil(quantity * 100) / 100;
}

/** Lower-case ASCII for email addresses: "Nguyễn Đức" → "nguyen.duc". */
const asciiSlug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');

/**
 * A UUID v7 made in SQL from an instant and 32 hex digits (md5 of the seed and the order's slot): ordered
 * by time like the app's ids (`newId`), and the same for the same seed.
 */
const uuidV7 = (instant: SQL, hex: SQL) => sql`(
  lpad(to_hex(floor(extract(epoch from ${instant}) * 1000)::bigint), 12, '0') || '7' || substr(${hex}, 1, 3)
  || substr('89ab', 1 + ascii(substr(${hex}, 4, 1)) % 4, 1) || substr(${hex}, 5, 15)
)::uuid`;

interface OrderContext {
  seed: number;
  asOf: Date;
  timezone: string;
  taxRate: number;
  /** Dishes by popularity, the favourite first. */
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
interface Members {
  ids: string;
  bounds: string;
}

/** Orders a member is attached to: taken at the counter for a guest who gave their phone (about one in four). */
const GAVE_PHONE = sql`s.source = 'pos' and s.r_name >= 0.45 and s.r_phone < 0.6`;
/** The same orders once written. */
const MEMBER_ORDERS = sql`o.source = 'pos' and o.customer_phone <> ''`;

/** A seeded draw in [0, 1) per order: md5 of the seed, a salt and the order's (seeded) id. */
const orderDraw = (seed: number, salt: string, id: SQL) =>
  sql`(('x' || substr(md5(${`${seed}:${salt}:`} || ${id}::text), 1, 8))::bit(32)::bigint / 4294967296.0)::float8`;

/** The member an order's draw picks: the customers' shares of the visits are consecutive ranges of [0, 1). */
const memberFor = (seed: number, members: Members, id: SQL) =>
  sql`(${members.ids}::uuid[])[width_bucket(${orderDraw(seed, 'member', id)}, ${members.bounds}::float8[])]`;

/**
 * One INSERT … SELECT of the orders of `days` and their lines, in one transaction with random() seeded for
 * this batch. An order's lines are 1–5 dishes picked with a popularity skew; its bill is computed like
 * `computeBill` (packages/contract/src/bill.ts) (tax on the subtotal, no discount, rounded half up); the orders of the last hour before
 * `asOf` are still open, the others completed (paid by cash, transfer, card or e-wallet) or cancelled.
 * Once there are members, an order for a guest who gave their phone is a member's, with their name and phone.
 */
async function insertOrderBatch(
  db: Database,
  context: OrderContext,
  batch: number,
  days: { day: string; count: number }[],
) {
  const { asOf, timezone, taxRate, foodIds, drinkIds, staffIds, tables, members } = context;
  // The batch with the last day also places the orders of the tables seated now (see `stageService`).
  const today = days.find((d) => d.day === context.lastDay);
  const service = today && { day: today.day, after: today.count, orders: context.seatedTables };
  const zone = sql`${timezone}::text`;
  const now = sql`${asOf.toISOString()}::timestamptz`;
  const seedText = `${context.seed}`;
  // setseed() takes [-1, 1]; one value per batch, so any batch can be regenerated alone.
  const batchSeed = (((context.seed * 7_919 + batch * 104_729) % 1_999_993) / 1_999_993) * 2 - 1;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(${batchSeed})`);
    await tx.execute(sql`
    with menu as (
      -- k: the dish's place in the popularity order of its kind (food, drinks).
      select m.kind, m.k, i.id, i.name, i.price, i.category_id
      from (
        select 'food' as kind, f.k, f.id from unnest(${pgArray(foodIds)}::uuid[]) with ordinality as f(id, k)
        union all
        select 'drink', d.k, d.id from unnest(${pgArray(drinkIds)}::uuid[]) with ordinality as d(id, k)
      ) m join ${items} i on i.id = m.id
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
      select p.order_id, p.position, m.id as item_id, m.category_id, m.name, m.price,
        case
          -- A drink for most guests; one hot pot or big platter for the table; otherwise a dish each or shared.
          when p.kind = 'drink' then least(6, greatest(1, round(p.guests * (0.3 + 0.7 * p.r_quantity))))
          when m.price >= 150000 then 1
          else least(4, greatest(1, round(p.guests::numeric / p.line_count * (0.4 + p.r_quantity)))) end::int as quantity
      from picks p join menu m on m.kind = p.kind
        and m.k = 1 + floor(power(p.r_dish, 1.7) * case when p.kind = 'drink' then ${drinkIds.length}::int else ${foodIds.length}::int end)::int
    ),
    sums as (select order_id, sum(price * quantity)::int as subtotal from l group by order_id),
    written as (
      insert into ${orders} (id, status, source, customer_name, customer_phone, customer_id, guests, table_id, subtotal,
        discount, tax_rate, tax, total, payment_method, payment_status, is_preorder, note, created_by_id, tracking_token,
        created_at, updated_at, completed_at)
      select s.id, s.status, s.source,
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
        sums.subtotal, 0, ${taxRate}, round(sums.subtotal * ${taxRate}::numeric / 100)::int,
        sums.subtotal + round(sums.subtotal * ${taxRate}::numeric / 100)::int,
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
      -- Order numbers (an identity) follow the time the orders were placed.
      order by s.created_at
    )
    insert into ${orderLines} (order_id, position, item_id, category_id, name, price, quantity, note, total)
    select order_id, position, item_id, category_id, name, price, quantity, '', price * quantity
    from l order by order_id, position`);
    // Each order was sent to the kitchen as one round (a completed order's round was served).
    await tx.execute(sql`
      insert into ${orderRounds} (order_id, no, status, source, sent_at, sent_by_id)
      select o.id, 1, case o.status when 'completed' then 'served' else o.status end, o.source, o.created_at,
        o.created_by_id
      from ${orders} o
      where not exists (select 1 from ${orderRounds} r where r.order_id = o.id)`);
  });
}

/** What a seated table is doing now, the newest order first: see `servicePlan`. */
type TableScene = 'diner' | 'kitchen' | 'ready' | 'tab' | 'paying' | 'served';

/**
 * The scenes of the seated tables, the newest order first: two diners' QR orders waiting for staff to
 * accept them, a table in the kitchen, one whose dishes are ready, a tab that ordered more (its first round
 * served, the second in the kitchen), and the oldest served, two rounds, part of its bill paid. A bigger
 * restaurant repeats the middle of the list.
 */
function servicePlan(seated: number): TableScene[] {
  const scenes: TableScene[] = ['diner', 'diner', 'kitchen', 'ready', 'tab', 'paying'];
  const more: TableScene[] = ['kitchen', 'ready', 'served', 'tab'];
  return Array.from({ length: seated }, (_, i) => scenes[i] ?? more[(i - scenes.length) % more.length]!);
}

/** The service going on now: its orders, and the one whose bill is part paid. */
interface Service {
  openOrders: number;
  partPaid: { orderId: string; takenById: string | null; takenAt: Date } | null;
}

const MINUTE_MS = 60_000;

/**
 * Stages the middle of a service at `asOf`, as the app would have left it. Open orders of the last hour
 * spread over it (the last batch placed one per table to seat at those times) take a table each, and follow `servicePlan`: the
 * order's rounds, status, source, version (one per change the app would have made) and table; a tab's
 * second round is one or two more dishes. Open orders left over were paid and closed by now. The tables
 * seated are booked with their order, the others free. (Stock is not taken per order: the generator sets
 * each ingredient's stock as a kitchen would have it now, see `stockIngredients`.)
 */
async function stageService(db: Database, context: OrderContext, random: () => number): Promise<Service> {
  const { asOf, seed, staffIds } = context;
  const now = sql`${asOf.toISOString()}::timestamptz`;
  const open = await rows<{
    id: string;
    created_at: string | Date;
    source: 'pos' | 'table';
    guests: number;
    created_by_id: string | null;
    customer_name: string;
    positions: number;
  }>(
    db,
    sql`select o.id, o.created_at, o.source, o.guests, o.created_by_id, o.customer_name,
      (select max(position) from ${orderLines} l where l.order_id = o.id)::int as positions
    from ${orders} o where o.status in ${OPEN_STATUSES} order by o.created_at desc, o.id`,
  );
  const scenes = servicePlan(Math.min(context.seatedTables, context.tables.length, open.length));
  // The tables sat down one after another over the last hour (the newest a minute or two ago): each scene
  // takes the open order placed closest to its time, so the rush's newest orders do not take every table.
  const left = [...open];
  const seated = scenes.map((_, i) => {
    const minutesAgo = 1 + 52 * (i / Math.max(1, scenes.length - 1)) ** 1.5;
    const wanted = asOf.getTime() - minutesAgo * MINUTE_MS;
    let best = 0;
    left.forEach((order, k) => {
      const distance = (o: typeof order) => Math.abs(new Date(o.created_at).getTime() - wanted);
      if (distance(order) < distance(left[best]!)) best = k;
    });
    return left.splice(best, 1)[0]!;
  });
  const leftOver = left.map((order) => order.id);
  // The tables seated now, in a seeded order that is not their numbers'.
  const tables = [...context.tables]
    .map((table) => ({ table, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ table }) => table);
  const dishes = await rows<{ id: string; name: string; price: number; category_id: string }>(
    db,
    sql`select id, name, price, category_id from ${items} where is_available`,
  );
  const dish = (ids: string[]) => {
    const available = ids.flatMap((id) => dishes.filter((d) => d.id === id));
    // The favourites more often than the others.
    return available.length > 0 ? available[Math.floor(random() ** 1.7 * available.length)]! : undefined;
  };
  let partPaid: Service['partPaid'] = null;

  await db.transaction(async (tx) => {
    // Orders left open without a table were paid and closed (in a seeded method), like the others.
    if (leftOver.length > 0) {
      const draw = orderDraw(seed, 'pay', sql`o.id`);
      await tx.execute(sql`
        update ${orders} o set status = 'completed', payment_status = 'paid', completed_at = o.updated_at,
          payment_method = case when ${draw} < 0.5 then 'cash' when ${draw} < 0.78 then 'transfer'
            when ${draw} < 0.92 then 'card' else 'ewallet' end
        where o.id = any(${pgArray(leftOver)}::uuid[])`);
      await tx.execute(
        sql`update ${orderRounds} set status = 'served' where order_id = any(${pgArray(leftOver)}::uuid[])`,
      );
    }
    await tx.execute(sql`update ${diningTables} set status = 'available', current_order_id = null`);

    for (const [i, order] of seated.entries()) {
      const scene = scenes[i]!;
      const table = tables[i]!;
      const placed = new Date(order.created_at);
      const age = asOf.getTime() - placed.getTime();
      const staff = order.created_by_id ?? pick(random, staffIds);
      const diner = scene === 'diner';
      const twoRounds = scene === 'tab' || scene === 'paying';
      // The second round went in halfway through a served tab's meal, a few minutes ago for one in the kitchen.
      const secondAt = new Date(
        scene === 'tab'
          ? Math.max(placed.getTime() + MINUTE_MS, asOf.getTime() - (2 + 5 * random()) * MINUTE_MS)
          : placed.getTime() + age * (0.4 + 0.15 * random()),
      );
      const rounds: { no: number; status: RoundStatus; source: 'pos' | 'table'; sentAt: Date }[] = [
        {
          no: 1,
          status: diner ? 'pending' : scene === 'kitchen' ? 'in_progress' : scene === 'ready' ? 'ready' : 'served',
          source: diner ? 'table' : 'pos',
          sentAt: placed,
        },
      ];
      if (twoRounds) {
        rounds.push({ no: 2, status: scene === 'tab' ? 'in_progress' : 'served', source: 'pos', sentAt: secondAt });
      }
      // One change per step the app records: placed (1), ready, served, a round added, its ready and served,
      // and a payment taken.
      const version =
        1 + { diner: 0, kitchen: 0, ready: 1, served: 2, tab: 3, paying: 5 }[scene] + (scene === 'paying' ? 1 : 0);
      const paidAt = new Date(asOf.getTime() - (1 + 3 * random()) * MINUTE_MS);
      const updatedAt =
        scene === 'paying'
          ? paidAt
          : twoRounds
            ? secondAt
            : new Date(Math.min(asOf.getTime(), placed.getTime() + age * (scene === 'diner' ? 0 : 0.6)));

      if (twoRounds) {
        // Gọi thêm món: a drink for most guests and a dish, or just a dish.
        const more = [dish(context.drinkIds), dish(context.foodIds)].filter((d) => d !== undefined);
        for (const [k, extra] of more.entries()) {
          const quantity = k === 0 && more.length > 1 ? Math.max(1, Math.min(4, order.guests - 1)) : 1;
          await tx.insert(orderLines).values({
            orderId: order.id,
            position: order.positions + 1 + k,
            itemId: extra.id,
            categoryId: extra.category_id,
            name: extra.name,
            price: extra.price,
            quantity,
            total: extra.price * quantity,
            roundNo: 2,
          });
        }
      }
      await tx.execute(sql`delete from ${orderRounds} where order_id = ${order.id}::uuid`);
      await tx.insert(orderRounds).values(
        rounds.map((round) => ({
          orderId: order.id,
          no: round.no,
          status: round.status,
          source: round.source,
          sentAt: round.sentAt,
          sentById: round.source === 'table' ? null : staff,
        })),
      );
      // The bill of its lines (the coupons, given later, take their part off it again).
      await tx.execute(sql`
        update ${orders} o set
          status = ${scene === 'diner' ? 'pending' : scene === 'kitchen' || scene === 'tab' ? 'in_progress' : scene === 'ready' ? 'ready' : 'served'},
          source = ${diner ? 'table' : 'pos'},
          table_id = ${table.id}::uuid,
          customer_name = ${diner ? `Table ${table.tableNo}` : order.source === 'table' ? 'Khách lẻ' : order.customer_name},
          customer_phone = case when ${diner}::boolean then '' else o.customer_phone end,
          customer_id = case when ${diner}::boolean then null else o.customer_id end,
          created_by_id = ${diner ? null : staff}::uuid,
          tracking_token = case when ${diner}::boolean then coalesce(o.tracking_token,
            rtrim(translate(encode(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())), 'base64'), '+/', '-_'), '='))
            end,
          payment_method = null, payment_status = 'unpaid', completed_at = null,
          subtotal = s.subtotal, discount = 0, tax = round(s.subtotal * o.tax_rate / 100)::int,
          total = s.subtotal + round(s.subtotal * o.tax_rate / 100)::int,
          version = ${version}, updated_at = ${updatedAt.toISOString()}::timestamptz
        from (select sum(total)::int as subtotal from ${orderLines} where order_id = ${order.id}::uuid) s
        where o.id = ${order.id}::uuid`);
      await tx.execute(sql`
        update ${diningTables} set status = 'booked', current_order_id = ${order.id}::uuid, updated_at = ${placed.toISOString()}::timestamptz
        where id = ${table.id}::uuid`);
      if (scene === 'paying') partPaid = { orderId: order.id, takenById: staff, takenAt: paidAt };
    }
  });
  const [written] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${orders} where status in ${OPEN_STATUSES} and ${now} >= created_at`,
  );
  return { openOrders: written?.n ?? 0, partPaid };
}

/** A customer as the generator writes it (the counters and the level come from their orders later). */
interface CustomerDraft {
  id: string;
  name: string;
  phone: string;
  email: string;
  dateOfBirth: string | null;
  address: string;
  notes: string;
  status: CustomerStatus;
  createdAt: Date;
  searchText: string;
}

const HOUR_MS = 3_600_000;
/** Customers inserted per statement (one INSERT … SELECT from unnest of arrays). */
const CUSTOMER_BATCH = 10_000;

/** A UUID v7 at `instant` from the seeded generator: time-ordered like `newId`, the same for the same seed. */
function seededId(random: () => number, instant: Date): string {
  return uuidV7FromBytes({
    msecs: instant.getTime(),
    random: Uint8Array.from({ length: 16 }, () => Math.floor(random() * 256)),
  });
}

/**
 * Loyalty customers with Vietnamese names (family names as common as they are in the country, middle and
 * given names by gender), unique mobile numbers, an email for about a third, a birthday for most and a
 * few notes; one in sixteen inactive. Each joined on a day between the opening and `asOf`, during opening
 * hours.
 */
function draftCustomers(random: () => number, count: number, openedAt: Date, asOf: Date): CustomerDraft[] {
  const familyTotal = familyNameShares.reduce((sum, [, share]) => sum + share, 0);
  const family = () => {
    let draw = random() * familyTotal;
    for (const [name, share] of familyNameShares) {
      if (draw < share) return name;
      draw -= share;
    }
    return familyNameShares[0]![0];
  };
  const phones = new Set<string>();
  const openDays = Math.max(1, Math.ceil((asOf.getTime() - openedAt.getTime()) / (24 * HOUR_MS)));
  const asOfYear = asOf.getUTCFullYear();
  return Array.from({ length: count }, () => {
    const parts = random() < 0.5 ? customerNameParts.male : customerNameParts.female;
    const familyName = family();
    const given = pick(random, parts.given);
    const name = `${familyName} ${pick(random, parts.middle)} ${given}`;
    let phone: string;
    do phone = `${pick(random, phonePrefixes)}${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
    while (phones.has(phone));
    phones.add(phone);
    const birthYear = random() < 0.75 ? asOfYear - 18 - Math.floor(50 * random() ** 1.5) : null;
    const dateOfBirth =
      birthYear === null
        ? null
        : `${birthYear}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
    const email =
      random() < 0.35
        ? `${asciiSlug(given)}.${asciiSlug(familyName)}${String((birthYear ?? 1970 + Math.floor(random() * 40)) % 100).padStart(2, '0')}@${pick(random, emailDomains)}`
        : '';
    const address =
      random() < 0.3
        ? `${1 + Math.floor(random() * 250)} ${pick(random, streets)}, ${pick(random, districts)}, TP. Hồ Chí Minh`
        : '';
    const notes = random() < 0.06 ? pick(random, customerNotes) : '';
    const status: CustomerStatus = random() < 1 / 16 ? 'inactive' : 'active';
    // `openedAt` is midnight of the opening day; the restaurant is open from 7:00 to 22:00.
    const joined =
      openedAt.getTime() + Math.floor(random() * openDays) * 24 * HOUR_MS + (OPENING_HOUR + 15 * random()) * HOUR_MS;
    const createdAt = new Date(Math.min(Math.round(joined), asOf.getTime() - Math.round(random() * HOUR_MS)));
    return {
      id: seededId(random, createdAt),
      name,
      phone,
      email,
      dateOfBirth,
      address,
      notes,
      status,
      createdAt,
      // Exactly what the customers service writes.
      searchText: foldForSearch(`${name} ${phone} ${email}`),
    };
  });
}

/**
 * How often each customer comes back, as a weight: a few big spenders aim at platinum (1.25× its
 * threshold over the last 365 days), more at gold and silver (the geometric middle of their ranges), and
 * the rest share what is left, below silver. The counts of each come from the members' spend over the last
 * 365 days (`yearSpend`): about 20 % of it goes to platinum, 25 % to gold and 25 % to silver, at least one
 * customer each. Inactive customers come a third as often.
 */
function memberWeights(
  random: () => number,
  drafts: CustomerDraft[],
  yearSpend: number,
  thresholds: LoyaltySettings['thresholds'],
): number[] {
  const aims = [
    { spend: 1.25 * thresholds.platinum, share: 0.2 },
    { spend: Math.sqrt(thresholds.gold * thresholds.platinum), share: 0.25 },
    { spend: Math.sqrt(thresholds.silver * thresholds.gold), share: 0.25 },
  ];
  // The active customers in a seeded order: the first ones are the big spenders.
  const active = drafts.flatMap((draft, index) => (draft.status === 'active' ? [index] : []));
  for (let i = active.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [active[i], active[j]] = [active[j]!, active[i]!];
  }
  const weights = new Array<number>(drafts.length).fill(0);
  let next = 0;
  let aimed = 0;
  for (const aim of aims) {
    const count = Math.max(1, Math.round((aim.share * yearSpend) / aim.spend));
    for (let k = 0; k < count && next < active.length - 1; k++, next++) {
      weights[active[next]!] = aim.spend * (0.85 + 0.35 * random());
      aimed += aim.spend;
    }
  }
  const rest = drafts.length - next;
  const bronze = Math.min(
    0.5 * thresholds.silver,
    Math.max(0.02 * thresholds.silver, (yearSpend - aimed) / Math.max(1, rest)),
  );
  drafts.forEach((draft, index) => {
    if (weights[index] === 0)
      weights[index] = bronze * (0.05 + 1.9 * random()) * (draft.status === 'active' ? 1 : 1 / 3);
  });
  return weights;
}

async function insertCustomers(db: Database, drafts: CustomerDraft[]): Promise<void> {
  for (let start = 0; start < drafts.length; start += CUSTOMER_BATCH) {
    const batch = drafts.slice(start, start + CUSTOMER_BATCH);
    const column = (key: Exclude<keyof CustomerDraft, 'createdAt'>) => pgArray(batch.map((draft) => draft[key]));
    await db.execute(sql`
      insert into ${customers} (id, name, phone, email, date_of_birth, address, notes, status, search_text, created_at, updated_at)
      select id, name, phone, email, date_of_birth, address, notes, status, search_text, created_at, created_at
      from unnest(${column('id')}::uuid[], ${column('name')}::text[], ${column('phone')}::text[], ${column('email')}::text[],
        ${column('dateOfBirth')}::date[], ${column('address')}::text[], ${column('notes')}::text[], ${column('status')}::text[],
        ${column('searchText')}::text[], ${pgArray(batch.map((draft) => draft.createdAt.toISOString()))}::timestamptz[])
        as c(id, name, phone, email, date_of_birth, address, notes, status, search_text, created_at)`);
  }
}

interface CouponSpec {
  code: string;
  description: string;
  discountType: DiscountType;
  discountValue: number;
  minOrderValue?: number;
  maxDiscount?: number;
  startDate?: string;
  endDate?: string;
  usageLimit?: number;
  spinWeight?: number;
  /** The share of the counter's orders in its dates (and over its minimum) that used it. */
  share?: number;
}

/**
 * The restaurant's coupons: one for everyone, a Tết offer with a minimum order, the opening offer (over
 * now), a welcome offer whose uses have run out, the Mid-Autumn offer (not started yet), and the prizes of
 * the spin wheel.
 */
function couponSpecs(firstDay: string, lastDay: string, days: number): { spec: CouponSpec; usedUp?: true }[] {
  return [
    {
      spec: {
        code: 'GIAM10',
        description: 'Giảm 10% mọi hóa đơn, tối đa 50.000 ₫',
        discountType: 'percent',
        discountValue: 10,
        maxDiscount: 50_000,
        share: 0.03,
      },
    },
    {
      spec: {
        code: 'TET50K',
        description: 'Tết: giảm 50.000 ₫ cho hóa đơn từ 300.000 ₫',
        discountType: 'fixed',
        discountValue: 50_000,
        minOrderValue: 300_000,
        startDate: addDays(lastDay, -20),
        endDate: addDays(lastDay, 20),
        share: 0.08,
      },
    },
    {
      spec: {
        code: 'KHAITRUONG',
        description: 'Khai trương: giảm 20%, tối đa 100.000 ₫',
        discountType: 'percent',
        discountValue: 20,
        maxDiscount: 100_000,
        startDate: firstDay,
        endDate: addDays(firstDay, Math.max(0, Math.min(13, days - 2))),
        share: 0.12,
      },
    },
    {
      spec: {
        code: 'KHACHMOI30K',
        description: 'Khách mới: giảm 30.000 ₫ cho hóa đơn từ 200.000 ₫',
        discountType: 'fixed',
        discountValue: 30_000,
        minOrderValue: 200_000,
        startDate: firstDay,
        usageLimit: 50,
        share: 0.08,
      },
      usedUp: true,
    },
    {
      spec: {
        code: 'TRUNGTHU15',
        description: 'Trung thu: giảm 15%, tối đa 80.000 ₫',
        discountType: 'percent',
        discountValue: 15,
        maxDiscount: 80_000,
        startDate: addDays(lastDay, 14),
        endDate: addDays(lastDay, 44),
      },
    },
    // The spin wheel's prizes: the wheel shows their descriptions and issues a single-use copy to the winner.
    {
      spec: {
        code: 'VQ-GIAM10',
        description: 'Giảm 10%',
        discountType: 'percent',
        discountValue: 10,
        maxDiscount: 50_000,
        spinWeight: 4,
      },
    },
    {
      spec: {
        code: 'VQ-TRADA',
        description: 'Tặng trà đá',
        discountType: 'fixed',
        discountValue: 10_000,
        spinWeight: 6,
      },
    },
    {
      spec: {
        code: 'VQ-GIAM20K',
        description: 'Giảm 20.000 ₫',
        discountType: 'fixed',
        discountValue: 20_000,
        minOrderValue: 100_000,
        spinWeight: 3,
      },
    },
    {
      spec: {
        code: 'VQ-GIAM50K',
        description: 'Giảm 50.000 ₫',
        discountType: 'fixed',
        discountValue: 50_000,
        minOrderValue: 200_000,
        spinWeight: 1,
      },
    },
  ];
}

/**
 * Writes the coupons and gives the counter's orders theirs: each order draws once (seeded) and takes the
 * coupon whose share its draw falls in, if the order's local day is within the coupon's dates and its
 * subtotal reaches the minimum; a coupon with a usage limit goes to its first orders only. The discount is
 * `couponDiscount`, the tax and total are recomputed like `computeBill` (packages/contract/src/bill.ts), and each coupon's `used_count` is
 * the number of its orders that were not cancelled (the used-up coupon's limit is that number).
 */
async function addCoupons(
  db: Database,
  input: {
    seed: number;
    random: () => number;
    openedAt: Date;
    timezone: string;
    firstDay: string;
    lastDay: string;
    days: number;
  },
): Promise<{ coupons: number; spinPrizes: number; couponOrders: number }> {
  const list = couponSpecs(input.firstDay, input.lastDay, input.days);
  await db.insert(coupons).values(
    list.map(({ spec }, index) => {
      // Written a minute apart in the list's order, so lists (and the wheel) show them in that order.
      const createdAt = new Date(input.openedAt.getTime() + (OPENING_HOUR * 60 + index) * 60_000);
      return {
        id: seededId(input.random, createdAt),
        code: spec.code,
        description: spec.description,
        discountType: spec.discountType,
        discountValue: spec.discountValue,
        minOrderValue: spec.minOrderValue ?? 0,
        maxDiscount: spec.maxDiscount ?? null,
        startDate: spec.startDate ?? null,
        endDate: spec.endDate ?? null,
        usageLimit: spec.usageLimit ?? null,
        spinWeight: spec.spinWeight ?? 0,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
  let low = 0;
  const offers = list.flatMap(({ spec }) => {
    if (!spec.share) return [];
    const offer = { spec, low, high: low + spec.share };
    low = offer.high;
    return [offer];
  });
  await db.execute(sql`
    with offer as (
      select k.id as coupon_id, k.code, k.discount_type, k.discount_value, k.min_order_value, k.max_discount,
        k.start_date, k.end_date, k.usage_limit, share.low, share.high
      from unnest(${pgArray(offers.map((o) => o.spec.code))}::text[], ${pgArray(offers.map((o) => o.low))}::float8[],
        ${pgArray(offers.map((o) => o.high))}::float8[]) as share(code, low, high)
      join ${coupons} k on k.code = share.code
    ),
    candidates as (
      select o.id, o.subtotal, o.tax_rate, o.created_at, (o.created_at at time zone ${input.timezone}::text)::date as day,
        ${orderDraw(input.seed, 'coupon', sql`o.id`)} as draw
      from ${orders} o where o.source = 'pos' and o.status <> 'cancelled'
    ),
    used as (
      select c.id, k.coupon_id, k.code, c.subtotal, c.tax_rate, k.usage_limit,
        case when k.discount_type = 'percent'
          then least(c.subtotal, coalesce(k.max_discount, c.subtotal), c.subtotal * k.discount_value / 100)
          else least(c.subtotal, k.discount_value) end as discount,
        row_number() over (partition by k.coupon_id order by c.created_at, c.id) as use_no
      from candidates c join offer k on c.draw >= k.low and c.draw < k.high and c.subtotal >= k.min_order_value
        and (k.start_date is null or c.day >= k.start_date) and (k.end_date is null or c.day <= k.end_date)
    )
    update ${orders} o set coupon_code = u.code, coupon_id = u.coupon_id, discount = u.discount,
      tax = round((u.subtotal - u.discount) * u.tax_rate / 100)::int,
      total = u.subtotal - u.discount + round((u.subtotal - u.discount) * u.tax_rate / 100)::int
    from used u where o.id = u.id and (u.usage_limit is null or u.use_no <= u.usage_limit)`);
  const usedUp = list.find((entry) => entry.usedUp)?.spec.code ?? '';
  await db.execute(sql`
    update ${coupons} k set used_count = u.n,
      usage_limit = case when k.code = ${usedUp} then greatest(u.n, 1) else k.usage_limit end
    from (select coupon_id, count(*)::int as n from ${orders}
      where coupon_id is not null and status <> 'cancelled' group by coupon_id) u
    where k.id = u.coupon_id`);
  const [written] = await rows<{ orders: number }>(
    db,
    sql`select count(*)::int as orders from ${orders} where coupon_code is not null`,
  );
  return {
    coupons: list.length,
    spinPrizes: list.filter(({ spec }) => (spec.spinWeight ?? 0) > 0).length,
    couponOrders: written?.orders ?? 0,
  };
}

/**
 * The loyalty customers, made once the first batch of orders is written: their share of the visits
 * (`memberWeights`) is sized to the members' spend over the last 365 days, estimated from that batch (its
 * share of members' completed orders and their average total, times the orders planned for the last 365
 * days). The first batch's orders for guests who gave their phone are attached to members here, by the
 * same seeded draw per order that attaches the later batches' orders as they are written; an order of a
 * member takes their name and phone.
 */
async function addCustomers(
  db: Database,
  input: {
    seed: number;
    random: () => number;
    count: number;
    asOf: Date;
    openedAt: Date;
    lastDay: string;
    counts: { day: string; count: number }[];
    thresholds: LoyaltySettings['thresholds'];
  },
): Promise<Members> {
  const drafts = draftCustomers(input.random, input.count, input.openedAt, input.asOf);
  await insertCustomers(db, drafts);
  const [sample] = await rows<{ orders: number; members: number; average: number }>(
    db,
    sql`select count(*)::int as orders, count(*) filter (where ${MEMBER_ORDERS} and o.status = 'completed')::int as members,
      coalesce(avg(o.total) filter (where ${MEMBER_ORDERS} and o.status = 'completed'), 0)::float8 as average
    from ${orders} o`,
  );
  const yearStart = addDays(input.lastDay, -365);
  const yearOrders = input.counts.filter((d) => d.day > yearStart).reduce((sum, d) => sum + d.count, 0);
  const yearSpend =
    sample!.orders === 0 ? 0 : (yearOrders * sample!.members * Number(sample!.average)) / sample!.orders;
  const weights = memberWeights(input.random, drafts, yearSpend, input.thresholds);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  const bounds = weights.map((weight) => {
    const bound = cumulative / totalWeight;
    cumulative += weight;
    return bound;
  });
  const members: Members = { ids: pgArray(drafts.map((draft) => draft.id)), bounds: pgArray(bounds) };
  await db.execute(sql`
    update ${orders} o set customer_id = c.id, customer_name = c.name, customer_phone = c.phone
    from ${customers} c
    where ${MEMBER_ORDERS} and c.id = ${memberFor(input.seed, members, sql`o.id`)}`);
  return members;
}

/**
 * Sets each customer's counters from their completed orders in one set-based UPDATE: total spent, orders,
 * last visit, and the level their last 365 days' spend reaches (the loyalty settings' thresholds, as
 * `reevaluateLevels` would set it); a customer joined on their first visit if not before. Points are a
 * simplification: floor(total spent × the multiplier of the final level / VND per point), where the app
 * credits each order at the level of its day, so the points here can be a little above what the app gives.
 */
async function creditCustomers(
  db: Database,
  input: { asOf: Date; loyalty: LoyaltySettings },
): Promise<{ levels: Record<MembershipLevel, number>; memberOrders: number }> {
  const now = sql`${input.asOf.toISOString()}::timestamptz`;
  const { thresholds, multipliers, vndPerPoint } = input.loyalty;
  await db.execute(sql`
    with spend as (
      select customer_id, min(created_at) as first_order,
        coalesce(sum(total) filter (where status = 'completed'), 0) as spent,
        count(*) filter (where status = 'completed') as completed,
        max(completed_at) filter (where status = 'completed') as last_visit,
        coalesce(sum(total) filter (where status = 'completed' and completed_at > ${now} - interval '365 days'), 0) as year_spend
      from ${orders} where customer_id is not null group by customer_id
    ),
    levelled as (
      select spend.*, case when year_spend >= ${thresholds.platinum} then 'platinum'
        when year_spend >= ${thresholds.gold} then 'gold' when year_spend >= ${thresholds.silver} then 'silver'
        else 'bronze' end as level
      from spend
    )
    update ${customers} c set
      total_spent = l.spent, total_orders = l.completed, last_visit = l.last_visit, membership_level = l.level,
      loyalty_points = floor(l.spent * case l.level when 'platinum' then ${multipliers.platinum}::numeric
        when 'gold' then ${multipliers.gold}::numeric when 'silver' then ${multipliers.silver}::numeric
        else ${multipliers.bronze}::numeric end / ${vndPerPoint})::int,
      created_at = least(c.created_at, l.first_order),
      updated_at = greatest(least(c.created_at, l.first_order), l.last_visit)
    from levelled l where c.id = l.customer_id`);

  const levelRows = await rows<{ level: MembershipLevel; customers: number }>(
    db,
    sql`select membership_level as level, count(*)::int as customers from ${customers} group by membership_level`,
  );
  const [members] = await rows<{ orders: number }>(
    db,
    sql`select count(*)::int as orders from ${orders} where customer_id is not null`,
  );
  const levels = Object.fromEntries(membershipLevels.map((level) => [level, 0])) as Record<MembershipLevel, number>;
  for (const row of levelRows) levels[row.level] = row.customers;
  return { levels, memberOrders: members?.orders ?? 0 };
}

export async function generateRestaurant(
  db: Database,
  options: GenerateRestaurantOptions,
): Promise<GeneratedRestaurant> {
  const started = performance.now();
  const size = restaurantSizes[options.size];
  const seed = options.seed ?? 1;
  const asOf = options.asOf ?? new Date();
  const random = seededRandom(seed);
  const progress = options.onProgress ?? (() => undefined);

  const [settings] = await db
    .select({
      taxRate: restaurantSettings.taxRate,
      timezone: restaurantSettings.timezone,
      loyalty: restaurantSettings.loyalty,
    })
    .from(restaurantSettings)
    .where(eq(restaurantSettings.id, 1));
  const { taxRate, timezone, loyalty } = settings ?? defaultSettings;
  const lastDay = localDate(asOf, timezone);
  const firstDay = addDays(lastDay, -(options.days - 1));
  const [opening] = await rows<{ at: string }>(
    db,
    sql`select (${firstDay}::date::timestamp at time zone ${timezone}::text) - interval '7 days' as at`,
  );
  const openedAt = new Date(opening!.at);

  progress('accounts, menu, ingredients and tables');
  const accounts = options.accounts ?? [];
  const accountHashes = await Promise.all(accounts.map((a) => hash(a.password, PASSWORD_HASH_OPTIONS)));
  // The other staff appear in the accounts list and on the orders they took; their password is random and
  // kept nowhere, so nobody signs in as them.
  const staffHash = await hash(randomBytes(24).toString('base64url'), PASSWORD_HASH_OPTIONS);
  const staffRows = Array.from({ length: size.staff + size.managers }, (_, i) => {
    const family = pick(random, familyNames);
    const given = pick(random, givenNames);
    const name = `${family} ${pick(random, middleNames)} ${given}`;
    return {
      id: newId(),
      name,
      email: `${asciiSlug(given)}.${asciiSlug(family)}${i + 1}@quan.example`,
      phone: `09${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
      passwordHash: staffHash,
      role: (i < size.managers ? 'manager' : 'staff') as Role,
      status: 'active' as const,
      createdAt: openedAt,
      updatedAt: openedAt,
    };
  });
  const accountRows = accounts.map((account, i) => ({
    id: newId(),
    name: account.name,
    email: account.email.toLowerCase(),
    phone: account.phone,
    passwordHash: accountHashes[i]!,
    role: account.role,
    status: 'active' as const,
    createdAt: openedAt,
    updatedAt: openedAt,
  }));

  const menu = chooseMenu(size);
  const usedIngredients = [
    ...new Set(menu.flatMap((category) => category.dishes.flatMap((d) => d.recipe.map(([key]) => key)))),
  ];
  const ingredientIds = new Map(usedIngredients.map((key) => [key, newId()]));
  // The kitchen cooks, the bar pours: drinks go to the bar, everything else to the first station.
  const stationRows = [
    { id: newId(), name: 'Bếp', targetMinutes: 15, sortOrder: 0, createdAt: openedAt, updatedAt: openedAt },
    { id: newId(), name: 'Bar', targetMinutes: 5, sortOrder: 1, createdAt: openedAt, updatedAt: openedAt },
  ];
  const categoryRows = menu.map((category) => ({
    id: newId(),
    name: category.name,
    description: category.description,
    color: category.color,
    sortOrder: category.sortOrder,
    stationId: category.isDrinks ? stationRows[1]!.id : null,
    createdAt: openedAt,
    updatedAt: openedAt,
  }));
  const dishRows = menu.flatMap((category, c) =>
    category.dishes.map((dish) => ({
      id: newId(),
      name: dish.name,
      description: dish.description ?? '',
      nameEn: dish.nameEn ?? null,
      descriptionEn: dish.descriptionEn ?? null,
      price: dish.price,
      categoryId: categoryRows[c]!.id,
      isAvailable: true,
      createdAt: openedAt,
      updatedAt: openedAt,
    })),
  );
  // A few dishes are switched off today (the market had none).
  for (let i = 0; i < size.unavailable; i++) pick(random, dishRows).isAvailable = false;
  const dishSpecs = menu.flatMap((category) => category.dishes);
  const recipeRows = dishRows.flatMap((row, d) =>
    [...mergeRecipe(dishSpecs[d]!.recipe)].map(([key, quantity]) => ({
      itemId: row.id,
      ingredientId: ingredientIds.get(key)!,
      quantity,
    })),
  );
  const tableSeats = [2, 4, 4, 4, 6, 2, 4, 8, 4, 6];
  const tableRows = Array.from({ length: size.tables }, (_, i) => ({
    id: newId(),
    tableNo: i + 1,
    seats: tableSeats[i % tableSeats.length]!,
    qrKey: randomBytes(16).toString('base64url'),
    createdAt: openedAt,
    updatedAt: openedAt,
  }));

  // The options guests ask for: a size for noodle soups, the usual preferences for food and for drinks.
  const option = (groupId: string, name: string, priceDelta: number, sortOrder: number) => ({
    id: newId(),
    groupId,
    name,
    priceDelta,
    sortOrder,
  });
  const group = (name: string, minSelected: number, maxSelected: number) => ({
    id: newId(),
    name,
    minSelected,
    maxSelected,
    createdAt: openedAt,
    updatedAt: openedAt,
  });
  const sizeGroup = group('Size', 1, 1);
  const foodGroup = group('Yêu cầu', 0, 3);
  const drinkGroup = group('Đá & đường', 0, 2);
  const optionRows = [
    option(sizeGroup.id, 'Nhỏ', -10_000, 0),
    option(sizeGroup.id, 'Vừa', 0, 1),
    option(sizeGroup.id, 'Lớn', 15_000, 2),
    option(foodGroup.id, 'Không hành', 0, 0),
    option(foodGroup.id, 'Ít cay', 0, 1),
    option(foodGroup.id, 'Không rau', 0, 2),
    option(drinkGroup.id, 'Ít đá', 0, 0),
    option(drinkGroup.id, 'Ít đường', 0, 1),
  ];
  const dishGroupRows = menu.flatMap((category, c) =>
    dishRows
      .filter((dish) => dish.categoryId === categoryRows[c]!.id)
      .flatMap((dish) => {
        const groups = category.isDrinks
          ? [drinkGroup]
          : category.name === 'Phở & Bún'
            ? [sizeGroup, foodGroup]
            : [foodGroup];
        return groups.map((g, sortOrder) => ({ itemId: dish.id, groupId: g.id, sortOrder }));
      }),
  );

  await db.transaction(async (tx) => {
    await tx.insert(users).values([...accountRows, ...staffRows]);
    await tx.insert(stations).values(stationRows);
    await tx.insert(optionGroups).values([sizeGroup, foodGroup, drinkGroup]);
    await tx.insert(dishOptions).values(optionRows);
    await tx.insert(ingredients).values(
      usedIngredients.map((key) => ({
        id: ingredientIds.get(key)!,
        ...ingredientCatalog[key],
        costPerUnit: ingredientCatalog[key].cost,
        createdAt: openedAt,
        updatedAt: openedAt,
      })),
    );
    await tx.insert(categories).values(categoryRows);
    await tx.insert(items).values(dishRows);
    await tx.insert(itemRecipeLines).values(recipeRows);
    if (dishGroupRows.length > 0) await tx.insert(itemOptionGroups).values(dishGroupRows);
    await tx.insert(diningTables).values(tableRows);
  });
  const menuDone = performance.now();

  // Orders, a batch of days at a time.
  const context: OrderContext = {
    seed,
    asOf,
    timezone,
    taxRate,
    ...popularityOrder(menu, dishRows),
    staffIds: [...accountRows, ...staffRows].filter((u) => u.role !== 'admin').map((u) => u.id),
    tables: tableRows.map(({ id, tableNo }) => ({ id, tableNo })),
    lastDay,
    // About half the tables: 6 of the demo's 12.
    seatedTables: Math.max(1, Math.round(size.tables / 2)),
  };
  const counts = dailyOrderCounts(random, lastDay, options.days, options.orders);
  const batches: { day: string; count: number }[][] = [[]];
  let inBatch = 0;
  for (const day of counts) {
    if (inBatch >= (options.batchOrders ?? BATCH_ORDERS)) {
      batches.push([]);
      inBatch = 0;
    }
    batches.at(-1)!.push(day);
    inBatch += day.count;
  }
  // Customers and coupons have a seeded stream of their own, so the restaurant's other choices stay as they were.
  const memberRandom = seededRandom(seed * 7_919 + 5);
  let customersTime = 0;
  const customerCount = options.customers ?? size.customers;
  for (const [index, batch] of batches.entries()) {
    progress(`orders ${batch[0]!.day} to ${batch.at(-1)!.day} (batch ${index + 1} of ${batches.length})`);
    await insertOrderBatch(db, context, index, batch);
    if (index === 0) {
      progress(`${customerCount} customers`);
      const customersStarted = performance.now();
      context.members = await addCustomers(db, {
        seed,
        random: memberRandom,
        count: customerCount,
        asOf,
        openedAt,
        lastDay,
        counts,
        thresholds: loyalty.thresholds,
      });
      customersTime += performance.now() - customersStarted;
    }
  }
  progress('the service going on now');
  // The service has a seeded stream of its own too.
  const { openOrders, partPaid } = await stageService(db, context, seededRandom(seed * 7_919 + 11));
  const ordersDone = performance.now();

  progress("today's reservations");
  await stageReservations(db, { asOf, timezone, lastDay, random: seededRandom(seed * 104_729 + 3), options });

  progress('coupons, and the loyalty of the customers');
  const couponsMade = await addCoupons(db, {
    seed,
    random: memberRandom,
    openedAt,
    timezone,
    firstDay,
    lastDay,
    days: options.days,
  });
  const credited = await creditCustomers(db, { asOf, loyalty });
  const customersDone = performance.now();

  progress('stock and thresholds');
  await stockIngredients(db, {
    asOf,
    openedAt,
    random,
    ingredientIds,
    recipeRows,
    adminId: accountRows[0]?.id ?? null,
  });
  const stockDone = performance.now();

  // Every line went to its station, and the lines of rounds made since were marked done there a few
  // minutes after the round was sent (drinks quicker than food), so the preparation times have a history.
  progress('kitchen stations');
  await db.execute(sql`
    update ${orderLines} ol set
      station_id = coalesce(c.station_id, ${stationRows[0]!.id}::uuid),
      ready_at = case when r.status in ('ready', 'served') then least(${asOf.toISOString()}::timestamptz,
        r.sent_at + make_interval(secs => (case when c.station_id is null then 420 else 90 end)
        + (('x' || substr(md5(ol.order_id::text || ol.position::text), 1, 6))::bit(24)::int % 540))) end
    from ${orderRounds} r, ${categories} c
    where r.order_id = ol.order_id and r.no = ol.round_no and c.id = ol.category_id`);

  // Once the coupons have set the final totals: a completed order was paid in one payment, in its method,
  // by whoever placed it, when it was settled.
  progress('payments');
  await db.execute(sql`
    insert into ${orderPayments} (id, order_id, method, amount, taken_by_id, taken_at)
    select ${uuidV7(sql`o.completed_at`, sql`md5(o.id::text || 'payment')`)}, o.id, o.payment_method, o.total,
      o.created_by_id, o.completed_at
    from ${orders} o
    where o.status = 'completed' and o.total > 0
      and not exists (select 1 from ${orderPayments} p where p.order_id = o.id)`);
  // One table of the service paid part of its bill already (a guest leaving early): about half, in thousands.
  if (partPaid) {
    await db.execute(sql`
      insert into ${orderPayments} (id, order_id, method, amount, taken_by_id, taken_at)
      select ${uuidV7(sql`${partPaid.takenAt.toISOString()}::timestamptz`, sql`md5(o.id::text || 'part')`)}, o.id, 'transfer', greatest(1000, least(o.total - 1000, round(o.total / 2000.0)::int * 1000)),
        ${partPaid.takenById}::uuid, ${partPaid.takenAt.toISOString()}::timestamptz
      from ${orders} o where o.id = ${partPaid.orderId}::uuid and o.total > 1000`);
  }

  progress('revenue sums');
  await rebuildSalesSums(db, timezone);
  const rollupsDone = performance.now();

  // After a bulk load a database has no statistics and no visibility map yet; autovacuum would see to both
  // soon, and a restaurant's database has long had them.
  progress('vacuum and analyze');
  await db.execute(sql`vacuum (analyze) ${orders}, ${orderLines}, ${salesByHour}, ${itemSalesByDay}, ${customers}`);
  await db.execute(
    sql`analyze ${items}, ${categories}, ${ingredients}, ${itemRecipeLines}, ${diningTables}, ${users}, ${coupons}`,
  );
  const vacuumDone = performance.now();

  const [written] = await rows<{ orders: number; lines: number }>(
    db,
    sql`select (select count(*) from ${orders})::int as orders, (select count(*) from ${orderLines})::int as lines`,
  );
  return {
    categories: categoryRows.length,
    dishes: dishRows.length,
    ingredients: usedIngredients.length,
    tables: tableRows.length,
    accounts: accountRows.length + staffRows.length,
    orders: written!.orders,
    openOrders,
    orderLines: written!.lines,
    customers: customerCount,
    ...credited,
    ...couponsMade,
    firstDay,
    lastDay,
    timings: {
      menu: menuDone - started,
      orders: ordersDone - menuDone - customersTime,
      customers: customersTime + (customersDone - ordersDone),
      stock: stockDone - customersDone,
      rollups: rollupsDone - stockDone,
      vacuum: vacuumDone - rollupsDone,
      total: vacuumDone - started,
    },
  };
}

/** Guests book online in the demo, at any time the restaurant takes orders (7:00 to 22:00). */
const demoBooking: ReservationSettings = {
  ...defaultReservationSettings,
  publicBooking: true,
  openingHours: Array.from({ length: 7 }, () => [{ from: `0${OPENING_HOUR}:00`, to: '22:00' }]),
};

/**
 * The day's book as staff find it mid-service: a couple late by a quarter of an hour or more (to mark arrived
 * or a no-show), a party of four due within half an hour, a birthday of six later, and a guest's request
 * from the public page for tomorrow's dinner waiting to be accepted. Each holds the smallest free table that
 * seats it (none is seated now). Online booking is switched on, within the demo's opening hours.
 */
async function stageReservations(
  db: Database,
  context: {
    asOf: Date;
    timezone: string;
    lastDay: string;
    random: () => number;
    options: GenerateRestaurantOptions;
  },
): Promise<void> {
  const { asOf, timezone, lastDay, random } = context;
  await db
    .insert(restaurantSettings)
    .values({ id: 1, language: context.options.language ?? defaultSettings.language, reservations: demoBooking })
    .onConflictDoUpdate({ target: restaurantSettings.id, set: { reservations: demoBooking } });

  const quarter = 15 * MINUTE_MS;
  const lastQuarter = Math.floor(asOf.getTime() / quarter) * quarter;
  const [tomorrowDinner] = await rows<{ at: string | Date }>(
    db,
    sql`select ((${lastDay}::date + 1 + time '19:00')::timestamp at time zone ${timezone}::text) as at`,
  );
  const bookings = [
    { partySize: 2, startsAt: new Date(lastQuarter - quarter), note: '' },
    { partySize: 4, startsAt: new Date(lastQuarter + 2 * quarter), note: '' },
    { partySize: 6, startsAt: new Date(lastQuarter + 10 * quarter), note: 'Sinh nhật, xin một bàn yên tĩnh' },
    { partySize: 2, startsAt: new Date(tomorrowDinner!.at), note: 'Ngồi gần cửa sổ nếu được', online: true },
  ];
  const free = await rows<{ id: string; seats: number }>(
    db,
    sql`select id, seats from ${diningTables} where status = 'available' order by seats, table_no`,
  );
  for (const booking of bookings) {
    const table = free.findIndex((candidate) => candidate.seats >= booking.partySize);
    if (table < 0) continue;
    const tableId = free.splice(table, 1)[0]!.id;
    const id = newId();
    await db.insert(reservations).values({
      id,
      status: booking.online ? 'requested' : 'booked',
      source: booking.online ? 'public' : 'phone',
      name: `${pick(random, honorifics)} ${pick(random, givenNames)}`,
      phone: `09${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
      partySize: booking.partySize,
      startsAt: booking.startsAt,
      durationMinutes: demoBooking.defaultMinutes,
      note: booking.note,
      // A guest's link is shown to them once; the demo's guest never had one to open.
      guestKeyHash: booking.online ? randomBytes(32).toString('base64url') : null,
      createdAt: new Date(asOf.getTime() - 3 * 60 * MINUTE_MS),
      updatedAt: new Date(asOf.getTime() - 3 * 60 * MINUTE_MS),
    });
    await db.insert(reservationTables).values({ reservationId: id, tableId });
  }
}

/**
 * Stock as a kitchen would have it now: each ingredient's use per day over the last two weeks of orders
 * sets its low-stock threshold (two days' use) and its quantity (3–12 days' use; a few are already low).
 * The quantity is recorded as the ingredient's initial stock in its history.
 */
async function stockIngredients(
  db: Database,
  input: {
    asOf: Date;
    openedAt: Date;
    random: () => number;
    ingredientIds: Map<IngredientKey, string>;
    recipeRows: { ingredientId: string; quantity: number }[];
    adminId: string | null;
  },
): Promise<void> {
  const usePerDay = await rows<{ ingredient_id: string; per_day: string }>(
    db,
    sql`
    select r.ingredient_id, sum(l.quantity * r.quantity) / 14.0 as per_day
    from ${orderLines} l join ${orders} o on o.id = l.order_id
    join ${itemRecipeLines} r on r.item_id = l.item_id
    where o.status <> 'cancelled' and o.created_at >= ${input.asOf.toISOString()}::timestamptz - interval '14 days'
    group by r.ingredient_id`,
  );
  const perDay = new Map(usePerDay.map((row) => [row.ingredient_id, Number(row.per_day)]));
  const largestPortion = new Map<string, number>();
  for (const { ingredientId, quantity } of input.recipeRows) {
    largestPortion.set(ingredientId, Math.max(largestPortion.get(ingredientId) ?? 0, quantity));
  }
  const stock = [...input.ingredientIds].map(([key, id]) => {
    const { unit } = ingredientCatalog[key];
    const portion = largestPortion.get(id) ?? 1;
    const daily = Math.max(perDay.get(id) ?? 0, portion);
    const threshold = roundStock(Math.max(2 * daily, 2 * portion), unit);
    const draw = input.random();
    // One ingredient in twelve is already at or under its threshold: the low-stock list is never empty.
    const days = draw < 1 / 12 ? 0.6 + 1.2 * draw * 12 : 3 + 9 * draw;
    return { id, quantity: roundStock(Math.max(days * daily, 3 * portion), unit), threshold };
  });
  await db.transaction(async (tx) => {
    for (const { id, quantity, threshold } of stock) {
      await tx
        .update(ingredients)
        .set({ quantity, lowStockThreshold: threshold, updatedAt: input.openedAt })
        .where(eq(ingredients.id, id));
    }
    await tx.insert(ingredientHistory).values(
      stock.map(({ id, quantity }) => ({
        id: newId(),
        ingredientId: id,
        change: quantity,
        quantityAfter: quantity,
        reason: 'initial' as const,
        note: 'Tồn kho ban đầu',
        userId: input.adminId,
        createdAt: input.openedAt,
      })),
    );
  });
}
