import type { PublicMenu } from '@quan/contract/public';
import { foldForSearch } from '../../../lib/search';

export type PublicMenuCategory = PublicMenu['categories'][number];
export type PublicMenuItem = PublicMenuCategory['items'][number];

/**
 * The categories with the dishes whose name or description contains the search, ignoring case and
 * Vietnamese accents ("pho" finds "Phở"); categories left without a dish are dropped.
 */
export function filterMenu(categories: readonly PublicMenuCategory[], search: string): PublicMenuCategory[] {
  const folded = foldForSearch(search);
  if (!folded) return categories.filter((category) => category.items.length > 0);
  return categories
    .map((category) => ({
      ...category,
      items: category.items.filter(
        (item) => foldForSearch(item.name).includes(folded) || foldForSearch(item.description).includes(folded),
      ),
    }))
    .filter((category) => category.items.length > 0);
}
