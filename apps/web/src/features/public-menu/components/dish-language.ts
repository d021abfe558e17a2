import type { Language } from '@quan/contract/language';

/** A name as typed, and in English where the restaurant wrote it. */
interface NamedTexts {
  name: string;
  nameEn?: string | null;
}

/** What a dish says about itself: as typed, and in English where the restaurant wrote it. */
interface DishTexts extends NamedTexts {
  description: string;
  descriptionEn?: string | null;
  /** Its option groups, each option named the same way. */
  optionGroups?: readonly (NamedTexts & { options: readonly NamedTexts[] })[];
}

/** A category, group or option as a diner whose page is in `language` reads its name. */
export function namedIn<Named extends NamedTexts>(named: Named, language: Language): Named {
  return language === 'en' && named.nameEn ? { ...named, name: named.nameEn } : named;
}

/**
 * The dish as a diner whose page is in `language` reads it: in English, with the English name and description
 * the restaurant wrote (each on its own, when set), and its option groups and options by their English names;
 * otherwise, and in Vietnamese, as typed.
 */
export function dishIn<Dish extends DishTexts>(dish: Dish, language: Language): Dish {
  if (language !== 'en') return dish;
  return {
    ...dish,
    name: dish.nameEn || dish.name,
    description: dish.descriptionEn || dish.description,
    ...(dish.optionGroups && {
      optionGroups: dish.optionGroups.map((group) => ({
        ...namedIn(group, language),
        options: group.options.map((option) => namedIn(option, language)),
      })),
    }),
  };
}

/** What the English names of a menu need: its dishes, and their groups' options, each perhaps named in English. */
interface MenuTexts {
  items: readonly (NamedTexts & {
    _id: string;
    optionGroups: readonly { options: readonly (NamedTexts & { _id: string })[] }[];
  })[];
}

/** The English names of a menu's dishes and options, by id (only those the restaurant wrote). */
export function englishNamesOf(categories: readonly MenuTexts[]): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  for (const item of categories.flatMap((category) => category.items)) {
    if (item.nameEn) names.set(item._id, item.nameEn);
    for (const option of item.optionGroups.flatMap((group) => group.options)) {
      if (option.nameEn) names.set(option._id, option.nameEn);
    }
  }
  return names;
}
