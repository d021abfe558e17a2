import type { Messages } from '@lingui/core';

/** Every catalogue of every area (src/locales/<language>/<area>.po), each its own chunk: what staff screens read. */
export const staffCatalogues = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');
