/**
 * Makes the database a chain before a benchmark measures one branch of it: `BENCH_BRANCHES` branches in all
 * (the first one included), a menu of at least `BENCH_CHAIN_DISHES` dishes, and in every other branch its own
 * price for each dish and ten tables. What a chain holds that one restaurant does not is then in every
 * query the measured path makes, so its ratio to the baseline says what branches cost.
 *
 * Written straight into the tables (a chain of 20 branches × 80 dishes over HTTP would take longer than the
 * benchmark); the rows are the ones the branch API and the per-branch price API write.
 */
import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../apps/server/src/db/client';
import { branchItems, branches } from '../apps/server/src/db/schema/branches';
import { categories, items } from '../apps/server/src/db/schema/menu';
import { diningTables } from '../apps/server/src/db/schema/tables';
import { intFromEnv } from './env';

export interface Chain {
  /** The branches in all, the first included. */
  branches: number;
  dishes: number;
  /** The branch the benchmark measures: the last one, with its own prices. */
  measured: { id: string; slug: string };
}

/** How many branches the benchmarks' database holds (1: one restaurant, as before branches). */
export const BRANCH_COUNT = intFromEnv('BENCH_BRANCHES', 1);
const CHAIN_DISHES = intFromEnv('BENCH_CHAIN_DISHES', 80);

/** A branch's own price of a dish: the menu's, a little dearer in some branches, as a chain prices a district. */
const branchPrice = (price: number, branchNo: number) => price + 1_000 * (branchNo % 5);

/** Adds branches 2…BRANCH_COUNT with their prices and tables; answers null for a one-branch benchmark. */
export async function seedChain(db: Database): Promise<Chain | null> {
  if (BRANCH_COUNT < 2) return null;
  const [{ dishes } = { dishes: 0 }] = await db.select({ dishes: count() }).from(items);
  if (dishes < CHAIN_DISHES) {
    const categoryId = uuidv7();
    await db.insert(categories).values({ id: categoryId, name: 'Chain dishes', color: '#64748b' });
    await db.insert(items).values(
      Array.from({ length: CHAIN_DISHES - dishes }, (_, i) => ({
        id: uuidv7(),
        name: `Chain dish ${i + 1}`,
        price: 30_000 + i * 1_000,
        categoryId,
      })),
    );
  }
  const menu = await db.select({ id: items.id, price: items.price }).from(items);
  const tag = randomBytes(3).toString('hex');
  let measured = { id: '', slug: '' };
  for (let branchNo = 2; branchNo <= BRANCH_COUNT; branchNo++) {
    const id = uuidv7();
    const slug = `bench-${tag}-${branchNo}`;
    await db.insert(branches).values({ id, name: `Chi nhánh ${branchNo}`, slug, position: branchNo });
    await db
      .insert(branchItems)
      .values(menu.map((dish) => ({ branchId: id, itemId: dish.id, price: branchPrice(dish.price, branchNo) })));
    await db.insert(diningTables).values(
      Array.from({ length: 10 }, (_, i) => ({
        id: uuidv7(),
        branchId: id,
        tableNo: i + 1,
        seats: 4,
        qrKey: randomBytes(16).toString('base64url'),
      })),
    );
    measured = { id, slug };
  }
  return { branches: BRANCH_COUNT, dishes: menu.length, measured };
}
