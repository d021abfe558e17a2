import { defineConfig } from 'vitest/config';

// Browser journeys against the built app: `npm test` builds first. One file at a time keeps two cores
// from juggling several Chromiums and servers.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
