import type { Ingredient, IngredientUnit, StockChangeReason } from '@quan/contract/ingredient';
import { matchesSearch } from '../../../lib/search';

export const unitLabels: Record<IngredientUnit, string> = {
  g: 'grams (g)',
  kg: 'kilograms (kg)',
  ml: 'millilitres (ml)',
  l: 'litres (l)',
  pcs: 'pieces (pcs)',
};

/** The reason of a history row in words. */
export const reasonLabels: Record<StockChangeReason, string> = {
  initial: 'Opening stock',
  restock: 'Restock',
  adjustment: 'Count adjustment',
  waste: 'Waste',
  order: 'Used by an order',
  order_cancelled: 'Returned: order cancelled',
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
