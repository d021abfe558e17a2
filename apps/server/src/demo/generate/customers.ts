import {
  membershipLevels,
  type CustomerStatus,
  type LoyaltySettings,
  type MembershipLevel,
} from '@quan/contract/customer';
import { foldForSearch } from '@quan/contract/text';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import {
  customerNameParts,
  customerNotes,
  districts,
  emailDomains,
  familyNameShares,
  phonePrefixes,
  streets,
} from '../restaurant-catalog';
import { addDays, HOUR_MS, OPENING_HOUR } from './calendar';
import { MEMBER_ORDERS, memberFor, type Members } from './order-history';
import { pick, seededId } from './random';
import { pgArray, rows } from './sql';

// The loyalty customers: made after the first batch of orders, attached to orders, credited at the end.

/** Lower-case ASCII for email addresses: "Nguyễn Đức" → "nguyen.duc". */
export const asciiSlug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');

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

/** Customers inserted per statement (one INSERT … SELECT from unnest of arrays). */
const CUSTOMER_BATCH = 10_000;

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

/**
 * The loyalty customers, made once the first batch of orders is written: their share of the visits
 * (`memberWeights`) is sized to the members' spend over the last 365 days, estimated from that batch (its
 * share of members' completed orders and their average total, times the orders planned for the last 365
 * days). The first batch's orders for guests who gave their phone are attached to members here, by the
 * same seeded draw per order that attaches the later batches' orders as they are written; an order of a
 * member takes their name and phone.
 */
export async function addCustomers(
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
export async function creditCustomers(
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
