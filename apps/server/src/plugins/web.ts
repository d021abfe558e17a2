import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ErrorResponse } from '@quan/contract/common';
import type { FastifyInstance } from 'fastify';

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with, among those there is a copy of: Brotli, else gzip, as far as Accept-Encoding
 * takes them (`*` counts, q=0 refuses, a higher q wins); null for the plain bytes.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: Partial<Record<Encoding, unknown>>,
): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  let best: Encoding | null = null;
  for (const encoding of ['br', 'gzip'] as const) {
    if (available[encoding] && weightOf(encoding) > 0 && (!best || weightOf(encoding) > weightOf(best))) {
      best = encoding;
    }
  }
  return best;
}

function readIfPresent(path: string): Buffer | null {
  return existsSync(path) ? readFileSync(path) : null;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and index.html for
 * any other GET a browser makes, so client-side routes survive a reload. Unknown /api paths get JSON.
 *
 * The build writes Brotli and gzip copies of its text files (apps/web/scripts/precompress.mjs); a browser
 * that accepts one gets it, with Content-Encoding and `Vary: Accept-Encoding`, so nothing is compressed
 * per request. index.html and its copies are kept in memory.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = join(distDir, 'index.html');
  const indexHtml = readIfPresent(indexPath);
  const compressedIndex: Partial<Record<Encoding, Buffer>> = {};
  for (const [encoding, extension] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    const bytes = indexHtml && readIfPresent(indexPath + extension);
    if (bytes) compressedIndex[encoding] = bytes;
  }
  const hasCompressedIndex = Object.keys(compressedIndex).length > 0;

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The copies are sent in place of their file, never as files of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, path) {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`No built web app in ${distDir}; run "npm run build" to serve it`);
  }

  // Unknown paths have no route for the global rate limit's hook to sit on; they count against it here.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    // A missing file (/assets/old-hash.js) is a 404, not the page.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi && !looksLikeFile;
    if (!wantsPage || !indexHtml) {
      const message = isApi ? `There is no API route ${request.method} ${path}` : `Nothing found at ${path}`;
      return reply.status(404).send({ success: false, message, code: 'NOT_FOUND' } satisfies ErrorResponse);
    }
    reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!hasCompressedIndex) return reply.send(indexHtml);
    reply.header('vary', 'accept-encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding'], compressedIndex);
    if (!encoding) return reply.send(indexHtml);
    return reply.header('content-encoding', encoding).send(compressedIndex[encoding]);
  });
}
