import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccountInput } from './factories';

/**
 * A rolling restart of a chain behind a real balancer, as an operator runs one: two server processes on one
 * PostgreSQL and Redis behind HAProxy (round robin, /readyz checks), a client placing orders all along, each
 * with its own Idempotency-Key and retried once with it after a failure, as the web app does. Each instance in
 * turn gets SIGTERM, exits, starts again and waits until the balancer sends it traffic. No order may fail after
 * its retry, and every acknowledged order must exist exactly once.
 *
 * It needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL) and haproxy. CI sets both URLs and installs haproxy
 * (.ci/run), so with the URLs set a missing haproxy is a failure, not a skip.
 */

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const serverDir = resolve(import.meta.dirname, '..');

/** haproxy on the PATH, or where Debian puts it (/usr/sbin is not on every user's PATH); null when missing. */
function findHaproxy(): string | null {
  for (const candidate of [process.env.HAPROXY || 'haproxy', '/usr/sbin/haproxy']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

/** The drain of each instance: several of the balancer's checks (300 ms apart), short enough for a quick test. */
const DRAIN_MS = 2000;
/** Orders placed at once by the client; a short pause between one worker's orders keeps the machine usable. */
const WORKERS = 3;
const PAUSE_MS = 15;
/** The web app's one mutation retry comes a second after the failure (apps/web/src/lib/retry-policy.ts). */
const RETRY_DELAY_MS = 1000;

// Only for what is about time here: the client's pace and its retry delay (the behaviour under test), the
// poll of `until` and the wait for a port; nothing is proven by waiting.
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs` (generous: the machine is shared). */
async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await sleep(50);
  }
}

/** A port nobody listens on now (the instances must come back on the one the balancer knows). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** The last `max` characters of the lines a process wrote, but those `skip` matches: for a failure's message. */
class OutputTail {
  text = '';
  private partial = '';
  constructor(
    private readonly skip?: RegExp,
    private readonly max = 32_000,
  ) {}
  add(chunk: Buffer | string): void {
    const lines = (this.partial + chunk.toString()).split('\n');
    this.partial = lines.pop()!;
    const kept = lines.filter((line) => !this.skip?.test(line));
    if (kept.length > 0) this.text = (this.text + kept.join('\n') + '\n').slice(-this.max);
  }
}

/** The two log lines of every request that succeeded: thousands, and nothing to tell about a failure. */
const routineRequest = /"msg":"incoming request"|"statusCode":[23]\d\d,.*"msg":"request completed"/;

interface Instance {
  name: 'a' | 'b';
  port: number;
  dataDir: string;
  child: ChildProcess | null;
  exit: Promise<number | null> | null;
  output: OutputTail;
}

/** Ends a process group this test started, whatever is left of it (cleanup, also after a failure). */
function killGroup(child: ChildProcess | null): void {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

describe.skipIf(!databaseUrl || !redisUrl)('rolling restart behind HAProxy (PostgreSQL and Redis)', () => {
  const haproxyBinary = findHaproxy();
  let workDir = '';
  const databaseName = `quan_rolling_${randomBytes(6).toString('hex')}`;
  const redisPrefix = `quan-rolling-${randomBytes(6).toString('hex')}:`;
  const instances: Instance[] = [];
  let haproxy: ChildProcess | null = null;
  const haproxyOutput = new OutputTail();
  let statsSocket = '';
  let balancer = '';
  let databaseCreated = false;
  let scratchUrl = '';

  /** The environment both instances share: one database, one Redis prefix, one token secret. */
  let sharedEnv: Record<string, string> = {};

  /** Starts the instance from source (tsx, as `npm run dev` does) and resolves once it says it serves. */
  function spawnInstance(instance: Instance): Promise<void> {
    const output = new OutputTail(routineRequest);
    instance.output = output;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...sharedEnv, PORT: String(instance.port), DATA_DIR: instance.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, so that whatever is left of it can be killed at the end.
      detached: true,
    });
    instance.child = child;
    instance.exit = new Promise((done) => child.once('exit', (code) => done(code)));
    let recent = '';
    return new Promise<void>((done, fail) => {
      // Generous: compiling the server with tsx and migrating take seconds on a busy two-core machine.
      const timer = setTimeout(() => {
        killGroup(child);
        fail(new Error(`instance ${instance.name} did not start in 180 s:\n${output.text}`));
      }, 180_000);
      const onData = (chunk: Buffer) => {
        output.add(chunk);
        recent = (recent + chunk.toString()).slice(-4000);
        if (/serving on http:\/\/localhost:\d+/.test(recent)) {
          clearTimeout(timer);
          recent = '';
          done();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void instance.exit!.then((code) => {
        clearTimeout(timer);
        fail(new Error(`instance ${instance.name} exited with ${code} while starting:\n${output.text}`));
      });
    });
  }

  /** Starts it on its port, waiting for the port while another process holds it for a moment. */
  async function startInstance(instance: Instance): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await spawnInstance(instance);
      } catch (error) {
        if (attempt === 20 || !String(error).includes('EADDRINUSE')) throw error;
        await sleep(1000);
      }
    }
  }

  /** The balancer's view of each server of the `app` backend ("UP", "DOWN", …), from its stats socket. */
  function serverStates(): Promise<Record<string, string>> {
    return new Promise((done, fail) => {
      const socket = createConnection(statsSocket);
      let text = '';
      socket.on('connect', () => socket.write('show stat\n'));
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('error', fail);
      socket.on('end', () => {
        const [header = '', ...rows] = text.split('\n');
        const columns = header.replace(/^# /, '').split(',');
        const proxy = columns.indexOf('pxname');
        const server = columns.indexOf('svname');
        const status = columns.indexOf('status');
        const states: Record<string, string> = {};
        for (const row of rows) {
          const cells = row.split(',');
          if (cells[proxy] === 'app' && (cells[server] === 'a' || cells[server] === 'b')) {
            states[cells[server]] = cells[status]!;
          }
        }
        done(states);
      });
    });
  }

  const balancerSays = (name: string, state: 'UP' | 'DOWN') =>
    until(`the balancer has ${name} ${state}`, async () => (await serverStates())[name] === state);

  beforeAll(async () => {
    if (!haproxyBinary) return;
    workDir = mkdtempSync(join(tmpdir(), 'quan-rolling-'));
    statsSocket = join(workDir, 'haproxy.sock');
    // A scratch database on the PostgreSQL server of DATABASE_URL, dropped at the end.
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database "${databaseName}"`);
    await admin.end();
    databaseCreated = true;
    const url = new URL(databaseUrl!);
    url.pathname = `/${databaseName}`;
    scratchUrl = url.toString();

    const webDist = join(workDir, 'web');
    mkdirSync(webDist);
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Quán</title>');
    sharedEnv = {
      NODE_ENV: 'production',
      DATABASE_URL: scratchUrl,
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: redisPrefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      WEB_DIST_DIR: webDist,
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_GRACE_MS: '10000',
      // Every request comes from the balancer's address: the API-wide limit would stop the client, not a person.
      RATE_LIMIT_MAX: '1000000',
    };
    for (const name of ['a', 'b'] as const) {
      const dataDir = join(workDir, `data-${name}`);
      mkdirSync(dataDir);
      instances.push({ name, port: await freePort(), dataDir, child: null, exit: null, output: new OutputTail() });
    }
    // One after the other: the first applies the migrations.
    for (const instance of instances) await startInstance(instance);

    // The balancer as deploy/haproxy.cfg sets it up for the API, with checks fast enough for a test: a server
    // is out after one failed /readyz (every 300 ms), in again after one good one. Stricter than
    // deploy/haproxy.cfg, it retries nothing, not even a connection refused before anything was sent
    // (`retries 0`, no redispatch): every failure reaches the client, which does its one retry itself. Without a
    // drain, a restart then fails first attempts (refused by an instance the balancer still counts as up); with
    // one, none.
    const balancerPort = await freePort();
    const config = join(workDir, 'haproxy.cfg');
    writeFileSync(
      config,
      [
        'global',
        `  stats socket ${statsSocket} mode 600 level admin`,
        'defaults',
        '  mode http',
        '  timeout connect 5s',
        '  timeout client 60s',
        '  timeout server 60s',
        '  timeout check 5s',
        '  retries 0',
        'frontend quan',
        `  bind 127.0.0.1:${balancerPort}`,
        '  http-request set-header X-Forwarded-For %[src]',
        '  default_backend app',
        'backend app',
        '  balance roundrobin',
        '  option httpchk',
        '  http-check send meth GET uri /readyz',
        '  http-check expect status 200',
        // Which instance answered, so that the test can tell that both served orders.
        '  http-response set-header x-served-by %s',
        '  default-server check inter 300ms fall 1 rise 1',
        ...instances.map(({ name, port }) => `  server ${name} 127.0.0.1:${port}`),
        '',
      ].join('\n'),
    );
    haproxy = spawn(haproxyBinary, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    haproxy.stdout!.on('data', (chunk: Buffer) => haproxyOutput.add(chunk));
    haproxy.stderr!.on('data', (chunk: Buffer) => haproxyOutput.add(chunk));
    balancer = `http://127.0.0.1:${balancerPort}`;
    await until('haproxy answers on its stats socket', () =>
      serverStates().then(
        () => true,
        () => false,
      ),
    );
    await balancerSays('a', 'UP');
    await balancerSays('b', 'UP');
  }, 600_000);

  afterAll(async () => {
    for (const instance of instances) killGroup(instance.child);
    killGroup(haproxy);
    if (databaseCreated) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${databaseName}" with (force)`);
      await admin.end();
    }
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500);
          if (keys.length > 0) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    }
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  }, 120_000);

  it('restarts each instance in turn without failing, losing or doubling an order', async () => {
    expect(haproxyBinary, 'haproxy is installed (apt-get install haproxy; CI does it in .ci/run)').not.toBeNull();

    // The first account is the admin; it adds a dish and places the orders.
    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${balancer}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      expect(response.status, `POST ${path}: ${text}`).toBeLessThan(300);
      return JSON.parse(text).data;
    };
    const account = newAccountInput({ name: 'Chủ quán' });
    await post('/api/user/register', account);
    const { token } = await post('/api/user/login', { email: account.email, password: account.password });
    const category = await post('/api/category', { name: 'Món chính' }, token);
    const dish = await post('/api/item', { name: 'Phở bò', price: 65_000, categoryId: category._id }, token);

    interface Acknowledged {
      key: string;
      orderId: string;
      replayed: boolean;
    }
    const acknowledged: Acknowledged[] = [];
    const failed: { key: string; attempts: string[] }[] = [];
    const firstAttemptFailures: string[] = [];
    const servedBy: Record<string, number> = {};

    type Attempt = { ok: true; orderId: string; replayed: boolean } | { ok: false; why: string };
    const attempt = async (key: string): Promise<Attempt> => {
      try {
        const response = await fetch(`${balancer}/api/order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
          body: JSON.stringify({
            // The key as the guest's name: the database then says which request each order came from.
            customerDetails: { name: key, guests: 2 },
            items: [{ itemId: dish._id, quantity: 1 }],
          }),
          signal: AbortSignal.timeout(60_000),
        });
        const text = await response.text();
        const server = response.headers.get('x-served-by') ?? 'none';
        servedBy[server] = (servedBy[server] ?? 0) + 1;
        if (response.status === 201 || response.status === 200) {
          return { ok: true, orderId: JSON.parse(text).data._id, replayed: response.status === 200 };
        }
        return { ok: false, why: `${response.status} from ${server}: ${text.slice(0, 300)}` };
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause;
        return { ok: false, why: String(cause ?? error) };
      }
    };

    let running = true;
    let sequence = 0;
    const worker = async () => {
      while (running) {
        const key = `rolling-${++sequence}`;
        const attempts: string[] = [];
        let result = await attempt(key);
        if (!result.ok) {
          firstAttemptFailures.push(`${key}: ${result.why}`);
          attempts.push(result.why);
          await sleep(RETRY_DELAY_MS);
          result = await attempt(key);
        }
        if (result.ok) acknowledged.push({ key, orderId: result.orderId, replayed: result.replayed });
        else failed.push({ key, attempts: [...attempts, result.why] });
        await sleep(PAUSE_MS);
      }
    };
    const workers = Array.from({ length: WORKERS }, () => worker());
    const acknowledgedAtLeast = (count: number) =>
      until(`${count} orders are acknowledged`, () => acknowledged.length >= count);

    const exitCodes: Record<string, number | null> = {};
    try {
      await acknowledgedAtLeast(30);
      for (const instance of instances) {
        const exited = instance.exit!;
        instance.child!.kill('SIGTERM');
        // Out of the balancer during its drain (its /readyz answers 503), before it stops serving.
        await balancerSays(instance.name, 'DOWN');
        exitCodes[instance.name] = await exited;
        await startInstance(instance);
        await balancerSays(instance.name, 'UP');
        // Orders go on to both, the restarted one too, before the next restart.
        const before = acknowledged.length;
        await acknowledgedAtLeast(before + 30);
      }
    } finally {
      running = false;
      await Promise.all(workers);
    }

    const context = () =>
      `failed after the retry: ${JSON.stringify(failed, null, 2)}\n` +
      `failed at the first attempt: ${JSON.stringify(firstAttemptFailures, null, 2)}\n` +
      instances.map((instance) => `--- ${instance.name}:\n${instance.output.text.slice(-6000)}`).join('\n') +
      `\n--- haproxy:\n${haproxyOutput.text.slice(-4000)}`;
    expect(exitCodes, context()).toEqual({ a: 0, b: 0 });
    expect(failed, context()).toEqual([]);
    // The drain at work: the balancer took each instance out while it still served, so that not even a first
    // attempt failed (none was sent to an instance that had stopped).
    expect(firstAttemptFailures, context()).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(90);
    expect(Object.keys(servedBy).sort()).toEqual(expect.arrayContaining(['a', 'b']));

    // Every acknowledged order exists once, under the id the client was given; no other order exists.
    const db = new pg.Client({ connectionString: scratchUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ key: string; count: number; ids: string[] }>(
        `select customer_name as key, count(*)::int as count, array_agg(id::text) as ids
           from orders group by customer_name`,
      );
      const stored = new Map(rows.map((row) => [row.key, row]));
      const doubled = rows.filter((row) => row.count !== 1);
      expect(doubled, 'orders placed more than once').toEqual([]);
      for (const order of acknowledged) {
        expect(stored.get(order.key)?.ids, `order ${order.key}`).toEqual([order.orderId]);
      }
      expect(rows.length, 'orders the client was never told about').toBe(acknowledged.length);
    } finally {
      await db.end();
    }
    console.log(
      `rolling restart: ${acknowledged.length} orders acknowledged (${acknowledged.filter((o) => o.replayed).length} ` +
        `on a retry that found the first placed), ${firstAttemptFailures.length} first attempts failed, ` +
        `served by ${JSON.stringify(servedBy)}`,
    );

    // The restarted instances stop cleanly too.
    for (const instance of instances) {
      const exited = instance.exit!;
      instance.child!.kill('SIGTERM');
      expect(await exited, instance.output.text.slice(-4000)).toBe(0);
    }
  }, 900_000);
});
