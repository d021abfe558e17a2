import { defineConfig } from 'vitest/config';

// `npm test` runs every project; `--project contract|server|web|e2e` runs one.
export default defineConfig({
  test: {
    projects: [
      'tooling/vitest.config.ts',
      'packages/contract/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vite.config.ts',
      'apps/web/e2e/vitest.config.ts',
    ],
  },
});
