// First-load JavaScript of the diner pages (budget: ≤ 120 kB gzip each), read from the Vite manifest
// of a production build (`npx vite build` in apps/web first). It reads apps/web/dist, or the build directory
// given as its argument (`node apps/web/scripts/public-bundle-size.mjs /tmp/other-dist`).
//
// A route's first load is the entry chunk, the chunk of each route module React Router loads lazily for that
// URL, and every chunk those import statically, each file counted once. Chunks loaded later on demand
// (dynamic imports inside a page, such as socket.io-client) are not part of it. kB are 1000 bytes, as Vite
// prints them. This script reports; it never fails the build (exit code 0).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const budgetKb = 120;
// A report on stdout (the lint rule keeps console.log out of app code).
const print = (line = '') => process.stdout.write(`${line}\n`);
const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = process.argv[2] ? resolve(process.argv[2]) : join(webRoot, 'dist');
const manifestPath = join(distDir, '.vite', 'manifest.json');

/**
 * The lazy route modules each public URL loads on first visit (see src/app/routes.tsx), and, for information,
 * the code a page fetches on its own once it is up (`afterFirstRender`), which is not part of the budget.
 */
const publicRoutes = [
  { route: '/landing', lazyModules: ['src/features/landing/pages/LandingPage.tsx'] },
  {
    route: '/public-menu',
    lazyModules: ['src/features/public-menu/pages/PublicMenuPage.tsx'],
    afterFirstRender: ['../../node_modules/socket.io-client/build/esm/index.js'],
  },
  {
    route: '/table/:n',
    lazyModules: ['src/features/table-ordering/pages/TableOrderingPage.tsx'],
    // The menu shows without these; the cart and ordering code arrives while the menu is fetched.
    afterFirstRender: [
      'src/features/table-ordering/components/TableOrdering.tsx',
      '../../node_modules/socket.io-client/build/esm/index.js',
    ],
  },
];

if (!existsSync(manifestPath)) {
  print(`No manifest at ${manifestPath}: run "npx vite build" in apps/web first.`);
  process.exit(0);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const gzipSizes = new Map();

function gzipSize(file) {
  if (!gzipSizes.has(file)) {
    const bytes = readFileSync(join(distDir, file));
    gzipSizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return gzipSizes.get(file);
}

/** The JS files of the given manifest chunks and of everything they import statically. */
function staticClosure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk "${key}"; did the route move?`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files];
}

// The words a diner's page loads before it shows (src/lib/i18n.ts): the diner areas of one language, the larger
// one here. Reported beside the budget, which was set for the code before the product had two languages.
const catalogueGzip = Object.keys(manifest)
  .filter((key) => /^src\/locales\/vi\/(public|table|landing)\.po$/.test(key))
  .reduce((sum, key) => sum + gzipSize(manifest[key].file).gzip, 0);

const kb = (bytes) => (bytes / 1000).toFixed(1);

print(`First-load JavaScript per public route (gzip level 9; budget ${budgetKb} kB)\n`);
for (const { route, lazyModules, afterFirstRender = [] } of publicRoutes) {
  let files;
  try {
    files = staticClosure([entryKey, ...lazyModules]);
  } catch (error) {
    print(`${route}: ${error.message}\n`);
    continue;
  }
  const sized = files.map((file) => ({ file, ...gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
  const total = sized.reduce((sum, { gzip }) => sum + gzip, 0);
  const raw = sized.reduce((sum, file) => sum + file.raw, 0);
  const verdict = total <= budgetKb * 1000 ? 'within budget' : 'OVER BUDGET';
  print(`${route.padEnd(14)} ${kb(total).padStart(6)} kB gzip (${kb(raw)} kB raw, ${files.length} files)  ${verdict}`);
  for (const { file, gzip } of sized.slice(0, 6)) print(`    ${kb(gzip).padStart(6)} kB  ${file}`);
  print(`    + ${kb(catalogueGzip)} kB gzip of words, loaded with the page (the Vietnamese diner catalogues)`);
  if (afterFirstRender.length > 0) {
    let later;
    try {
      later = staticClosure(afterFirstRender).filter((file) => !files.includes(file));
    } catch (error) {
      print(`    (after the first render: ${error.message})`);
      later = [];
    }
    const laterGzip = later.reduce((sum, file) => sum + gzipSize(file).gzip, 0);
    print(
      `    + ${kb(laterGzip)} kB gzip loaded after the first render (${later.length} file${later.length === 1 ? '' : 's'}): ${kb(total + laterGzip)} kB in all`,
    );
  }
  print();
}
