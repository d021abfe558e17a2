import type { Language } from '@quan/contract/language';

/** What a dish says about itself: as typed, and in English where the restaurant wrote it. */
interface DishTexts {
  name: string;
  description: string;
  nameEn?: string | null;
  descriptionEn?: string | null;
}

/**
 * The dish as a diner whose page is in `language` reads it: in English, with the English name and description
 * the restaurant wrote (each on its own, when set); otherwise, and in Vietnamese, as typed.
 */
export function dishIn<Dish extends DishTexts>(dish: Dish, language: Language): Dish {
  return language === 'en'
    ? { ...dish, name: dish.nameEn || dish.name, description: dish.descriptionEn || dish.description }
    : dish;
}
