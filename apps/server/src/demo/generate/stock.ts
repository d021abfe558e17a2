import type { IngredientUnit } from '@quan/contract/ingredient';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ingredientHistory } from '../../db/schema/ingredient-history';
import { ingredients } from '../../db/schema/ingredients';
import { itemRecipeLines } from '../../db/schema/menu';
import { orderLines, orders } from '../../db/schema/orders';
import { newId } from '../../lib/ids';
import { ingredientCatalog, type IngredientKey } from '../restaurant-catalog';
import { rows } from './sql';

// The ingredients' stock and low-stock thresholds, set from the orders once they are written.

/** A stock figure as a kitchen would write it down for this unit. */
function roundStock(quantity: number, unit: IngredientUnit): number {
  if (unit === 'pcs') return Math.ceil(quantity);
  if (unit === 'g' || unit === 'ml') return quantity >= 100 ? Math.ceil(quantity / 10) * 10 : Math.ceil(quantity);
  return quantity >= 5 ? Math.ceil(quantity * 10) / 10 : Math.ceil(quantity * 100) / 100;
}

/**
 * Stock as a kitchen would have it now: each ingredient's use per day over the last two weeks of orders
 * sets its low-stock threshold (two days' use) and its quantity (3–12 days' use; a few are already low).
 * The quantity is recorded as the ingredient's initial stock in its history.
 */
export async function stockIngredients(
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
