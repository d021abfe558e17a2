import type { VatRate } from '@quan/contract/vat';
import { menuCatalog, type DishSpec, type IngredientKey } from '../restaurant-catalog';
import type { restaurantSizes, RestaurantSize } from './options';

// Which dishes of the catalogue the restaurant serves, and which of them its guests order most.

/**
 * The categories billed at a rate of their own: beer and spirits are outside the VAT reduction, at 10 % (the
 * demo keeps the category's few soft drinks with them, to stay simple), while the food and the other drinks
 * follow the restaurant's default (8 % while the reduction lasts). Null: the default.
 */
const categoryVatRates: Record<string, VatRate> = { 'Bia & Nước ngọt': 10 };
export const categoryVatRate = (name: string): VatRate | null => categoryVatRates[name] ?? null;

/** Dishes per category, in proportion to how many each category has, the classics first. */
export function chooseMenu(size: (typeof restaurantSizes)[RestaurantSize]) {
  const chosen = menuCatalog.slice(0, size.categories);
  const available = chosen.reduce((sum, category) => sum + category.dishes.length, 0);
  const wanted = Math.min(size.dishes, available);
  const shares = chosen.map((category) => (category.dishes.length * wanted) / available);
  const counts = shares.map((share) => Math.max(1, Math.floor(share)));
  // Largest remainders first, until the total is right.
  const byRemainder = shares.map((share, index) => ({ index, remainder: share - Math.floor(share) }));
  byRemainder.sort((a, b) => b.remainder - a.remainder);
  for (let k = 0; counts.reduce((a, b) => a + b, 0) < wanted; k++) {
    const { index } = byRemainder[k % byRemainder.length]!;
    if (counts[index]! < chosen[index]!.dishes.length) counts[index]! += 1;
  }
  return chosen.map((category, index) => ({ ...category, dishes: category.dishes.slice(0, counts[index]) }));
}

/**
 * Food and drinks each in order of popularity: the classics of every category take turns at the top
 * (the first dish of each category, then the second of each, …).
 */
export function popularityOrder(menu: ReturnType<typeof chooseMenu>, dishRows: { id: string }[]) {
  const byCategory: { isDrinks: boolean; ids: string[] }[] = [];
  let next = 0;
  for (const category of menu) {
    byCategory.push({
      isDrinks: !!category.isDrinks,
      ids: dishRows.slice(next, next + category.dishes.length).map((d) => d.id),
    });
    next += category.dishes.length;
  }
  const interleave = (groups: string[][]) => {
    const longest = Math.max(0, ...groups.map((g) => g.length));
    return Array.from({ length: longest }, (_, rank) =>
      groups.flatMap((g) => (rank < g.length ? [g[rank]!] : [])),
    ).flat();
  };
  return {
    foodIds: interleave(byCategory.filter((c) => !c.isDrinks).map((c) => c.ids)),
    drinkIds: interleave(byCategory.filter((c) => c.isDrinks).map((c) => c.ids)),
  };
}

/** Sums repeated ingredients of a recipe (shared parts can name one twice). */
export function mergeRecipe(recipe: DishSpec['recipe']): Map<IngredientKey, number> {
  const merged = new Map<IngredientKey, number>();
  for (const [key, quantity] of recipe) merged.set(key, Math.round(((merged.get(key) ?? 0) + quantity) * 1000) / 1000);
  return merged;
}
