import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Message catalogues, one .po file per language and area, with explicit message ids ("menu.search.label").
 * The Vite plugin compiles a catalogue when it is imported, so a phone downloads only its own language.
 */
export default defineConfig({
  locales: ['vi', 'en'],
  sourceLocale: 'en',
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/public', include: ['<rootDir>/src'] }],
  format: formatter({ lineNumbers: false }),
});
