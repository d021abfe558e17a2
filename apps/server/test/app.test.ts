import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({}, (app) => {
    app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
      throw new Error('secret detail: connection string postgres://user:pw@db');
    });
  });
});
afterAll(() => t.close());

describe('the API envelope and errors', () => {
  it('answers an unknown /api path with a JSON 404 that names it', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      success: false,
      message: 'There is no API route POST /api/does-not-exist',
      code: 'NOT_FOUND',
    });
  });

  it('turns an unexpected failure into "Something went wrong" with a request id, and no detail', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      success: false,
      message: 'Something went wrong',
      code: 'INTERNAL_ERROR',
      requestId: expect.any(String),
    });
    expect(response.headers['x-request-id']).toBe(body.requestId);
    expect(response.body).not.toMatch(/secret|postgres|at .*\.ts/);
  });

  it('asks for a sign-in on API routes by default', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
  });

  it('accepts a trailing slash on every path', async () => {
    const admin = await t.signInAs('admin');
    const response = await t.request({ method: 'GET', url: '/api/user/', as: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { _id: admin.user._id } });
  });

  it('refuses a body over 1 MB with 413 and malformed JSON with 400', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.vn', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      message: 'The request body is too large (the limit is 1 MB)',
      code: 'BODY_TOO_LARGE',
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      success: false,
      message: 'The request body is not valid JSON',
      code: 'BODY_NOT_JSON',
    });
  });
});

describe('the web app', () => {
  it('serves index.html for client-side routes, so a reload of /orders works', async () => {
    for (const url of ['/', '/orders', '/table/4?key=abc', '/customer-management']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('Quán test page');
    }
  });

  it('answers a missing file with 404 instead of the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-oldhash.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      message: 'Nothing found at /assets/app-oldhash.js',
      code: 'NOT_FOUND',
    });
  });

  it('sends a strict content security policy and no HSTS for plain-HTTP restaurant networks', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('operations', () => {
  it('reports liveness and database readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok' });
  });

  it.skipIf(!process.env.DATABASE_URL)('survives PostgreSQL ending its idle connections', async () => {
    const { sql } = await import('drizzle-orm');
    await t.app.database.db.execute(sql`select 1`);
    const pg = await import('pg');
    const admin = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const scratch = new URL(String((t.config.database as { url: string }).url)).pathname.slice(1);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [scratch]);
    await admin.end();
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('exposes Prometheus metrics by route pattern and status, and process metrics', async () => {
    await t.app.inject({ method: 'GET', url: '/api/user' });
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toMatch(/http_requests_total\{method="GET",route="\/api\/user\/?",status_code="401"\} \d+/);
    expect(response.body).toContain('http_request_duration_seconds_bucket');
    expect(response.body).toContain('process_resident_memory_bytes');
  });

  it('publishes OpenAPI generated from the contract, and the interactive docs with their own CSP', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    const login = spec.paths['/api/user/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(spec.paths['/api/user/users/{id}/role']).toBeDefined();
    expect(spec.paths['/healthz']).toBeUndefined();

    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
    expect(String(docs.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it("documents both doors of POST /api/order: the POS's body and the table page's", async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const placeOrder = spec.paths['/api/order'].post;
    const bodies = placeOrder.requestBody.content['application/json'].schema.anyOf;
    // A staff order at a table may go without the guest's details.
    expect(bodies.map((body: { required: string[] }) => body.required)).toEqual([
      ['items'],
      ['tableNo', 'tableKey', 'items'],
    ]);
    const created = placeOrder.responses['201'].content['application/json'].schema.anyOf;
    expect(created).toHaveLength(2);
    expect(JSON.stringify(created[1])).toContain('trackingToken');
  });
});
