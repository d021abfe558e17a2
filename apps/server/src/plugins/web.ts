import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ErrorResponse } from '@quan/contract/common';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and index.html for
 * any other GET a browser makes, so client-side routes survive a reload. Unknown /api paths get JSON.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = join(distDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath) : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`No built web app in ${distDir}; run "npm run build" to serve it`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    // A missing file (/assets/old-hash.js) is a 404, not the page.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi && !looksLikeFile;
    if (!wantsPage || !indexHtml) {
      const message = isApi ? `There is no API route ${request.method} ${path}` : `Nothing found at ${path}`;
      return reply.status(404).send({ success: false, message } satisfies ErrorResponse);
    }
    return reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
