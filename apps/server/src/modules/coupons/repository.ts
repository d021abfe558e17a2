import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { couponBranches } from '../../db/schema/branches';
import { coupons } from '../../db/schema/coupons';

/** The coupon works in the branch: it names no branches (every branch), or names this one. */
const goodIn = (branchId: string) => sql`(
  not exists (select 1 from ${couponBranches} where ${couponBranches.couponId} = ${coupons.id})
  or exists (
    select 1 from ${couponBranches}
    where ${couponBranches.couponId} = ${coupons.id} and ${couponBranches.branchId} = ${branchId}))`;

/** The branches each of these coupons is limited to, by coupon id; a coupon for every branch is absent. */
export async function listCouponBranches(db: Executor, couponIds: string[]): Promise<Map<string, string[]>> {
  const byCoupon = new Map<string, string[]>();
  if (couponIds.length === 0) return byCoupon;
  const rows = await db
    .select()
    .from(couponBranches)
    .where(inArray(couponBranches.couponId, couponIds))
    .orderBy(asc(couponBranches.branchId));
  for (const row of rows) byCoupon.set(row.couponId, [...(byCoupon.get(row.couponId) ?? []), row.branchId]);
  return byCoupon;
}

/** Limits the coupon to these branches; none: every branch. */
export async function replaceCouponBranches(db: Executor, couponId: string, branchIds: string[]): Promise<void> {
  await db.delete(couponBranches).where(eq(couponBranches.couponId, couponId));
  if (branchIds.length > 0) {
    await db.insert(couponBranches).values(branchIds.map((branchId) => ({ couponId, branchId })));
  }
}

export type CouponRow = typeof coupons.$inferSelect;

export async function listCoupons(db: Executor): Promise<CouponRow[]> {
  return db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
}

export async function findCoupon(db: Executor, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/** Locks the row for the rest of the transaction: no order can use it meanwhile. */
export async function lockCoupon(db: Executor, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row;
}

export async function findCouponByCode(db: Executor, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

export async function insertCoupon(db: Executor, values: typeof coupons.$inferInsert): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(values).returning();
  if (!row) throw new Error('insert into coupons returned no row');
  return row;
}

export async function updateCoupon(
  db: Executor,
  id: string,
  changes: Partial<typeof coupons.$inferInsert>,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(coupons.id, id))
    .returning();
  return row;
}

export async function deleteCoupon(db: Executor, id: string): Promise<boolean> {
  return (await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id })).length > 0;
}

/**
 * Uses one use of the coupon if every rule holds right now: a single conditional UPDATE, so with one use
 * left and many orders at once exactly one gets it. Undefined when a rule fails (the caller says which).
 */
export async function redeem(
  db: Executor,
  claim: { code: string; branchId: string; subtotal: number; customerId: string | null; today: string },
): Promise<CouponRow | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(coupons.code, claim.code),
        eq(coupons.isActive, true),
        goodIn(claim.branchId),
        sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
        sql`(${coupons.startDate} is null or ${coupons.startDate} <= ${claim.today})`,
        sql`(${coupons.endDate} is null or ${coupons.endDate} >= ${claim.today})`,
        sql`${coupons.minOrderValue} <= ${claim.subtotal}`,
        claim.customerId
          ? sql`(${coupons.customerId} is null or ${coupons.customerId} = ${claim.customerId})`
          : isNull(coupons.customerId),
      ),
    )
    .returning();
  return row;
}

/** Gives a use back (a cancelled order); never below zero. */
export async function release(db: Executor, couponId: string): Promise<void> {
  await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} - 1`, updatedAt: sql`now()` })
    .where(and(eq(coupons.id, couponId), gt(coupons.usedCount, 0)));
}

/**
 * Coupons on the branch's wheel: active, with a weight, for everyone, good in the branch, started, not used
 * up or over; oldest first.
 */
export async function spinPrizes(db: Executor, branchId: string, today: string): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.isActive, true),
        gt(coupons.spinWeight, 0),
        isNull(coupons.customerId),
        goodIn(branchId),
        sql`(${coupons.startDate} is null or ${coupons.startDate} <= ${today})`,
        sql`(${coupons.endDate} is null or ${coupons.endDate} >= ${today})`,
        sql`(${coupons.usageLimit} is null or ${lt(coupons.usedCount, coupons.usageLimit)})`,
      ),
    )
    .orderBy(asc(coupons.createdAt), asc(coupons.id));
}
