import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role, User } from '@quan/contract/user';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { newAccountInput } from './factories';

export interface SignedIn {
  user: User;
  token: string;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** `app.inject` with the token of `as` (a role's account, or any token) as a Bearer header. */
  request(options: InjectOptions & { as?: Role | SignedIn | string }): Promise<LightMyRequestResponse>;
  /** An active account of that role, created on first use and signed in once per app. */
  signInAs(role: Role): Promise<SignedIn>;
  /** That role's account signed in again: a session of its own (to switch branches without moving `signInAs`'s). */
  newSession(role: Role): Promise<SignedIn>;
  /**
   * Another instance of the same chain: the same database, Redis prefix and token secret (PostgreSQL and
   * Redis only; an in-memory PGlite cannot be shared). Closed with this app.
   */
  sibling(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** A web build stand-in so the SPA fallback can be tested without building the web app. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quan-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root">Quán test page</div></body></html>',
  );
  return dir;
}

/** A new, empty PostgreSQL database on the server of DATABASE_URL; dropped again on close. */
async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `quan_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Builds the whole app on a fresh in-memory PGlite, or, when DATABASE_URL is set, on a fresh database of
 * that PostgreSQL server (and on a private key prefix of REDIS_URL when that is set). `env` overrides
 * settings the way the environment would; `extend` adds routes before the app is ready; `build` goes to
 * buildApp (a stream to read the log from). The first account registered becomes the admin, so call
 * `signInAs('admin')` before registering others.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void,
  build: Parameters<typeof buildApp>[1] = {},
): Promise<TestApp> {
  const webDist = fakeWebDist();
  // Suites sign in far more often than a person; the rate-limit suite sets tight limits of its own.
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: webDist,
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    LOGIN_RATE_LIMIT_PER_EMAIL: '1000',
    LOGIN_RATE_LIMIT_PER_EMAIL_HOURLY: '1000',
    ...env,
  });
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  const redisUrl = process.env.REDIS_URL;
  const redisPrefix = `quan-test-${randomBytes(6).toString('hex')}:`;
  const config: Config = {
    ...base,
    dataDir: null,
    database: scratch ? { driver: 'postgres', url: scratch.url } : { driver: 'pglite', dataDir: null },
    redis: redisUrl ? { url: redisUrl, keyPrefix: redisPrefix } : null,
    // Set, so that a sibling instance accepts the same tokens.
    jwt: { ...base.jwt, secret: base.jwt.secret ?? randomBytes(32).toString('hex') },
  };
  const siblings: FastifyInstance[] = [];
  const app = await buildApp(config, build);
  extend?.(app);
  await app.ready();

  const accounts = new Map<Role, Promise<SignedIn>>();
  const credentials = new Map<Role, { email: string; password: string }>();

  async function request(options: InjectOptions & { as?: Role | SignedIn | string }) {
    const { as, ...rest } = options;
    let token: string | undefined;
    if (typeof as === 'object') token = as.token;
    else if (as === 'admin' || as === 'manager' || as === 'staff') token = (await signInAs(as)).token;
    else token = as;
    const headers = { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
    return app.inject({ ...rest, headers });
  }

  async function createAccount(role: Role): Promise<SignedIn> {
    const input = newAccountInput({ name: `Test ${role}` });
    credentials.set(role, { email: input.email, password: input.password });
    const registered = await app.inject({ method: 'POST', url: '/api/user/register', payload: input });
    if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
    const user = registered.json().data as User;
    // The first account of an app is the admin; every later one is approved by that admin.
    if (role !== 'admin' || user.role !== 'admin') {
      const admin = await signInAs('admin');
      await request({
        method: 'PATCH',
        url: `/api/user/users/${user._id}/status`,
        payload: { status: 'active' },
        as: admin,
      });
      if (role !== user.role) {
        await request({ method: 'PATCH', url: `/api/user/users/${user._id}/role`, payload: { role }, as: admin });
      }
    }
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: input.email, password: input.password },
    });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    return login.json().data as SignedIn;
  }

  function signInAs(role: Role): Promise<SignedIn> {
    let account = accounts.get(role);
    if (!account) {
      account = createAccount(role);
      accounts.set(role, account);
    }
    return account;
  }

  async function newSession(role: Role): Promise<SignedIn> {
    await signInAs(role);
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: credentials.get(role) });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    return login.json().data as SignedIn;
  }

  return {
    app,
    config,
    request,
    signInAs,
    newSession,
    async sibling() {
      if (!scratch || !redisUrl) throw new Error('a sibling instance needs DATABASE_URL and REDIS_URL');
      const other = await buildApp(config);
      siblings.push(other);
      await other.ready();
      return other;
    },
    async close() {
      await Promise.all(siblings.map((other) => other.close()));
      await app.close();
      await scratch?.drop();
      if (redisUrl) await deleteRedisKeys(redisUrl, redisPrefix);
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}
