import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

// A web build as `npm run build` leaves it: text files over 1 kB have .br and .gz copies, small ones none.
const script = `export const dishes = [${Array.from({ length: 200 }, (_, i) => `"Phở bò ${i}"`).join(',')}];\n`;
const page = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const smallStyle = 'body{margin:0}';

let distDir: string;
let t: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'quan-web-assets-'));
  mkdirSync(join(distDir, 'assets'));
  for (const [path, text, compress] of [
    ['index.html', page, true],
    ['assets/app-abc123.js', script, true],
    ['assets/small-abc123.css', smallStyle, false],
  ] as const) {
    writeFileSync(join(distDir, path), text);
    if (compress) {
      writeFileSync(join(distDir, `${path}.br`), brotliCompressSync(text));
      writeFileSync(join(distDir, `${path}.gz`), gzipSync(text));
    }
  }
  t = await buildTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the web build, precompressed', () => {
  it('sends the Brotli copy of an asset to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 2);
  });

  it('sends gzip when Brotli is refused or not offered', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
      const response = await get('/assets/app-abc123.js', acceptEncoding);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(response.rawPayload).toString()).toBe(script);
    }
  });

  it('sends the file as it is without Accept-Encoding, still saying that the answer varies with it', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(script);
  });

  it('sends a small file that has no compressed copy as it is', async () => {
    const response = await get('/assets/small-abc123.css', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(smallStyle);
  });

  it('does not serve the compressed copies as files of their own', async () => {
    expect((await get('/assets/app-abc123.js.br', 'br')).statusCode).toBe(404);
    expect((await get('/assets/app-abc123.js.gz')).statusCode).toBe(404);
  });

  it('answers a client-side route with the compressed page, never cached', async () => {
    const compressed = await get('/table/3?key=abc', 'gzip, deflate, br');
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(compressed.headers['cache-control']).toBe('no-cache');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(page);

    const gzipped = await get('/public-menu', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(page);

    const plain = await get('/public-menu');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });
});

describe('the web build and the per-address limit', () => {
  it("serves the build's files whatever the limit, while a missing file still counts against it", async () => {
    const limited = await buildTestApp({ WEB_DIST_DIR: distDir, RATE_LIMIT_MAX: '3' });
    try {
      for (let i = 0; i < 10; i++) {
        expect((await limited.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).statusCode).toBe(200);
      }
      const missing = [];
      for (let i = 0; i < 4; i++)
        missing.push((await limited.app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode);
      expect(missing).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
