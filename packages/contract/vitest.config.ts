import { defineConfig } from 'vitest/config';

// The rules both apps share (the bill, option choices, rounds), tested on their own.
export default defineConfig({ test: { name: 'contract', environment: 'node', include: ['src/**/*.test.ts'] } });
