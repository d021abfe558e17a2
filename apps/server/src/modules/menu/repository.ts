import type { VatRate } from '@quan/contract/vat';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branchItems, branchStock } from '../../db/schema/branches';
import { ingredients } from '../../db/schema/ingredients';
import { categories, itemOptionGroups, itemRecipeLines, items, optionRecipeLines, options } from '../../db/schema/menu';
import { restaurantSettings } from '../../db/schema/settings';

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

/** The dish as a branch sells it: joined with that branch's row of `branch_items`, if any. */
const inBranch = (branchId: string) => and(eq(branchItems.itemId, items.id), eq(branchItems.branchId, branchId));
/** No row of `branch_items`: the branch sells the dish. */
const soldInBranch = sql<boolean>`coalesce(${branchItems.isSold}, true)`;

/**
 * The restaurant's default VAT rate, read with the dishes it resolves so that the list shows the rate their
 * bill lines will carry; null until the restaurant first saves its settings.
 */
const chainDefaultVatRate = () =>
  sql<VatRate | null>`(select ${restaurantSettings.taxRate} from ${restaurantSettings} where ${restaurantSettings.id} = 1)`.mapWith(
    restaurantSettings.taxRate,
  );

/**
 * The dishes with the branch's price and availability; without `all`, only those the branch sells.
 * Sold out by the branch's stock: some recipe line needs more than it holds (none held without a row).
 */
export async function listItems(
  db: Executor,
  branchId: string,
  where: { categoryId?: string; ids?: string[]; all?: boolean },
) {
  const conditions = [
    where.categoryId ? eq(items.categoryId, where.categoryId) : undefined,
    where.ids ? inArray(items.id, where.ids) : undefined,
    where.all ? undefined : soldInBranch,
  ].filter((c) => c !== undefined);
  return db
    .select({
      item: items,
      category: {
        id: categories.id,
        name: categories.name,
        stationId: categories.stationId,
        vatRate: categories.vatRate,
      },
      defaultVatRate: chainDefaultVatRate(),
      branchPrice: branchItems.price,
      isSold: soldInBranch,
      isSoldOut: sql<boolean>`exists (
        select 1 from ${itemRecipeLines}
        left join ${branchStock} on ${branchStock.ingredientId} = ${itemRecipeLines.ingredientId}
          and ${branchStock.branchId} = ${branchId}
        where ${itemRecipeLines.itemId} = ${items.id}
          and coalesce(${branchStock.quantity}, 0) < ${itemRecipeLines.quantity}
      )`,
    })
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .leftJoin(branchItems, inBranch(branchId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(categories.sortOrder), asc(categories.name), asc(items.name));
}

/**
 * Every dish with what pricing an order in this branch reads of it (the branch's price; available when the
 * menu offers it and the branch sells it), its category's station, and whether it uses stock.
 */
export async function listItemsForOrders(db: Executor, branchId: string) {
  return db
    .select({
      id: items.id,
      name: items.name,
      price: sql<number>`coalesce(${branchItems.price}, ${items.price})`,
      categoryId: items.categoryId,
      isAvailable: sql<boolean>`(${items.isAvailable} and ${soldInBranch})`,
      stationId: items.stationId,
      categoryStationId: categories.stationId,
      vatRate: items.vatRate,
      categoryVatRate: categories.vatRate,
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
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .leftJoin(branchItems, inBranch(branchId));
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

export async function itemExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: items.id }).from(items).where(eq(items.id, id));
  return !!row;
}

/** Writes the branch's own price or availability of a dish; what is not given keeps its value (or the default). */
export async function upsertBranchItem(
  db: Executor,
  branchId: string,
  itemId: string,
  changes: { price?: number | null; isSold?: boolean },
): Promise<void> {
  await db
    .insert(branchItems)
    .values({ branchId, itemId, price: changes.price ?? null, isSold: changes.isSold ?? true })
    .onConflictDoUpdate({ target: [branchItems.branchId, branchItems.itemId], set: changes });
}
