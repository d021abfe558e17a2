import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';
import boundaries from './tooling/eslint-import-boundaries.js';

/** Words in JSX text and in the attributes people read or hear; class names, ids and the like are code. */
const noLiteralStrings = {
  mode: 'jsx-only',
  // Message ids, not words: the translate calls (the plugin's own list, and our sentence-with-elements helper).
  callees: {
    exclude: ['i18n(ext)?', 't', 'messageWithElements', 'require', 'addEventListener', 'removeEventListener'],
  },
  'jsx-attributes': {
    include: ['aria-label', 'aria-description', 'placeholder', 'title', 'alt', 'label', 'hint', 'message'],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { quan: boundaries },
    rules: {
      'quan/import-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every screen's words come from the message catalogues (apps/web/src/locales): a sentence typed into JSX,
    // or into an attribute a person reads or hears, fails the lint.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/web/src/test/**'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', noLiteralStrings] },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/e2e/**', 'bench/**', 'scripts/**'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
