// Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every text file of the web build
// over 1 kB, once at build time, so the server sends compressed bytes without compressing per request
// (@fastify/static `preCompressed`). A copy that would not be smaller is not written. Run after `vite build`.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const MIN_BYTES = 1024;
const TEXT_FILE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/i;
const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const print = (line = '') => process.stdout.write(`${line}\n`);

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

/**
 * Every file under `dir`, except Vite's own folder (.vite: the manifest) and the server's renderer of the diner
 * pages (.ssr), which the browser never gets.
 */
async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '.vite' || entry.name === '.ssr' ? [] : filesUnder(path);
      return [path];
    }),
  );
  return nested.flat();
}

async function compress(path) {
  const source = await readFile(path);
  const variants = [
    [
      '.br',
      await toBrotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
    ],
    ['.gz', await toGzip(source, { level: constants.Z_BEST_COMPRESSION })],
  ];
  const sizes = { path, raw: source.length };
  for (const [extension, bytes] of variants) {
    // A stale copy from an earlier build must not outlive a file that no longer compresses.
    if (bytes.length < source.length) await writeFile(path + extension, bytes);
    else await rm(path + extension, { force: true });
    sizes[extension] = bytes.length;
  }
  return sizes;
}

if (!(await stat(distDir).catch(() => null))?.isDirectory()) {
  print(`No build at ${distDir}: run "vite build" first.`);
  process.exit(1);
}
const files = [];
for (const path of await filesUnder(distDir)) {
  if (TEXT_FILE.test(path) && (await stat(path)).size > MIN_BYTES) files.push(path);
}
const results = await Promise.all(files.map(compress));
const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
print(
  `precompressed ${results.length} files in ${relative(process.cwd(), distDir) || '.'}: ${kb(total('raw'))} → ` +
    `${kb(total('.br'))} brotli, ${kb(total('.gz'))} gzip`,
);
