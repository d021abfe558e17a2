import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ingredients } from '../../db/schema/ingredients';
import { categories, itemOptionGroups, itemRecipeLines, items, optionRecipeLines, options } from '../../db/schema/menu';

export type CategoryRow = typeof categories.$inferSelect;
export type ItemRow = typeof items.$inferSelect;

export async function listCategories(db: Executor) {
  return db
    .select({ category: categories, itemCount: count(items.id) })
    .from(categories)
    .leftJoin(items, eq(items.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

export async function findCategory(db: Executor, id: string) {
  const [row] = await db
    .select({ category: categories, itemCount: count(items.id) })
    .from(categories)
    .leftJoin(items, eq(items.categoryId, categories.id))
    .where(eq(categories.id, id))
    .groupBy(categories.id);
  return row;
}

export async function insertCategory(db: Executor, values: typeof categories.$inferInsert): Promise<void> {
  await db.insert(categories).values(values);
}

export async function updateCategory(db: Executor, id: string, changes: Partial<typeof categories.$inferInsert>) {
  const rows = await db
    .update(categories)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  return rows.length > 0;
}

export async function deleteCategory(db: Executor, id: string): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}

export async function listItems(db: Executor, where: { categoryId?: string; ids?: string[] }) {
  const conditions = [
    where.categoryId ? eq(items.categoryId, where.categoryId) : undefined,
    where.ids ? inArray(items.id, where.ids) : undefined,
  ].filter((c) => c !== undefined);
  return db
    .select({
      item: items,
      category: { id: categories.id, name: categories.name, stationId: categories.stationId },
      // Sold out: some recipe line needs more than the stock holds, so not even one portion can be made.
      isSoldOut: sql<boolean>`exists (
        select 1 from ${itemRecipeLines}
        join ${ingredients} on ${ingredients.id} = ${itemRecipeLines.ingredientId}
        where ${itemRecipeLines.itemId} = ${items.id} and ${ingredients.quantity} < ${itemRecipeLines.quantity}
      )`,
    })
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(conditions.length ? sql.join(conditions, sql` and `) : undefined)
    .orderBy(asc(categories.sortOrder), asc(categories.name), asc(items.name));
}

/** Every dish with what pricing an order reads of it, its category's station, and whether it uses stock. */
export async function listItemsForOrders(db: Executor) {
  return db
    .select({
      id: items.id,
      name: items.name,
      price: items.price,
      categoryId: items.categoryId,
      isAvailable: items.isAvailable,
      stationId: items.stationId,
      categoryStationId: categories.stationId,
      // Its recipe, or the recipe change of an option it offers, names an ingredient.
      usesStock: sql<boolean>`(
        exists (select 1 from ${itemRecipeLines} where ${itemRecipeLines.itemId} = ${items.id})
        or exists (
          select 1 from ${itemOptionGroups}
          join ${options} on ${options.groupId} = ${itemOptionGroups.groupId} and ${options.removedAt} is null
          join ${optionRecipeLines} on ${optionRecipeLines.optionId} = ${options.id}
          where ${itemOptionGroups.itemId} = ${items.id}))`,
    })
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId));
}

export async function listRecipeLines(db: Executor, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({
      itemId: itemRecipeLines.itemId,
      ingredientId: itemRecipeLines.ingredientId,
      quantity: itemRecipeLines.quantity,
      name: ingredients.name,
      unit: ingredients.unit,
    })
    .from(itemRecipeLines)
    .innerJoin(ingredients, eq(ingredients.id, itemRecipeLines.ingredientId))
    .where(inArray(itemRecipeLines.itemId, itemIds))
    .orderBy(asc(ingredients.name));
}

export async function findExistingIngredientIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: ingredients.id }).from(ingredients).where(inArray(ingredients.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function insertItem(db: Executor, values: typeof items.$inferInsert): Promise<void> {
  await db.insert(items).values(values);
}

export async function updateItem(db: Executor, id: string, changes: Partial<typeof items.$inferInsert>) {
  const rows = await db
    .update(items)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(items.id, id))
    .returning({ id: items.id });
  return rows.length > 0;
}

export async function replaceRecipe(
  db: Executor,
  itemId: string,
  lines: { ingredientId: string; quantity: number }[],
): Promise<void> {
  await db.delete(itemRecipeLines).where(eq(itemRecipeLines.itemId, itemId));
  if (lines.length > 0) await db.insert(itemRecipeLines).values(lines.map((line) => ({ itemId, ...line })));
}

export async function deleteItem(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(items).where(eq(items.id, id)).returning({ id: items.id });
  return rows.length > 0;
}
