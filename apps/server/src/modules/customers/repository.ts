import type { CustomerSort, CustomerStatus, LoyaltySettings, MembershipLevel } from '@quan/contract/customer';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';

export type CustomerRow = typeof customers.$inferSelect;

export interface CustomerFilter {
  /** Already folded (lower case, no accents). */
  search?: string;
  status?: CustomerStatus;
  membershipLevel?: MembershipLevel;
}

/** `like` pattern for "contains", with the user's % and _ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterConditions(filter: CustomerFilter) {
  return and(
    filter.search ? sql`${customers.searchText} like ${containsPattern(filter.search)}` : undefined,
    filter.status ? eq(customers.status, filter.status) : undefined,
    filter.membershipLevel ? eq(customers.membershipLevel, filter.membershipLevel) : undefined,
  );
}

/** Each sort of the list, ending with the id so that pages never overlap or skip a row. */
const lastVisitFirst = sql`${customers.lastVisit} desc nulls last`;
const sortOrders = {
  newest: [desc(customers.createdAt), desc(customers.id)],
  recent: [lastVisitFirst, desc(customers.createdAt), desc(customers.id)],
  points: [desc(customers.loyaltyPoints), lastVisitFirst, desc(customers.id)],
  name: [asc(customers.name), asc(customers.id)],
} satisfies Record<CustomerSort, unknown[]>;

/** One page in the order asked for, and the number of matches. */
export async function pageCustomers(
  db: Executor,
  filter: CustomerFilter,
  page: { offset: number; limit: number; sort: CustomerSort },
) {
  const where = filterConditions(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(...sortOrders[page.sort])
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findCustomer(db: Executor, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/** Locks the row for the rest of the transaction, so two edits never interleave. */
export async function lockCustomer(db: Executor, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).for('update');
  return row;
}

export async function insertCustomer(db: Executor, values: typeof customers.$inferInsert): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning();
  if (!row) throw new Error('insert into customers returned no row');
  return row;
}

/**
 * The customer with this phone, created with these fields if there is none; two bookings racing for a new
 * number get the same row (the insert yields to the unique phone).
 */
export async function findOrInsertByPhone(
  db: Executor,
  values: typeof customers.$inferInsert & { phone: string },
): Promise<CustomerRow> {
  await db.insert(customers).values(values).onConflictDoNothing({ target: customers.phone });
  const [row] = await db.select().from(customers).where(eq(customers.phone, values.phone));
  if (!row) throw new Error('customer by phone missing after insert');
  return row;
}

/** One more reservation they did not come to. */
export async function addNoShow(db: Executor, id: string): Promise<void> {
  await db
    .update(customers)
    .set({ noShowCount: sql`${customers.noShowCount} + 1`, updatedAt: sql`now()` })
    .where(eq(customers.id, id));
}

export async function updateCustomer(
  db: Executor,
  id: string,
  changes: Partial<typeof customers.$inferInsert>,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(customers.id, id))
    .returning();
  return row;
}

export async function deleteCustomer(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(customers).where(eq(customers.id, id)).returning({ id: customers.id });
  return rows.length > 0;
}

export async function customerStats(db: Executor) {
  const [row] = await db
    .select({
      totalCustomers: count(),
      activeCustomers: sql<number>`count(*) filter (where ${customers.status} = 'active')`.mapWith(Number),
      platinumCustomers: sql<number>`count(*) filter (where ${customers.membershipLevel} = 'platinum')`.mapWith(Number),
      totalLoyaltyPoints: sql<number>`coalesce(sum(${customers.loyaltyPoints}), 0)`.mapWith(Number),
    })
    .from(customers);
  return row!;
}

export async function vipEmails(db: Executor) {
  return db
    .select({ id: customers.id, name: customers.name, email: customers.email, level: customers.membershipLevel })
    .from(customers)
    .where(
      and(
        eq(customers.status, 'active'),
        inArray(customers.membershipLevel, ['gold', 'platinum']),
        ne(customers.email, ''),
      ),
    )
    .orderBy(desc(customers.totalSpent));
}

