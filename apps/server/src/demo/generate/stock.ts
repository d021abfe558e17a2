import type { IngredientUnit } from '@quan/contract/ingredient';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branchStock } from '../../db/schema/branches';
import { ingredientHistory } from '../../db/schema/ingredient-history';
import { itemRecipeLines } from '../../db/schema/menu';
import { orderLines, orders } from '../../db/schema/orders';
import { newId } from '../../lib/ids';
import { ingredientCatalog, type IngredientKey } from '../restaurant-catalog';
import { rows } from './sql';

// The ingredients' stock and low-stock thresholds, set from the orders once they are written.

/** A stock figure as a kitchen would write it down for this unit. */
export function roundStock(quantity: number, unit: IngredientUnit): number {
  if (unit === 'pcs') return Math.ceil(quantity);
  if (unit === 'g' || unit === 'ml') return quantity >= 100 ? Math.ceil(quantity / 10) * 10 : Math.ceil(quantity);
  return quantity >= 5 ? Math.ceil(quantity * 10) / 10 : Math.ceil(quantity * 100) / 100;
}

/** An ingredient's stock in a branch as the generator plans it: now, and the low-stock threshold. */
export interface PlannedStock {
  id: string;
  key: IngredientKey;
  quantity: number;
  threshold: number;
  /** What the branch uses of it on a day, lately. */
  daily: number;
}

/**
 * Stock as a branch's kitchen would have it now: each ingredient's use per day over the last two weeks of the
 * branch's orders sets its low-stock threshold (two days' use) and its quantity (3–12 days' use; a few are
 * already low).
 */
export async function planStock(
  db: Database,
  input: {
    branchId: string;
    asOf: Date;
    random: () => number;
    ingredientIds: Map<IngredientKey, string>;
    recipeRows: { ingredientId: string; quantity: number }[];
  },
): Promise<PlannedStock[]> {
  const usePerDay = await rows<{ ingredient_id: string; per_day: string }>(
    db,
    sql`
    select r.ingredient_id, sum(l.quantity * r.quantity) / 14.0 as per_day
    from ${orderLines} l join ${orders} o on o.id = l.order_id
    join ${itemRecipeLines} r on r.item_id = l.item_id
    where o.branch_id = ${input.branchId}::uuid and o.status <> 'cancelled'
      and o.created_at >= ${input.asOf.toISOString()}::timestamptz - interval '14 days'
    group by r.ingredient_id`,
  );
  const perDay = new Map(usePerDay.map((row) => [row.ingredient_id, Number(row.per_day)]));
  const largestPortion = new Map<string, number>();
  for (const { ingredientId, quantity } of input.recipeRows) {
    largestPortion.set(ingredientId, Math.max(largestPortion.get(ingredientId) ?? 0, quantity));
  }
  return [...input.ingredientIds].map(([key, id]) => {
    const { unit } = ingredientCatalog[key];
    const portion = largestPortion.get(id) ?? 1;
    const daily = Math.max(perDay.get(id) ?? 0, portion);
    const threshold = roundStock(Math.max(2 * daily, 2 * portion), unit);
    const draw = input.random();
    // One ingredient in twelve is already at or under its threshold: the low-stock list is never empty.
    const days = draw < 1 / 12 ? 0.6 + 1.2 * draw * 12 : 3 + 9 * draw;
    return { id, key, quantity: roundStock(Math.max(days * daily, 3 * portion), unit), threshold, daily };
  });
}

/**
 * Writes a branch's stock and records each quantity as the ingredient's initial stock in the branch's
 * history, when the branch opened. `sentSince`: what the branch has sent away since (a transfer), so its
 * initial stock held that too and the transfer leaves it at `quantity`.
 */
export async function writeStock(
  db: Database,
  input: {
    branchId: string;
    openedAt: Date;
    stock: PlannedStock[];
    sentSince?: Map<string, number>;
    userId: string | null;
  },
): Promise<void> {
  const initial = input.stock.map(({ id, quantity, threshold }) => ({
    id,
    threshold,
    quantity: Math.round((quantity + (input.sentSince?.get(id) ?? 0)) * 1000) / 1000,
  }));
  await db.transaction(async (tx) => {
    await tx.insert(branchStock).values(
      initial.map(({ id, quantity, threshold }) => ({
        branchId: input.branchId,
        ingredientId: id,
        quantity,
        lowStockThreshold: threshold,
        updatedAt: input.openedAt,
      })),
    );
    await tx.insert(ingredientHistory).values(
      initial.map(({ id, quantity }) => ({
        id: newId(),
        branchId: input.branchId,
        ingredientId: id,
        change: quantity,
        quantityAfter: quantity,
        reason: 'initial' as const,
        note: 'Tồn kho ban đầu',
        userId: input.userId,
        createdAt: input.openedAt,
      })),
    );
  });
}
