import type { Messages } from '@lingui/core';
import { z } from 'zod';
import type { Language } from '@quan/contract/language';
import { activateLanguage, deviceLanguage, isLanguage } from './i18n';

/*
 * What only the staff screens need of a language, in a chunk of its own so that a diner's phone never downloads
 * it (the staff routes and lib/i18n.ts load it for the staff audience).
 */

/** Every catalogue of every area (src/locales/<language>/<area>.po), each its own chunk. */
export const staffCatalogues = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');

/**
 * zod's own sentences in the staff's language, for the few checks whose schema in the contract brings no sentence
 * of its own (those are translated from the `validation` catalogue: lib/form-resolver.ts).
 */
export function showZodMessagesIn(language: Language): void {
  z.config(language === 'vi' ? z.locales.vi() : z.locales.en());
}

/** Where a staff device remembers the language its screens last showed, so the next start shows it at once. */
export const staffLanguageStorageKey = 'staffLanguage';

/**
 * The language a staff screen starts in: the one this device last showed (the person's profile choice, else the
 * restaurant's), else the device's own. The staff app corrects it once the profile and the settings are read.
 */
export function storedStaffLanguage(): Language {
  const stored = localStorage.getItem(staffLanguageStorageKey);
  return isLanguage(stored) ? stored : deviceLanguage();
}

/** Shows a staff member's language and remembers it on the device (an answer without one changes nothing). */
export async function showStaffLanguage(language: Language | undefined): Promise<void> {
  if (!isLanguage(language)) return;
  localStorage.setItem(staffLanguageStorageKey, language);
  await activateLanguage(language, 'staff');
}
