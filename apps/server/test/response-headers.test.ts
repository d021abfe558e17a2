import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityDirectives, securityHeaders } from '../src/plugins/security-headers';
import { createMenu } from './factories';
import { buildTestApp, type TestApp } from './helper';

/** What @fastify/helmet sends with the options the app registered it with before it set the headers itself. */
async function helmetHeaders(): Promise<Record<string, string>> {
  const reference = Fastify();
  await reference.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityDirectives },
    strictTransportSecurity: false,
  });
  reference.get('/', async () => 'ok');
  const response = await reference.inject({ method: 'GET', url: '/' });
  await reference.close();
  const ownHeaders = new Set(['content-type', 'content-length', 'date', 'connection']);
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => !ownHeaders.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('are the ones @fastify/helmet sends with the app options, on answers, errors and pages alike', async () => {
    const expected = await helmetHeaders();
    expect(securityHeaders).toEqual(expected);
    for (const url of ['/api/public-menu', '/api/user', '/api/no-such-route', '/table/1']) {
      const response = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) {
        expect(response.headers[name], `${url} ${name}`).toBe(value);
      }
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('the global rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  const fromAddress = (remoteAddress: string, url = '/api/public-menu') =>
    t.app.inject({ method: 'GET', url, remoteAddress });

  it('counts each address in a one-minute window, with X-RateLimit headers, then answers 429', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await fromAddress('10.20.0.1'));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((r) => r.headers['x-ratelimit-limit'])).toEqual(['3', '3', '3', '3']);
    expect(answers.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    for (const answer of answers) {
      expect(Number(answer.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
      expect(Number(answer.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    const limited = answers[3]!;
    expect(Number(limited.headers['retry-after'])).toBe(Number(limited.headers['x-ratelimit-reset']));
    expect(limited.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many requests; try again in (1 minute|\d+ seconds?)$/),
      code: 'RATE_LIMITED',
    });
    expect(answers[0]!.headers['retry-after']).toBeUndefined();

    expect((await fromAddress('10.20.0.2')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const statuses = [];
    for (const host of ['1', '2', 'a:b', 'ffff'])
      statuses.push((await fromAddress(`2001:db8:0:7::${host}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await fromAddress('2001:db8:0:8::1')).statusCode).toBe(200);
  });

  it('does not count requests the sign-in check turns away first', async () => {
    for (let i = 0; i < 5; i++) {
      const refused = await fromAddress('10.20.0.3', '/api/user');
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect((await fromAddress('10.20.0.3')).headers['x-ratelimit-remaining']).toBe('2');
  });

  it('counts unknown API paths and the page fallback with the rest, and answers 429 once over the limit', async () => {
    const answers = [];
    for (const url of ['/api/no-such-route', '/table/1', '/api/public-menu', '/api/no-such-route', '/table/1'])
      answers.push(await fromAddress('10.20.0.4', url));
    expect(answers.map((r) => r.statusCode)).toEqual([404, 200, 200, 429, 429]);
    expect(answers.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0', '0']);
    expect(answers[1]!.headers['content-type']).toMatch(/^text\/html/);
    for (const limited of answers.slice(3)) {
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({
        success: false,
        message: expect.stringMatching(/^Too many requests; try again in (1 minute|\d+ seconds?)$/),
        code: 'RATE_LIMITED',
      });
    }
    // A method a path does not have falls to the not-found handler too, and counts there.
    expect((await t.app.inject({ method: 'DELETE', url: '/healthz', remoteAddress: '10.20.0.4' })).statusCode).toBe(
      429,
    );
    expect((await fromAddress('10.20.0.5', '/api/no-such-route')).statusCode).toBe(404);
  });
});

describe('the public menu, compressed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.signInAs('admin');
    await createMenu(
      t,
      Array.from({ length: 12 }, (_, i) => ({ name: `Bún chả Hà Nội ${i}`, price: 45_000 + i * 1000 })),
    );
  });
  afterAll(() => t.close());

  const menu = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/public-menu', headers });

  it('sends Brotli or gzip to a browser that takes it: the same menu, the same ETag', async () => {
    const plain = await menu();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.json().data.categories[0].items).toHaveLength(12);

    const br = await menu({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await menu({ 'accept-encoding': 'br;q=0, gzip;q=0.8' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);

    const refused = await menu({ 'accept-encoding': 'identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('answers 304 to the ETag whatever the encoding, saying the answer varies with it', async () => {
    const { etag } = (await menu()).headers;
    const notModified = await menu({ 'if-none-match': String(etag), 'accept-encoding': 'br' });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.headers.vary).toBe('accept-encoding');
  });
});
