// Bundles the server (and the contract package it imports as TypeScript source) into dist/main.js, and the
// database commands (db:backup, db:restore, db:move) into dist/db/cli.js and tls:rotate into dist/lib/tls-cli.js,
// which a production image runs with node.
// Every npm dependency stays external and is loaded from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@quan/'));

await build({
  entryPoints: ['src/main.ts', 'src/db/cli.ts', 'src/lib/tls-cli.ts'],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
