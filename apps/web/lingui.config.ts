import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const localesDir = fileURLToPath(new URL('./src/locales/en', import.meta.url));

/**
 * Message catalogues, one .po file per language and area (`public` and `table` for the diners' pages, one per
 * staff area), with explicit message ids ("menu.search.label"). The Vite plugin compiles a catalogue when it is
 * imported, so a phone downloads only its own language; lib/i18n.ts says which areas each audience loads.
 */
export default defineConfig({
  locales: ['vi', 'en'],
  sourceLocale: 'en',
  catalogs: readdirSync(localesDir)
    .filter((file) => file.endsWith('.po'))
    .map((file) => ({
      path: `<rootDir>/src/locales/{locale}/${file.replace(/\.po$/, '')}`,
      include: ['<rootDir>/src'],
    })),
  format: formatter({ lineNumbers: false }),
});
