import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { spins } from '../../db/schema/coupons';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/users';

/** Records a spin; the unique key (customer, day) refuses a second one the same day. */
export async function insertSpin(db: Executor, values: typeof spins.$inferInsert): Promise<void> {
  await db.insert(spins).values(values);
}

export async function recordPrize(db: Executor, spinId: string, coupon: { id: string; code: string }): Promise<void> {
  await db.update(spins).set({ issuedCouponId: coupon.id, issuedCode: coupon.code }).where(eq(spins.id, spinId));
}

export async function recentSpins(db: Executor, limit: number) {
  return db
    .select({
      spin: spins,
      customer: { id: customers.id, name: customers.name },
      spunBy: { id: users.id, name: users.name },
    })
    .from(spins)
    .leftJoin(customers, eq(customers.id, spins.customerId))
    .leftJoin(users, eq(users.id, spins.spunById))
    .orderBy(desc(spins.createdAt), desc(spins.id))
    .limit(limit);
}