/** SQL for the level a spend reaches, with the thresholds as parameters. */
function levelFor(spend: ReturnType<typeof sql>, loyalty: LoyaltySettings) {
  const { thresholds } = loyalty;
  return sql`case when ${spend} >= ${thresholds.platinum} then 'platinum'
    when ${spend} >= ${thresholds.gold} then 'gold'
    when ${spend} >= ${thresholds.silver} then 'silver' else 'bronze' end`;
}
const levelRank = (level: ReturnType<typeof sql> | typeof customers.membershipLevel) =>
  sql`array_position(array['bronze', 'silver', 'gold', 'platinum'], ${level}::text)`;

/**
 * Inside the completing transaction: adds the order's points (at the customer's level before this order),
 * total, count and visit with additive UPDATEs, then raises the level if the last 365 days' spend, this
 * order included, reaches a higher one. Returns whether the customer exists.
 */
export async function creditOrder(
  db: Executor,
  order: { customerId: string; total: number; completedAt: Date },
  loyalty: LoyaltySettings,
): Promise<void> {
  const { multipliers } = loyalty;
  const multiplier = sql`case ${customers.membershipLevel} when 'platinum' then ${multipliers.platinum}::numeric
    when 'gold' then ${multipliers.gold}::numeric when 'silver' then ${multipliers.silver}::numeric
    else ${multipliers.bronze}::numeric end`;
  const credited = await db
    .update(customers)
    .set({
      loyaltyPoints: sql`${customers.loyaltyPoints} + floor(${order.total}::numeric * ${multiplier} / ${loyalty.vndPerPoint})::int`,
      totalSpent: sql`${customers.totalSpent} + ${order.total}`,
      totalOrders: sql`${customers.totalOrders} + 1`,
      lastVisit: sql`greatest(${customers.lastVisit}, ${order.completedAt.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(eq(customers.id, order.customerId))
    .returning({ id: customers.id });
  // The customer was deleted while the order was open: the order keeps no customer to credit.
  if (credited.length === 0) return;

  const yearSpend = sql`(select coalesce(sum(${orders.total}), 0) from ${orders}
    where ${orders.customerId} = ${order.customerId} and ${orders.status} = 'completed'
      and ${orders.completedAt} > now() - interval '365 days')`;
  await db
    .update(customers)
    .set({ membershipLevel: sql`${levelFor(yearSpend, loyalty)}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(customers.id, order.customerId),
        sql`${levelRank(levelFor(yearSpend, loyalty))} > ${levelRank(customers.membershipLevel)}`,
      ),
    );
}

/**
 * Sets every customer's level from their last 365 days' spend in one set-based statement (a hash join of
 * customers with the year's sums), and returns how many changed. It can lower a level.
 */
export async function reevaluateLevels(db: Executor, loyalty: LoyaltySettings): Promise<number> {
  // Completions under way finish first and new ones wait: a level earned meanwhile is never overwritten
  // with one computed from a snapshot that missed it.
  await db.execute(sql`lock table ${customers} in share row exclusive mode`);
  const result = (await db.execute(sql`
    with spend as (
      select ${orders.customerId} as customer_id, sum(${orders.total}) as amount from ${orders}
      where ${orders.status} = 'completed' and ${orders.completedAt} > now() - interval '365 days'
        and ${orders.customerId} is not null
      group by ${orders.customerId}
    ), levels as (
      select c.id, ${levelFor(sql`coalesce(spend.amount, 0)`, loyalty)} as level
      from ${customers} c left join spend on spend.customer_id = c.id
    )
    update ${customers} set membership_level = levels.level, updated_at = now()
    from levels
    where ${customers.id} = levels.id and ${customers.membershipLevel} <> levels.level
    returning ${customers.id}`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
