import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branchOptions, branchStock } from '../../db/schema/branches';
import { ingredients } from '../../db/schema/ingredients';
import {
  itemOptionGroups,
  itemRecipeLines,
  items,
  optionGroups,
  optionRecipeLines,
  options,
} from '../../db/schema/menu';

export type OptionGroupRow = typeof optionGroups.$inferSelect;
export type OptionRow = typeof options.$inferSelect;

export function listGroups(db: Executor, ids?: string[]): Promise<OptionGroupRow[]> {
  return db
    .select()
    .from(optionGroups)
    .where(ids ? inArray(optionGroups.id, ids) : undefined)
    .orderBy(asc(sql`lower(${optionGroups.name})`));
}

export async function lockGroup(db: Executor, id: string): Promise<OptionGroupRow | undefined> {
  const [row] = await db.select().from(optionGroups).where(eq(optionGroups.id, id)).for('update');
  return row;
}

/** The options still offered in these groups, in their order. */
export function listOfferedOptions(db: Executor, groupIds: string[]): Promise<OptionRow[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(options)
    .where(and(inArray(options.groupId, groupIds), isNull(options.removedAt)))
    .orderBy(asc(options.sortOrder));
}

export function listOptionRecipes(db: Executor, optionIds: string[]) {
  if (optionIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      optionId: optionRecipeLines.optionId,
      ingredientId: optionRecipeLines.ingredientId,
      quantity: optionRecipeLines.quantity,
      name: ingredients.name,
      unit: ingredients.unit,
    })
    .from(optionRecipeLines)
    .innerJoin(ingredients, eq(ingredients.id, optionRecipeLines.ingredientId))
    .where(inArray(optionRecipeLines.optionId, optionIds))
    .orderBy(asc(ingredients.name));
}

/** The dishes offering each of these groups, by name. */
export function listDishesOffering(db: Executor, groupIds: string[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .select({ groupId: itemOptionGroups.groupId, id: items.id, name: items.name })
    .from(itemOptionGroups)
    .innerJoin(items, eq(items.id, itemOptionGroups.itemId))
    .where(inArray(itemOptionGroups.groupId, groupIds))
    .orderBy(asc(items.name));
}

export async function insertGroup(db: Executor, values: typeof optionGroups.$inferInsert): Promise<void> {
  await db.insert(optionGroups).values(values);
}

export async function updateGroup(db: Executor, id: string, changes: Partial<typeof optionGroups.$inferInsert>) {
  await db
    .update(optionGroups)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(optionGroups.id, id));
}

export async function deleteGroup(db: Executor, id: string): Promise<void> {
  await db.delete(optionGroups).where(eq(optionGroups.id, id));
}

export async function upsertOption(db: Executor, values: typeof options.$inferInsert): Promise<void> {
  await db
    .insert(options)
    .values(values)
    .onConflictDoUpdate({
      target: options.id,
      set: {
        name: values.name,
        nameEn: values.nameEn,
        isDefault: values.isDefault,
        priceDelta: values.priceDelta,
        sortOrder: values.sortOrder,
        removedAt: null,
      },
    });
}

/**
 * Options taken out of their group stay as rows with `removed_at`, so an order that still names one is told
 * which option is gone; their recipe changes go, so they never hold an ingredient back from deletion.
 */
export async function removeOptions(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(options)
    .set({ removedAt: sql`now()` })
    .where(inArray(options.id, ids));
  await db.delete(optionRecipeLines).where(inArray(optionRecipeLines.optionId, ids));
}

export async function replaceOptionRecipe(
  db: Executor,
  optionId: string,
  lines: { ingredientId: string; quantity: number }[],
): Promise<void> {
  await db.delete(optionRecipeLines).where(eq(optionRecipeLines.optionId, optionId));
  if (lines.length > 0) await db.insert(optionRecipeLines).values(lines.map((line) => ({ optionId, ...line })));
}

