import type { Ingredient, IngredientUnit, StockChangeReason } from '@quan/contract/ingredient';
import { matchesSearch } from '../../../lib/search';

/** The message id of each unit's name: `t(unitMessages[unit])`. */
export const unitMessages: Record<IngredientUnit, string> = {
  g: 'ingredients.unit.g',
  kg: 'ingredients.unit.kg',
  ml: 'ingredients.unit.ml',
  l: 'ingredients.unit.l',
  pcs: 'ingredients.unit.pcs',
};

/** The message id of the reason of a history row in words. */
export const reasonMessages: Record<StockChangeReason, string> = {
  initial: 'ingredients.reason.initial',
  restock: 'ingredients.reason.restock',
  adjustment: 'ingredients.reason.adjustment',
  waste: 'ingredients.reason.waste',
  order: 'ingredients.reason.order',
  order_cancelled: 'ingredients.reason.orderCancelled',
  transfer_out: 'ingredients.reason.transferOut',
  transfer_in: 'ingredients.reason.transferIn',
};

/** Out of stock, low (at or below its threshold), or fine. */
export function stockLevelOf(ingredient: Pick<Ingredient, 'quantity' | 'isLowStock'>): 'out' | 'low' | 'ok' {
  if (ingredient.quantity <= 0) return 'out';
  return ingredient.isLowStock ? 'low' : 'ok';
}

/** The ingredients whose name or supplier matches the search (accents ignored), optionally only the low ones. */
export function filterIngredients(
  ingredients: readonly Ingredient[],
  { search, lowStockOnly }: { search: string; lowStockOnly: boolean },
): Ingredient[] {
  return ingredients.filter(
    (ingredient) =>
      (!lowStockOnly || ingredient.isLowStock) &&
      (matchesSearch(ingredient.name, search) || matchesSearch(ingredient.supplier, search)),
  );
}
