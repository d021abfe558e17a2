import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { PING_TIMEOUT_MS } from '../src/db/client';
import { healthRoutes, READY_TIMEOUT_MS } from '../src/modules/health/routes';
import { buildTestApp } from './helper';

/**
 * A TCP relay to PostgreSQL that can stop forwarding: while paused it still accepts connections and holds
 * what either side sends (a server that accepts connections but does not answer); on resume it delivers
 * what it held, in order.
 */
async function startRelay(target: { host: string; port: number }) {
  let paused = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((client) => {
    accepted += 1;
    const upstream = net.connect(target.port, target.host);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk: Buffer) => (paused ? held.push(() => to.write(chunk)) : to.write(chunk)));
      from.on('close', end);
      from.on('error', end);
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Connections accepted so far. */
    accepted: () => accepted,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const deliver of held.splice(0)) deliver();
    },
    close() {
      paused = false;
      held.length = 0;
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** GET /readyz, with how long it took. */
async function readiness(app: FastifyInstance): Promise<{ status: number; ms: number; body: unknown }> {
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: response.statusCode, ms: performance.now() - started, body: response.json() };
}

describe('/readyz', () => {
  it('is 200 when the database answers', async () => {
    const t = await buildTestApp();
    try {
      expect(await readiness(t.app)).toMatchObject({ status: 200, body: { status: 'ready', database: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('answers 503 within a second while the ping hangs, one ping at a time, and 200 once it answers', async () => {
    // The health routes alone, on a database ping that the test answers when it likes.
    const app = Fastify();
    let pings = 0;
    let healthy = false;
    let answer: () => void = () => undefined;
    app.decorate('lifecycle', { draining: false, shutdown: async () => undefined, endDrain: () => undefined });
    await app.register(healthRoutes, {
      pingDatabase: () => {
        pings += 1;
        return healthy ? Promise.resolve() : new Promise<void>((done) => (answer = done));
      },
    });
    try {
      const checks = await Promise.all(Array.from({ length: 3 }, () => readiness(app)));
      for (const check of checks) {
        expect(check).toMatchObject({ status: 503, body: { status: 'not ready', database: 'unreachable' } });
        expect(check.ms).toBeLessThan(1500);
      }
      expect((await readiness(app)).status).toBe(503);
      expect(pings, 'every check waited for the same ping').toBe(1);

      // The database is back: the stuck ping ends, and the next check's own ping answers.
      healthy = true;
      answer();
      expect((await readiness(app)).status).toBe(200);
      expect(pings).toBe(2);
    } finally {
      await app.close();
    }
  });
});

// Runs where the suite has PostgreSQL (DATABASE_URL), like the other PostgreSQL-only tests.
describe.runIf(process.env.DATABASE_URL)('PostgreSQL timeouts (through a TCP relay that can stop answering)', () => {
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://unused');
  const name = `quan_test_${randomBytes(6).toString('hex')}`;
  let relay: Awaited<ReturnType<typeof startRelay>> | null = null;
  let webDist: string | null = null;
  let app: FastifyInstance;

  beforeAll(async () => {
    await adminQuery(base.toString(), `create database "${name}"`);
    relay = await startRelay({ host: base.hostname, port: Number(base.port || 5432) });
    webDist = mkdtempSync(join(tmpdir(), 'quan-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Quán</title>');
    const throughRelay = new URL(base);
    throughRelay.hostname = '127.0.0.1';
    throughRelay.port = String(relay.port);
    throughRelay.pathname = `/${name}`;
    app = await buildApp({
      ...loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: webDist,
        DATABASE_URL: throughRelay.toString(),
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        DATABASE_STATEMENT_TIMEOUT_MS: '1500',
      }),
      dataDir: null,
      redis: null,
    });
    await app.ready();
  });

  afterAll(async () => {
    relay?.resume();
    await app?.close();
    await relay?.close();
    await adminQuery(base.toString(), `drop database if exists "${name}" with (force)`).catch(() => undefined);
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  it('cancels a statement that runs past DATABASE_STATEMENT_TIMEOUT_MS, and the pool carries on', async () => {
    const started = performance.now();
    await expect(app.database.db.execute(sql`select pg_sleep(5)`)).rejects.toMatchObject({
      cause: { code: '57014' }, // query_canceled: "canceling statement due to statement timeout"
    });
    expect(performance.now() - started).toBeLessThan(4000);
    expect(await app.database.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
  });

  it('answers 503 within a second, keeps one ping in flight, and turns 200 again by itself', async () => {
    const through = relay!;
    expect((await readiness(app)).status).toBe(200);

    through.pause();
    const stuck = await readiness(app);
    expect(stuck.status).toBe(503);
    expect(stuck.body).toEqual({ status: 'not ready', database: 'unreachable' });
    // READY_TIMEOUT_MS (under a second), plus room for a busy machine.
    expect(stuck.ms).toBeGreaterThanOrEqual(READY_TIMEOUT_MS - 50);
    expect(stuck.ms).toBeLessThan(1500);

    // Checks while the ping is stuck wait for the same ping: no new connection for each.
    const acceptedBefore = through.accepted();
    const checks = await Promise.all(Array.from({ length: 5 }, () => readiness(app)));
    expect(checks.map((check) => check.status)).toEqual([503, 503, 503, 503, 503]);
    expect(through.accepted() - acceptedBefore).toBeLessThanOrEqual(1);

    // Long enough for the stuck ping to be given up (its connection dropped), so that the next check's ping
    // opens a new connection, which PostgreSQL does not answer either.
    await new Promise((done) => setTimeout(done, PING_TIMEOUT_MS + 500));
    expect((await readiness(app)).status).toBe(503);

    through.resume();
    const deadline = performance.now() + 20_000;
    let status = 503;
    while (status !== 200 && performance.now() < deadline) {
      status = (await readiness(app)).status;
      if (status !== 200) await new Promise((done) => setTimeout(done, 200));
    }
    expect(status, 'ready again once PostgreSQL answers').toBe(200);
  }, 60_000);
});
