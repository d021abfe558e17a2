import type { PublicMenu } from '@quan/contract/public';
import { foldForSearch } from '../../../lib/search';

export type PublicMenuCategory = PublicMenu['categories'][number];
export type PublicMenuItem = PublicMenuCategory['items'][number];

/**
 * The categories with the dishes whose name or description, as typed or in English, contains the search,
 * ignoring case and Vietnamese accents ("pho" finds "Phở", "beef" finds "Phở bò" named "Beef pho"); categories
 * left without a dish are dropped.
 */
export function filterMenu(categories: readonly PublicMenuCategory[], search: string): PublicMenuCategory[] {
  const folded = foldForSearch(search);
  if (!folded) return categories.filter((category) => category.items.length > 0);
  return categories
    .map((category) => ({
      ...category,
      // One line per text (join writes nothing for a missing one), so a search never spans two of them.
      items: category.items.filter((item) =>
        foldForSearch([item.name, item.nameEn, item.description, item.descriptionEn].join('\n')).includes(folded),
      ),
    }))
    .filter((category) => category.items.length > 0);
}