/** Options by id, offered or not, with their group: what an order line names. */
export function findOptions(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ option: options, group: { id: optionGroups.id, name: optionGroups.name } })
    .from(options)
    .innerJoin(optionGroups, eq(optionGroups.id, options.groupId))
    .where(inArray(options.id, ids));
}

/** The groups each of these dishes offers, in the dish's order. */
export function listDishGroups(db: Executor, itemIds: string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({ itemId: itemOptionGroups.itemId, group: optionGroups })
    .from(itemOptionGroups)
    .innerJoin(optionGroups, eq(optionGroups.id, itemOptionGroups.groupId))
    .where(inArray(itemOptionGroups.itemId, itemIds))
    .orderBy(asc(itemOptionGroups.sortOrder));
}

export async function replaceDishGroups(db: Executor, itemId: string, groupIds: string[]): Promise<void> {
  await db.delete(itemOptionGroups).where(eq(itemOptionGroups.itemId, itemId));
  if (groupIds.length > 0) {
    await db.insert(itemOptionGroups).values(groupIds.map((groupId, sortOrder) => ({ itemId, groupId, sortOrder })));
  }
}

/**
 * The options of these dishes that the branch's stock cannot make one portion of: some ingredient the option
 * changes would need more than the branch holds (the dish's own amount plus the option's change; none held
 * without a row). The dish's own shortages make the whole dish sold out and are not repeated here.
 */
export async function soldOutOptions(db: Executor, branchId: string, itemIds: string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ itemId: itemOptionGroups.itemId, optionId: options.id })
    .from(itemOptionGroups)
    .innerJoin(options, and(eq(options.groupId, itemOptionGroups.groupId), isNull(options.removedAt)))
    .innerJoin(optionRecipeLines, eq(optionRecipeLines.optionId, options.id))
    .leftJoin(
      branchStock,
      and(eq(branchStock.ingredientId, optionRecipeLines.ingredientId), eq(branchStock.branchId, branchId)),
    )
    .leftJoin(
      itemRecipeLines,
      and(
        eq(itemRecipeLines.itemId, itemOptionGroups.itemId),
        eq(itemRecipeLines.ingredientId, optionRecipeLines.ingredientId),
      ),
    )
    .where(
      and(
        inArray(itemOptionGroups.itemId, itemIds),
        sql`coalesce(${itemRecipeLines.quantity}, 0) + ${optionRecipeLines.quantity} > coalesce(${branchStock.quantity}, 0)`,
      ),
    );
  return new Set(rows.map((row) => `${row.itemId}:${row.optionId}`));
}

export async function findExistingGroupIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: optionGroups.id }).from(optionGroups).where(inArray(optionGroups.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function findExistingIngredientIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: ingredients.id }).from(ingredients).where(inArray(ingredients.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** The branch's own rows for these options (its price change, whether it offers them); none: as the menu says. */
export function listBranchOptions(db: Executor, branchId: string, optionIds: string[]) {
  if (optionIds.length === 0) return Promise.resolve([]);
  return db
    .select({ optionId: branchOptions.optionId, priceDelta: branchOptions.priceDelta, isSold: branchOptions.isSold })
    .from(branchOptions)
    .where(and(eq(branchOptions.branchId, branchId), inArray(branchOptions.optionId, optionIds)));
}

/** An option still offered in its group, with the group's id. */
export async function findOfferedOption(db: Executor, id: string) {
  const [row] = await db
    .select({ id: options.id, groupId: options.groupId })
    .from(options)
    .where(and(eq(options.id, id), isNull(options.removedAt)));
  return row;
}

/** Writes the branch's own price change or availability of an option; what is not given keeps its value. */
export async function upsertBranchOption(
  db: Executor,
  branchId: string,
  optionId: string,
  changes: { priceDelta?: number | null; isSold?: boolean },
): Promise<void> {
  await db
    .insert(branchOptions)
    .values({ branchId, optionId, priceDelta: changes.priceDelta ?? null, isSold: changes.isSold ?? true })
    .onConflictDoUpdate({ target: [branchOptions.branchId, branchOptions.optionId], set: changes });
}
