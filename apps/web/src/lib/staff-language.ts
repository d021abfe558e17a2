import type { Messages } from '@lingui/core';
import { z } from 'zod';
import type { Language } from '@quan/contract/language';

/*
 * What only the staff screens need of a language, in a chunk of its own so that a diner's phone never downloads
 * it (lib/i18n.ts loads it for the staff audience).
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
