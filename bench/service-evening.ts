/**
 * Evening service: 30 tablets and 200 phones on the whole app at once, listening on a real port
 * with real sockets. Reports p50/p95/p99 of every kind of call and of "order placed → kitchen screen got the
 * event", against a bare socket.io server in the same process that replays the very same broadcasts (same
 * payloads, same moments) to as many clients. Budget: the p99 of "order placed → kitchen", placed meaning
 * committed (the server has the order), at most 3× the p99 of the bare broadcast, at a kitchen screen whose
 * socket is read in a thread of its own, as on the kitchen's own device. The same at a screen read by this
 * process's loop (which the app, PGlite and the 230 other clients keep busy) is reported beside it, not
 * budgeted, as is the latency from the moment the client sent its POST, with the stages in between.
 *
 * Machines are shared and noisy, so absolute numbers mean little on their own; the ratio to a baseline
 * measured in the same run is what to compare between runs. Nothing here gates CI.
 *
 *   npm run bench:evening
 *
 * Environment (all optional): BENCH_SECONDS (measured seconds of service, 30), BENCH_WARMUP (seconds of
 * service before measuring, 5), BENCH_TABLETS (30, also the number of tables), BENCH_PHONES (200),
 * BENCH_DATABASES (pglite,postgres), BENCH_POSTGRES_URL (the server to create a scratch database on;
 * postgres://postgres@127.0.0.1:5432/test), BENCH_REDIS_URL or REDIS_URL (the app's event bus and rate
 * limits on Redis, in the PostgreSQL scenario) and BENCH_CPU_PROFILE (a folder: a CPU profile of the
 * measured window is written there, and where its time went printed).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { Session } from 'node:inspector/promises';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import type { DomainEvent } from '@quan/contract/events';
import type { Order, OrderStatus } from '@quan/contract/order';
import type { DinerOrderResult, PublicMenu, PublicOrder } from '@quan/contract/public';
import type { ClientToServerEvents, ServerToClientEvents } from '@quan/contract/realtime';
import type { RoundStatus } from '@quan/contract/rounds';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, type Config, type DatabaseConfig } from '../apps/server/src/config';
import { orders as ordersTable } from '../apps/server/src/db/schema/orders';
import type { Realtime } from '../apps/server/src/plugins/realtime';
import { Interrupted, onInterrupt, stopIfInterrupted } from './interrupt';
import { isMainModule } from './main-module';
import { api, seedMenu, signUpAdmin } from './seed-menu';
import { adminQuery, dropScratchDatabase, probePostgres } from './scratch-database';
import { intFromEnv } from './env';

const SECONDS = intFromEnv('BENCH_SECONDS', 30);
const WARMUP_SECONDS = intFromEnv('BENCH_WARMUP', 5, 0);
const TABLETS = intFromEnv('BENCH_TABLETS', 30);
const PHONES = intFromEnv('BENCH_PHONES', 200, 0);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL || process.env.REDIS_URL || '';
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE ? resolve(process.env.BENCH_CPU_PROFILE) : null;
const DATABASES = (process.env.BENCH_DATABASES || 'pglite,postgres').split(',').map((name) => name.trim());
for (const name of DATABASES) {
  if (name !== 'pglite' && name !== 'postgres') throw new Error('BENCH_DATABASES lists pglite and/or postgres');
}
/** One table per tablet: the waiter's tablet serves its table, the phones of the guests sit at them all. */
const TABLES = TABLETS;
/** A tablet acts every 1–3 s; a phone revalidates the menu every 3–8 s and now and then orders from its table. */
const TABLET_PAUSE_MS: [number, number] = [1000, 3000];
const PHONE_PAUSE_MS: [number, number] = [3000, 8000];
const DINER_ORDER_CHANCE = 0.012;
/** At each of a phone's turns, the chance that its guests leave and new ones open the table page afresh. */
const NEW_GUEST_CHANCE = 0.05;
/** An open tab gets at most this many rounds before it is served and paid. */
const MAX_ROUNDS = 4;
const BUDGET = 3;
/** How long to wait, after the load stops, for the events still on their way. */
const DRAIN_MS = 5000;

// ---------------------------------------------------------------------------------------------------------
// Small tools

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const between = ([low, high]: [number, number]) => low + Math.random() * (high - low);

/** Stops every pause at once when the load ends (or on Ctrl-C). */
class Clock {
  private stopped = false;
  private readonly wakers = new Set<() => void>();
  stop(): void {
    this.stopped = true;
    for (const wake of this.wakers) wake();
    this.wakers.clear();
  }
  get isStopped(): boolean {
    return this.stopped;
  }
  /** Waits `ms`, or less when stopped meanwhile. */
  pause(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }
}

/** One action at a time on a table: the bench's stand-in for people who see each other's taps. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** Nearest rank: the smallest value that at least `q` of the values do not exceed. */
function percentile(sorted: number[], q: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function summarise(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** The delay of this process's event loop (every client and both servers share it), in milliseconds. */
interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  /** Garbage-collection pauses in the same window: how many, their sum and the longest, in milliseconds. */
  gcCount: number;
  gcMs: number;
  gcMaxMs: number;
  /** The share of the window the event loop was running code rather than waiting for I/O (0–1). */
  busy: number;
}

/** Samples the event loop's delay (and the GC pauses) from now on; `measure()` restarts the sample, `stop()` tells it. */
function watchEventLoop(): { measure(): void; stop(): LoopDelay } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let pauses: number[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  let utilization = performance.eventLoopUtilization();
  return {
    measure: () => {
      histogram.reset();
      pauses = [];
      utilization = performance.eventLoopUtilization();
    },
    stop() {
      histogram.disable();
      gc.disconnect();
      // The histogram holds the time between two ticks of its 10 ms timer: the delay is what exceeds 10 ms.
      const ms = (ns: number) => Math.max(0, ns / 1e6 - 10);
      return {
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        gcCount: pauses.length,
        gcMs: pauses.reduce((sum, pause) => sum + pause, 0),
        gcMaxMs: Math.max(0, ...pauses),
        busy: performance.eventLoopUtilization(utilization).utilization,
      };
    },
  };
}

/** A V8 CPU profile, the parts of it read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function of the profile belongs, by its file: the packages and the parts of this process. */
function categoryOf({ functionName, url }: { functionName: string; url: string }): string {
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(idle)') return 'idle (waiting for I/O)';
  if (functionName === '(program)') return 'V8 and libuv outside JavaScript';
  if (url === '') return 'V8 built-ins (the microtask queue, JSON, writev …)';
  if (url.startsWith('wasm://') || url.includes('/@electric-sql/pglite/')) return 'PGlite (its WebAssembly and JS)';
  if (url.includes('/apps/server/src/')) return "the app's own code";
  if (url.includes('/packages/contract/') || url.includes('/zod/')) return 'zod (validation)';
  if (url.includes('/drizzle-orm/')) return 'Drizzle';
  if (url.includes('/pg/') || url.includes('/pg-protocol/') || url.includes('/pg-pool/')) return 'node-postgres';
  if (/\/(fastify|@fastify|find-my-way|avvio|fast-json-stringify|light-my-request|pino)[^/]*\//.test(url)) {
    return 'Fastify';
  }
  if (url.includes('/socket.io-client/') || url.includes('/engine.io-client/')) return 'socket.io clients';
  if (/\/(socket\.io|engine\.io|socket\.io-adapter|socket\.io-parser|ws)\//.test(url)) {
    return 'socket.io server (and ws, shared with the clients)';
  }
  if (url.includes('/ioredis/')) return 'ioredis';
  if (url.includes('undici')) return "fetch (the clients' HTTP)";
  if (url.includes('/bench/')) return "the bench's own code";
  if (url.startsWith('node:')) return 'Node core (net, http, streams, timers)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  return pkg ? `other packages (${pkg} …)` : 'other';
}

/** The share of the profile's time each category spent itself (not in what it called), largest first. */
function profileShares(profile: CpuProfile): [string, number][] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, categoryOf(node.callFrame)]));
  const spent = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    let category = byNode.get(id) ?? 'other';
    // Packages that matter less than 1 % each are lumped together below; keep their name apart meanwhile.
    if (category.startsWith('other packages')) category = 'other packages';
    spent.set(category, (spent.get(category) ?? 0) + delta);
    total += delta;
  });
  return [...spent].map(([category, time]): [string, number] => [category, time / total]).sort((a, b) => b[1] - a[1]);
}

/**
 * With BENCH_CPU_PROFILE, a CPU profile of this process (app, clients and all) over the measured window: the
 * file for a profiler, and the shares printed. Started and stopped from the load's own timers.
 */
function profileWindow(): { start(): Promise<void>; stop(name: string): Promise<[string, number][] | null> } {
  if (!PROFILE_DIR) return { start: async () => {}, stop: async () => null };
  const session = new Session();
  session.connect();
  let started = false;
  return {
    async start() {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      started = true;
    },
    async stop(name) {
      if (!started) return null;
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      mkdirSync(PROFILE_DIR, { recursive: true });
      writeFileSync(join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
      return profileShares(profile as unknown as CpuProfile);
    },
  };
}

const openDescriptors = () => {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return Number.NaN;
  }
};

// ---------------------------------------------------------------------------------------------------------
// Recording the calls and the events

/** The key of one staff event, the same where the app emits it and where the kitchen screen hears it. */
function eventKey(event: string, payload: unknown): string | null {
  if (event === 'order:created') return `created:${(payload as Order)._id}`;
  if (event === 'order:round-added') {
    const { order, roundNo } = payload as { order: Order; roundNo: number };
    return `round:${order._id}:${roundNo}`;
  }
  if (event === 'order:updated') return `v:${(payload as Order)._id}:${(payload as Order).version}`;
  return null;
}

/** The key of the staff event a committed domain event becomes (realtime.ts maps one to the other). */
function domainEventKey(event: DomainEvent): string | null {
  if (event.type === 'order.placed') return `created:${event.order._id}`;
  if (event.type === 'order.round-added') return `round:${event.order._id}:${event.roundNo}`;
  if (event.type === 'order.updated' || event.type === 'order.status-changed') {
    return `v:${event.order._id}:${event.order.version}`;
  }
  return null;
}

/** A new order (order:created), a round joining an open one (order:round-added), a status move (order:updated). */
type EventKind = 'order' | 'round' | 'move';

/** What a call sent to the kitchen, and when it was sent. */
interface Expectation {
  key: string;
  kind: EventKind;
  sentAt: number;
  /** The Idempotency-Key of the call, by which the server-side moments of the same call are found. */
  requestKey: string;
}

interface CallStats {
  latencies: number[];
  count: number;
  failed: number;
}

class Recorder {
  readonly calls = new Map<string, CallStats>();
  readonly failures: string[] = [];
  readonly expectations: Expectation[] = [];
  /** Orders the app answered 201 for (a new order, not a round joining one). */
  readonly placedOrders = new Set<string>();
  /** First arrival at the kitchen screen, by event key. */
  readonly arrivals = new Map<string, number>();
  /** The same at the kitchen screen in a thread of its own. */
  readonly threadArrivals = new Map<string, number>();
  /** When the app handed each staff event to socket.io, by key. */
  readonly emitted = new Map<string, number>();
  /** When the server got each write (its request's headers parsed), by Idempotency-Key. */
  readonly received = new Map<string, number>();
  /** When each staff-visible order event was handed to the event bus, right after its commit, by key. */
  readonly committed = new Map<string, number>();
  /** When a second subscriber of the app's Redis channel (what another instance hears) got each event, by key. */
  readonly relayed = new Map<string, number>();
  /**
   * When the event-loop turn in which each staff event was emitted ended (a `setImmediate` queued at the emit
   * runs then): the kitchen, in this process too, can read the event only after that.
   */
  readonly turnEnded = new Map<string, number>();
  /** How long each staff broadcast of the measured window held the event loop (socket.io's work, 32 sockets). */
  readonly emitCost: number[] = [];
  /** Every staff broadcast the app made, for the bare server to replay. */
  readonly schedule: { at: number; event: string; payload: unknown; key: string | null }[] = [];
  loadStart = 0;
  measureFrom = Number.POSITIVE_INFINITY;
  measureUntil = Number.POSITIVE_INFINITY;

  isMeasured(at: number): boolean {
    return at >= this.measureFrom && at < this.measureUntil;
  }

  stats(label: string): CallStats {
    let stats = this.calls.get(label);
    if (!stats) this.calls.set(label, (stats = { latencies: [], count: 0, failed: 0 }));
    return stats;
  }

  get failedCalls(): number {
    let failed = 0;
    for (const stats of this.calls.values()) failed += stats.failed;
    return failed;
  }
}

interface CallOptions {
  token?: string;
  body?: object;
  headers?: Record<string, string>;
  /** Statuses that count as answered as wanted; 200 and 201 when not given. */
  ok?: number[];
}

interface Answer<T> {
  status: number;
  data: T | null;
  etag: string | null;
  sentAt: number;
  /** The Idempotency-Key it carried ('' for a call without one). */
  requestKey: string;
}

/**
 * One HTTP call as a browser makes it, timed from just before it is sent until its whole body is read. Any
 * other status than the wanted ones (or no answer) is a failed call: recorded, and answered with null.
 */
async function call<T>(
  rec: Recorder,
  base: string,
  label: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  options: CallOptions = {},
): Promise<Answer<T> | null> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const stats = rec.stats(label);
  const sentAt = performance.now();
  try {
    const response = await fetch(base + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    const tookMs = performance.now() - sentAt;
    stats.count++;
    if (!(options.ok ?? [200, 201]).includes(response.status)) {
      stats.failed++;
      if (rec.failures.length < 10) rec.failures.push(`${label} → ${response.status}: ${text.slice(0, 200)}`);
      return null;
    }
    if (rec.isMeasured(sentAt)) stats.latencies.push(tookMs);
    const data = text ? (JSON.parse(text) as { data: T }).data : null;
    const requestKey = headers['idempotency-key'] ?? '';
    return { status: response.status, data, etag: response.headers.get('etag'), sentAt, requestKey };
  } catch (error) {
    stats.count++;
    stats.failed++;
    if (rec.failures.length < 10) rec.failures.push(`${label} → ${error instanceof Error ? error.message : error}`);
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The restaurant

interface Dish {
  id: string;
  /** Options to send with it: the first ones of each group that requires a choice. */
  options: string[];
}

interface Tab {
  orderId: string;
  status: OrderStatus;
  rounds: { no: number; status: RoundStatus }[];
}

interface Table {
  no: number;
  id: string;
  key: string;
  /** The table's open order as the last answer about it told; null when the table is free. */
  tab: Tab | null;
  mutex: Mutex;
}

interface Restaurant {
  app: FastifyInstance;
  base: string;
  adminToken: string;
  staffTokens: string[];
  dishes: Dish[];
  tables: Table[];
  dishCount: number;
  categoryCount: number;
}

/** The whole app the way the tests build it (test env, silent log, rate limits raised), on a real port. */
async function startApp(database: DatabaseConfig, redis: Config['redis'], webDistDir: string) {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // An empty folder: no web build to serve.
    WEB_DIST_DIR: webDistDir,
    // Thousands of requests a minute from one address (every client here is 127.0.0.1) would otherwise be
    // refused with 429. The limiters still run on every request: their cost is part of the app path.
    RATE_LIMIT_MAX: '100000000',
    LOGIN_RATE_LIMIT_PER_IP: '100000',
    LOGIN_RATE_LIMIT_PER_EMAIL: '100000',
    LOGIN_RATE_LIMIT_PER_EMAIL_HOURLY: '100000',
    DINER_ORDER_RATE_LIMIT_PER_IP: '100000',
    DINER_ORDER_RATE_LIMIT_PER_TABLE: '100000',
  });
  // dataDir null keeps the JWT secret in memory.
  const config: Config = { ...base, dataDir: null, database, redis };
  const app = await buildApp(config);
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, base: address };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/**
 * Over HTTP, as a restaurant would: the admin, a menu of 8 categories × 4 dishes (bench/seed-menu.ts, with
 * its option groups), one table per tablet with its QR key, and one staff account per tablet (registered,
 * approved by the admin, signed in).
 */
async function seed(app: FastifyInstance, base: string): Promise<Restaurant> {
  const adminToken = await signUpAdmin(base);
  const menu = await seedMenu(base, adminToken, 8, 4);
  const tables: Table[] = [];
  for (let no = 1; no <= TABLES; no++) {
    const table = await api<{ _id: string; qrKey: string }>(base, 'POST', '/api/table', {
      token: adminToken,
      body: { tableNo: no, seats: 4 },
      expectedStatus: 201,
    });
    tables.push({ no, id: table._id, key: table.qrKey, tab: null, mutex: new Mutex() });
  }
  const staffTokens: string[] = [];
  for (let i = 1; i <= TABLETS; i++) {
    const account = {
      name: `Phục vụ ${i}`,
      email: `waiter.${i}.${process.pid}@example.test`,
      phone: `09${String(10_000_000 + i).slice(-8)}`,
      password: 'correct-horse-42',
    };
    const user = await api<{ _id: string }>(base, 'POST', '/api/user/register', { body: account, expectedStatus: 201 });
    // The admin approves the account (seed-menu's `api` helper sends no PATCH).
    const approved = await fetch(`${base}/api/user/users/${user._id}/status`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'active' }),
    });
    if (approved.status !== 200) throw new Error(`Approving a staff account answered ${approved.status}`);
    await approved.arrayBuffer();
    const { token } = await api<{ token: string }>(base, 'POST', '/api/user/login', {
      body: { email: account.email, password: account.password },
    });
    staffTokens.push(token);
  }
  const publicMenu = await api<PublicMenu>(base, 'GET', '/api/public-menu');
  const dishes = publicMenu.categories.flatMap((category) =>
    category.items.map((item) => ({
      id: item._id,
      options: item.optionGroups.flatMap((group) =>
        group.options.slice(0, group.minSelected).map((option) => option._id),
      ),
    })),
  );
  if (dishes.length !== menu.items) throw new Error(`The public menu lists ${dishes.length} of ${menu.items} dishes`);
  return {
    app,
    base,
    adminToken,
    staffTokens,
    dishes,
    tables,
    dishCount: menu.items,
    categoryCount: menu.categories,
  };
}

/** 1–3 lines of different dishes, quantities 1–2, the options each needs. */
function someLines(dishes: Dish[]) {
  const count = 1 + Math.floor(Math.random() * 3);
  const start = Math.floor(Math.random() * dishes.length);
  return Array.from({ length: count }, (_, k) => {
    const dish = dishes[(start + k * 7) % dishes.length]!;
    return {
      itemId: dish.id,
      quantity: 1 + Math.floor(Math.random() * 2),
      ...(dish.options.length > 0 ? { options: dish.options } : {}),
    };
  });
}

const tabOf = (order: {
  _id: string;
  status: OrderStatus;
  rounds: { no: number; status: RoundStatus }[];
}): Tab | null =>
  order.status === 'completed' || order.status === 'cancelled'
    ? null
    : { orderId: order._id, status: order.status, rounds: order.rounds.map(({ no, status }) => ({ no, status })) };

// ---------------------------------------------------------------------------------------------------------
// Sockets

/** Connects one client the way the web app does and waits for the connection. */
function connect(base: string, kind: 'staff' | 'diner', auth?: Record<string, unknown>): Promise<AppSocket> {
  // Staff screens: socket.io's default transports (long-polling, then the upgrade to WebSocket) with the
  // token in `auth` (apps/web/src/lib/socket.ts). Phones: WebSocket first, polling as the fallback.
  const options =
    kind === 'staff'
      ? { path: '/socket.io', forceNew: true, auth }
      : { path: '/socket.io', forceNew: true, transports: ['websocket', 'polling'], tryAllTransports: true, auth };
  const socket: AppSocket = io(base, options);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('socket did not connect within 15 s')), 15_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.disconnect();
      reject(error);
    };
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.off('connect_error', fail);
      resolve(socket);
    });
    socket.once('connect_error', fail);
  });
}

/** Connects `count` clients, 20 at a time, into `into` (so that a failure still leaves them to close). */
async function connectMany(
  into: AppSocket[],
  count: number,
  open: (index: number) => Promise<AppSocket>,
): Promise<AppSocket[]> {
  const opened: AppSocket[] = [];
  for (let start = 0; start < count; start += 20) {
    stopIfInterrupted();
    const batch = await Promise.allSettled(
      Array.from({ length: Math.min(20, count - start) }, (_, k) => open(start + k)),
    );
    for (const outcome of batch) {
      if (outcome.status === 'fulfilled') {
        into.push(outcome.value);
        opened.push(outcome.value);
      }
    }
    const failed = batch.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }
  return opened;
}

function closeAll(sockets: AppSocket[]): void {
  for (const socket of sockets) socket.disconnect();
  sockets.length = 0;
}

/** `performance.now()` of this thread minus the monotonic clock every thread of the process shares, in ms. */
const HRTIME_OFFSET = Number(process.hrtime.bigint()) / 1e6 - performance.now();

/**
 * A second kitchen screen, in a worker thread of its own: its socket is read by an event loop that does
 * nothing else, as a screen on another device would, instead of by this process's loop, which the app and
 * the 230 other clients keep busy. The server writes an event to its sockets within the emit call, so what
 * separates this screen's arrival from the in-process one is the time this process's loop takes to get
 * round to reading it. Arrivals are noted on the monotonic clock both threads share.
 */
const KITCHEN_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { io } = require('socket.io-client');
const socket = io(workerData.base, { path: '/socket.io', forceNew: true, auth: workerData.auth });
socket.once('connect', () => parentPort.postMessage({ ready: true }));
socket.once('connect_error', (error) => parentPort.postMessage({ error: error.message }));
socket.onAny((event, payload, seq) => {
  const at = Number(process.hrtime.bigint()) / 1e6;
  parentPort.postMessage({ event, payload: event === 'table:updated' ? null : payload, seq, at });
});
parentPort.on('message', () => {
  socket.disconnect();
  parentPort.close();
});
`;

interface ThreadArrival {
  event: string;
  payload: unknown;
  seq: unknown;
  /** When it arrived, on this thread's `performance.now()` clock. */
  at: number;
}

async function startThreadKitchen(
  base: string,
  auth: Record<string, unknown>,
  onArrival: (arrival: ThreadArrival) => void,
): Promise<{ close(): Promise<void> }> {
  const worker = new Worker(KITCHEN_THREAD, { eval: true, workerData: { base, auth } });
  const close = async () => {
    worker.postMessage('close');
    const timer = setTimeout(() => void worker.terminate(), 2000);
    await new Promise((resolve) => worker.once('exit', resolve));
    clearTimeout(timer);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the kitchen thread did not connect within 15 s')), 15_000);
      worker.once('error', reject);
      worker.on('message', (message: { ready?: true; error?: string } & ThreadArrival) => {
        if (message.ready) {
          clearTimeout(timer);
          resolve();
        } else if (message.error) {
          clearTimeout(timer);
          reject(new Error(message.error));
        } else onArrival({ ...message, at: message.at - HRTIME_OFFSET });
      });
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { close };
}

// ---------------------------------------------------------------------------------------------------------
// The evening: tablets and phones

interface Service {
  r: Restaurant;
  rec: Recorder;
  clock: Clock;
}

/** One tablet's next move on its table's tab, chosen as a waiter (and the kitchen) would. */
async function tabletAction(s: Service, token: string, table: Table): Promise<void> {
  const { r, rec } = s;
  const tab = table.tab;
  const key = { 'idempotency-key': randomUUID() };
  const orderPath = tab ? `/api/order/${tab.orderId}` : '';
  const addRound = async () => {
    const answer = await call<Order>(rec, r.base, 'POST /api/order/:id/rounds', 'POST', `${orderPath}/rounds`, {
      token,
      headers: key,
      body: { items: someLines(r.dishes) },
    });
    if (!answer?.data) return refresh(s, token, table);
    const roundNo = answer.data.rounds.at(-1)!.no;
    rec.expectations.push({
      key: `round:${answer.data._id}:${roundNo}`,
      kind: 'round',
      sentAt: answer.sentAt,
      requestKey: answer.requestKey,
    });
    table.tab = tabOf(answer.data);
  };
  const move = async (label: string, method: 'PUT' | 'PATCH', path: string, body: object) => {
    const answer = await call<Order>(rec, r.base, label, method, path, { token, headers: key, body });
    if (!answer?.data) return refresh(s, token, table);
    rec.expectations.push({
      key: `v:${answer.data._id}:${answer.data.version}`,
      kind: 'move',
      sentAt: answer.sentAt,
      requestKey: answer.requestKey,
    });
    table.tab = tabOf(answer.data);
  };

  if (!tab) {
    const answer = await call<Order>(rec, r.base, 'POST /api/order (tablet)', 'POST', '/api/order', {
      token,
      headers: key,
      body: {
        customerDetails: { name: `Bàn ${table.no}`, guests: 2 + Math.floor(Math.random() * 3) },
        tableId: table.id,
        items: someLines(r.dishes),
      },
    });
    if (!answer?.data) return refresh(s, token, table);
    rec.placedOrders.add(answer.data._id);
    rec.expectations.push({
      key: `created:${answer.data._id}`,
      kind: 'order',
      sentAt: answer.sentAt,
      requestKey: answer.requestKey,
    });
    table.tab = tabOf(answer.data);
    return;
  }
  const waiting = tab.rounds.find((round) => round.status === 'pending');
  const cooking = tab.rounds.find((round) => round.status === 'in_progress');
  const mayAdd = tab.rounds.length < MAX_ROUNDS;
  if (tab.status === 'pending') {
    // A diner's order: the waiter accepts it, and it goes to the kitchen.
    return move('PUT /api/order/:id (status)', 'PUT', orderPath, { status: 'in_progress' });
  }
  if (waiting) {
    // A diner's round on an open tab: accepted on its own.
    const path = `${orderPath}/rounds/${waiting.no}`;
    return move('PATCH /api/order/:id/rounds/:n', 'PATCH', path, { status: 'in_progress' });
  }
  if (tab.status === 'in_progress' && cooking) {
    if (mayAdd && Math.random() < 0.3) return addRound();
    // The kitchen bumps its oldest ticket.
    return move('PATCH /api/order/:id/rounds/:n', 'PATCH', `${orderPath}/rounds/${cooking.no}`, { status: 'ready' });
  }
  if (tab.status === 'ready') {
    if (mayAdd && Math.random() < 0.2) return addRound();
    return move('PUT /api/order/:id (status)', 'PUT', orderPath, { status: 'served' });
  }
  if (tab.status === 'served') {
    if (mayAdd && Math.random() < 0.15) return addRound();
    return move('PUT /api/order/:id (status)', 'PUT', orderPath, { status: 'completed', paymentMethod: 'cash' });
  }
  return refresh(s, token, table);
}

/** After a refused call: read the order again, so that the next move starts from what it is. */
async function refresh(s: Service, token: string, table: Table): Promise<void> {
  if (!table.tab) return;
  const path = `/api/order/${table.tab.orderId}`;
  const answer = await call<Order>(s.rec, s.r.base, 'GET /api/order/:id (after a failure)', 'GET', path, { token });
  if (answer?.data) table.tab = tabOf(answer.data);
}

async function tablet(s: Service, index: number): Promise<void> {
  const token = s.r.staffTokens[index]!;
  const table = s.r.tables[index % s.r.tables.length]!;
  while (!s.clock.isStopped) {
    await s.clock.pause(between(TABLET_PAUSE_MS));
    if (s.clock.isStopped) break;
    await table.mutex.run(() => tabletAction(s, token, table));
  }
}

interface PhoneCounts {
  ordersFollowed: number;
  updatesHeard: number;
}

/** A diner at a table: the table page, the menu revalidated now and then, sometimes an order. */
async function phone(s: Service, socket: AppSocket, index: number, counts: PhoneCounts): Promise<void> {
  const { r, rec, clock } = s;
  const table = r.tables[index % r.tables.length]!;
  let following: string | null = null;
  socket.on('order:updated', (update) => {
    if (update._id === following) counts.updatesHeard++;
  });
  // A guest opens the table page from the QR code: the table, then the whole menu (no copy yet).
  let etag = '';
  const arrive = async () => {
    following = null;
    await call(rec, r.base, 'GET /api/public/tables/:n', 'GET', `/api/public/tables/${table.no}?key=${table.key}`);
    const menu = await call<PublicMenu>(rec, r.base, 'GET /api/public-menu (200)', 'GET', '/api/public-menu');
    etag = menu?.etag ?? '';
  };
  // The guests do not all sit down at the same moment.
  await clock.pause(between([0, 3000]));
  if (clock.isStopped) return;
  await arrive();
  while (!clock.isStopped) {
    await clock.pause(between(PHONE_PAUSE_MS));
    if (clock.isStopped) break;
    if (Math.random() < NEW_GUEST_CHANCE) {
      // The guests leave and others sit down: a fresh page load on another phone.
      await arrive();
      continue;
    }
    // A browser revalidates its copy: 304 while the menu is unchanged.
    const menu = await call<PublicMenu>(rec, r.base, 'GET /api/public-menu (304)', 'GET', '/api/public-menu', {
      headers: { 'if-none-match': etag },
      ok: [304],
    });
    if (menu?.etag) etag = menu.etag;
    if (Math.random() >= DINER_ORDER_CHANCE) continue;
    const placed = await table.mutex.run(async () => {
      const joining = table.tab;
      const answer = await call<DinerOrderResult>(rec, r.base, 'POST /api/order (phone)', 'POST', '/api/order', {
        headers: { 'idempotency-key': randomUUID() },
        body: { tableNo: table.no, tableKey: table.key, items: someLines(r.dishes) },
      });
      if (!answer?.data) return null;
      const order = answer.data;
      if (joining) {
        if (order._id !== joining.orderId)
          throw new Error(`A diner's round joined ${order._id}, not ${joining.orderId}`);
        const roundNo = order.rounds.at(-1)!.no;
        const { sentAt, requestKey } = answer;
        rec.expectations.push({ key: `round:${order._id}:${roundNo}`, kind: 'round', sentAt, requestKey });
      } else {
        rec.placedOrders.add(order._id);
        const { sentAt, requestKey } = answer;
        rec.expectations.push({ key: `created:${order._id}`, kind: 'order', sentAt, requestKey });
      }
      table.tab = tabOf(order);
      return order;
    });
    if (!placed) continue;
    // As the table page does: follow the order on the socket, and load it.
    following = placed._id;
    const ack = await socket
      .timeout(10_000)
      .emitWithAck('track-order', { orderId: placed._id, token: placed.trackingToken })
      .catch(() => ({ ok: false }));
    if (ack.ok) counts.ordersFollowed++;
    const path = `/api/public/orders/${placed._id}?token=${encodeURIComponent(placed.trackingToken)}`;
    await call<PublicOrder>(rec, r.base, 'GET /api/public/orders/:id', 'GET', path);
  }
}

/** Wraps the app's `emitToStaff` to note when each staff event is handed to socket.io, and what it was. */
function watchEmits(realtime: Realtime, rec: Recorder): () => void {
  const original = realtime.emitToStaff;
  const wrapped = (event: string, ...args: unknown[]) => {
    const at = performance.now();
    const key = eventKey(event, args[0]);
    if (key && !rec.emitted.has(key)) {
      rec.emitted.set(key, at);
      setImmediate(() => rec.turnEnded.set(key, performance.now()));
    }
    rec.schedule.push({ at: at - rec.loadStart, event, payload: args[0], key });
    (original as (event: string, ...args: unknown[]) => void)(event, ...args);
    if (rec.isMeasured(at)) rec.emitCost.push(performance.now() - at);
  };
  realtime.emitToStaff = wrapped as Realtime['emitToStaff'];
  return () => {
    realtime.emitToStaff = original;
  };
}

/**
 * Notes the server-side moments of each write: when its request reached the HTTP server (a listener put
 * before Fastify's, keyed by the Idempotency-Key every write carries) and when its transaction committed.
 * The app hands a transaction's events to the bus in the same tick as its commit resolves
 * (events/transact.ts), so wrapping the bus's `publish` notes the commit as the server knows it.
 */
function watchServer(app: FastifyInstance, rec: Recorder): () => void {
  const onRequest = (request: IncomingMessage) => {
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string' && !rec.received.has(key)) rec.received.set(key, performance.now());
  };
  app.server.prependListener('request', onRequest);
  const bus = app.events;
  const publish = bus.publish;
  bus.publish = (events) => {
    const at = performance.now();
    for (const event of events) {
      const key = domainEventKey(event);
      if (key && !rec.committed.has(key)) rec.committed.set(key, at);
    }
    publish.call(bus, events);
  };
  return () => {
    app.server.off('request', onRequest);
    bus.publish = publish;
  };
}

/**
 * With Redis, a subscriber of its own on the app's channel: when it hears an event is when a second instance
 * would, before that instance's own emit. Only this information; the app's local sockets never wait for it.
 */
async function watchRelay(url: string, channel: string, rec: Recorder): Promise<() => Promise<void>> {
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await subscriber.connect();
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel: string, message: string) => {
    const at = performance.now();
    for (const event of (JSON.parse(message) as { events: DomainEvent[] }).events) {
      const key = domainEventKey(event);
      if (key && !rec.relayed.has(key)) rec.relayed.set(key, at);
    }
  });
  return async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  };
}

interface Evening {
  rec: Recorder;
  /** With BENCH_CPU_PROFILE: the measured window's CPU time by where it went. */
  profile: [string, number][] | null;
  tabletEvents: number[];
  kitchenEvents: number;
  counts: PhoneCounts;
  peakFds: number;
  peakRssMb: number;
  loopDelay: LoopDelay;
}

async function serveEvening(
  r: Restaurant,
  sockets: AppSocket[],
  redis: Config['redis'],
  profileName: string,
): Promise<Evening> {
  const rec = new Recorder();
  const clock = new Clock();
  const s: Service = { r, rec, clock };
  // The kitchen screen: a staff socket like every other, noting when each order event arrives.
  const kitchen = await connect(r.base, 'staff', { token: r.adminToken });
  sockets.push(kitchen);
  const threadKitchen = await startThreadKitchen(r.base, { token: r.adminToken }, ({ event, payload, at }) => {
    const key = eventKey(event, payload);
    if (key && !rec.threadArrivals.has(key)) rec.threadArrivals.set(key, at);
  });
  let kitchenEvents = 0;
  const note = (event: string) => (payload: unknown) => {
    const at = performance.now();
    kitchenEvents++;
    const key = eventKey(event, payload);
    if (key && !rec.arrivals.has(key)) rec.arrivals.set(key, at);
  };
  kitchen.on('order:created', note('order:created'));
  kitchen.on('order:round-added', note('order:round-added'));
  kitchen.on('order:updated', note('order:updated'));
  const tablets = await connectMany(sockets, TABLETS, (i) => connect(r.base, 'staff', { token: r.staffTokens[i] }));
  const tabletEvents = tablets.map(() => 0);
  tablets.forEach((socket, i) => {
    const count = () => tabletEvents[i]!++;
    socket.on('order:created', count);
    socket.on('order:round-added', count);
    socket.on('order:updated', count);
  });
  const phones = await connectMany(sockets, PHONES, () => connect(r.base, 'diner'));
  const counts: PhoneCounts = { ordersFollowed: 0, updatesHeard: 0 };

  const restore = watchEmits(r.app.realtime, rec);
  const unwatchServer = watchServer(r.app, rec);
  const unwatchRelay = redis ? await watchRelay(redis.url, `${redis.keyPrefix}events`, rec) : null;
  const stopOnInterrupt = () => clock.stop();
  onInterrupt(stopOnInterrupt);
  let peakFds = openDescriptors();
  let peakRssMb = process.memoryUsage().rss / 2 ** 20;
  const loop = watchEventLoop();
  let loopDelay: LoopDelay | null = null;
  const profiler = profileWindow();
  let profile: Promise<[string, number][] | null> = Promise.resolve(null);
  const sampler = setInterval(() => {
    peakFds = Math.max(peakFds, openDescriptors());
    peakRssMb = Math.max(peakRssMb, process.memoryUsage().rss / 2 ** 20);
  }, 1000);
  try {
    rec.loadStart = performance.now();
    rec.measureFrom = rec.loadStart + WARMUP_SECONDS * 1000;
    rec.measureUntil = rec.measureFrom + SECONDS * 1000;
    const measureTimer = setTimeout(() => {
      loop.measure();
      void profiler.start();
    }, rec.measureFrom - rec.loadStart);
    const stopTimer = setTimeout(() => {
      loopDelay = loop.stop();
      profile = profiler.stop(`${profileName}-${Date.now()}`);
      clock.stop();
    }, rec.measureUntil - rec.loadStart);
    const loops = [...tablets.map((_, i) => tablet(s, i)), ...phones.map((socket, i) => phone(s, socket, i, counts))];
    const outcomes = await Promise.allSettled(loops);
    clearTimeout(measureTimer);
    clearTimeout(stopTimer);
    loopDelay ??= loop.stop();
    clock.stop();
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    stopIfInterrupted();
    // The last events may still be on their way: wait for the kitchen to have them all, and every tablet.
    const drainUntil = performance.now() + DRAIN_MS;
    const expectedEverywhere = () =>
      rec.expectations.every((e) => rec.arrivals.has(e.key)) && tabletEvents.every((n) => n === kitchenEvents);
    while (!expectedEverywhere() && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
  } finally {
    clearInterval(sampler);
    loopDelay ??= loop.stop();
    restore();
    unwatchServer();
    await unwatchRelay?.();
    await threadKitchen.close();
  }
  return {
    rec,
    tabletEvents,
    kitchenEvents,
    counts,
    peakFds,
    peakRssMb,
    loopDelay,
    profile: await profile.catch(() => null),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The baseline: a bare socket.io server replaying the app's broadcasts

interface Bare {
  latencies: number[];
  /** To the kitchen screen in a thread of its own. */
  threadLatencies: number[];
  missing: number;
  events: number;
  meanBytes: number;
  loopDelay: LoopDelay;
  /** How long each broadcast of the measured window held the event loop. */
  emitCost: number[];
}

/**
 * A bare socket.io server in this process, on its own port, with as many clients connected as the app had
 * (the kitchen and the tablets in a `staff` room, the phones beside them), connected the same ways. It replays
 * every staff broadcast the app made, the same payloads at the same moments from the start of the load,
 * with `io.to('staff').emit`, and the kitchen client notes when each arrives. Only the order events sent in
 * the measured window are measured, as in the app.
 */
async function bareBroadcast(rec: Recorder, sockets: AppSocket[]): Promise<Bare> {
  const http = createServer();
  const bare = new Server(http, { path: '/socket.io', serveClient: false });
  bare.on('connection', (socket) => {
    if ((socket.handshake.auth as { staff?: boolean }).staff) void socket.join('staff');
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clock = new Clock();
  const stopOnInterrupt = () => clock.stop();
  onInterrupt(stopOnInterrupt);
  let threadKitchen: { close(): Promise<void> } | null = null;
  try {
    const kitchen = await connect(base, 'staff', { staff: true });
    sockets.push(kitchen);
    const arrivals = new Map<number, number>();
    kitchen.onAny((_event: string, _payload: unknown, seq: number) => {
      if (!arrivals.has(seq)) arrivals.set(seq, performance.now());
    });
    const threadArrivals = new Map<number, number>();
    threadKitchen = await startThreadKitchen(base, { staff: true }, ({ seq, at }) => {
      if (typeof seq === 'number' && !threadArrivals.has(seq)) threadArrivals.set(seq, at);
    });
    await connectMany(sockets, TABLETS, () => connect(base, 'staff', { staff: true }));
    await connectMany(sockets, PHONES, () => connect(base, 'diner'));

    const sentAt = new Map<number, number>();
    const emitCost: number[] = [];
    const measuredFrom = rec.measureFrom - rec.loadStart;
    const measuredUntil = rec.measureUntil - rec.loadStart;
    const loop = watchEventLoop();
    let measuring = false;
    let loopDelay: LoopDelay | null = null;
    const start = performance.now();
    for (const [seq, entry] of rec.schedule.entries()) {
      const wait = start + entry.at - performance.now();
      if (wait > 1) await clock.pause(wait);
      stopIfInterrupted();
      if (!measuring && entry.at >= measuredFrom) {
        loop.measure();
        measuring = true;
      }
      if (!loopDelay && entry.at >= measuredUntil) loopDelay = loop.stop();
      const at = performance.now();
      const inWindow = entry.at >= measuredFrom && entry.at < measuredUntil;
      if (entry.key && inWindow) sentAt.set(seq, at);
      (bare.to('staff').emit as (event: string, ...args: unknown[]) => boolean)(entry.event, entry.payload, seq);
      if (inWindow) emitCost.push(performance.now() - at);
    }
    loopDelay ??= loop.stop();
    const drainUntil = performance.now() + DRAIN_MS;
    while (arrivals.size < rec.schedule.length && performance.now() < drainUntil) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const latencies: number[] = [];
    const threadLatencies: number[] = [];
    let missing = 0;
    let bytes = 0;
    for (const [seq, at] of sentAt) {
      const arrived = arrivals.get(seq);
      if (arrived === undefined) missing++;
      else latencies.push(arrived - at);
      const inThread = threadArrivals.get(seq);
      if (inThread !== undefined) threadLatencies.push(inThread - at);
      bytes += JSON.stringify(rec.schedule[seq]!.payload).length;
    }
    const meanBytes = sentAt.size ? bytes / sentAt.size : 0;
    return { latencies, threadLatencies, missing, events: sentAt.size, meanBytes, loopDelay, emitCost };
  } finally {
    await threadKitchen?.close();
    closeAll(sockets);
    bare.disconnectSockets(true);
    await bare.close().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Checking and reporting

interface Check {
  lines: string[];
  ok: boolean;
}

/** Every order the app placed is in the database (and nothing else is), and every call's event reached the kitchen. */
async function check(r: Restaurant, evening: Evening): Promise<Check> {
  const { rec } = evening;
  const rows = await r.app.database.db.select({ id: ordersTable.id }).from(ordersTable);
  const inDatabase = new Set(rows.map((row) => row.id));
  const absent = [...rec.placedOrders].filter((id) => !inDatabase.has(id));
  const lines: string[] = [];
  let ok = true;
  if (absent.length > 0 || inDatabase.size !== rec.placedOrders.size) {
    ok = false;
    lines.push(
      `FAIL orders: ${rec.placedOrders.size} placed, ${inDatabase.size} in the database, ${absent.length} placed but missing`,
    );
  } else {
    lines.push(`ok   orders: all ${rec.placedOrders.size} placed orders are in the database (and no other)`);
  }
  const byKind = (kind: EventKind) => rec.expectations.filter((e) => e.kind === kind);
  const missingOf = (list: Expectation[]) => list.filter((e) => !rec.arrivals.has(e.key)).length;
  const created = rec.expectations.filter((e) => e.key.startsWith('created:'));
  const createdMissing = missingOf(created);
  const everything = missingOf(rec.expectations);
  if (created.length !== rec.placedOrders.size || everything > 0) ok = false;
  lines.push(
    `${createdMissing === 0 && created.length === rec.placedOrders.size ? 'ok  ' : 'FAIL'} kitchen: ` +
      `order:created for ${created.length - createdMissing} of ${rec.placedOrders.size} orders; ` +
      `events for ${byKind('order').length + byKind('round').length - missingOf(byKind('order')) - missingOf(byKind('round'))} ` +
      `of ${byKind('order').length + byKind('round').length} orders and rounds, ` +
      `${byKind('move').length - missingOf(byKind('move'))} of ${byKind('move').length} status moves`,
  );
  const short = evening.tabletEvents.filter((n) => n !== evening.kitchenEvents).length;
  if (short > 0) ok = false;
  lines.push(
    `${short === 0 ? 'ok  ' : 'FAIL'} tablets: ${TABLETS - short} of ${TABLETS} heard all ${evening.kitchenEvents} ` +
      `order events the kitchen heard`,
  );
  const failed = rec.failedCalls;
  if (failed > 0) ok = false;
  lines.push(`${failed === 0 ? 'ok  ' : 'FAIL'} calls: ${failed} failed (any other status than the wanted one)`);
  for (const failure of rec.failures) lines.push(`       ${failure}`);
  return { lines, ok };
}

const fmtMs = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));

function row(cells: string[], widths: number[]): string {
  return `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('')}`;
}

/** One scenario as another script reads it (bench/budgets.ts). Latencies in milliseconds. */
export interface EveningScenario {
  name: string;
  database: 'pglite' | 'postgres';
  redis: boolean;
  /**
   * p99 of order placed (committed) → the kitchen screen in its own thread ÷ p99 of the bare broadcast to such a
   * screen: the budgeted ratio.
   */
  ratio: number;
  committedP99: number;
  bareP99: number;
  /** The same at the kitchen screen read by this process's busy loop, ÷ the bare broadcast to it (not budgeted). */
  inProcessRatio: number;
  inProcessP99: number;
  inProcessBareP99: number;
  /** p99 of order POST sent → the kitchen screen in its own thread, and its ratio (not budgeted). */
  sentP99: number;
  sentRatio: number;
  /** Whether every order and event was accounted for and no call failed. */
  ok: boolean;
}

type Result = Omit<EveningScenario, 'database' | 'redis'>;

function report(name: string, evening: Evening, bare: Bare, checked: Check): Result {
  const { rec } = evening;
  console.log(
    '  HTTP calls (sent: all, warm-up included; the latencies, from sending to the whole answer read, are of those sent in the measured window)',
  );
  const callWidths = [40, 7, 9, 8, 9, 9, 9, 9];
  console.log(row(['call', 'sent', 'measured', 'failed', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'], callWidths));
  const order = [
    'POST /api/order (tablet)',
    'POST /api/order/:id/rounds',
    'PATCH /api/order/:id/rounds/:n',
    'PUT /api/order/:id (status)',
    'POST /api/order (phone)',
    'GET /api/public/orders/:id',
    'GET /api/public/tables/:n',
    'GET /api/public-menu (200)',
    'GET /api/public-menu (304)',
    'GET /api/order/:id (after a failure)',
  ];
  const labels = [
    ...order.filter((label) => rec.calls.has(label)),
    ...[...rec.calls.keys()].filter((l) => !order.includes(l)),
  ];
  for (const label of labels) {
    const stats = rec.calls.get(label)!;
    const sum = summarise(stats.latencies);
    console.log(
      row(
        [
          label,
          String(stats.count),
          String(sum.count),
          String(stats.failed),
          fmtMs(sum.p50),
          fmtMs(sum.p95),
          fmtMs(sum.p99),
          fmtMs(sum.max),
        ],
        callWidths,
      ),
    );
  }

  const measured = rec.expectations.filter((e) => rec.isMeasured(e.sentAt));
  const placed = measured.filter((e) => e.kind === 'order' || e.kind === 'round');
  const moved = measured.filter((e) => e.kind === 'move');
  /** The latencies from one moment of each call to a later one, for the calls both moments are known of. */
  const span = (
    list: Expectation[],
    from: (e: Expectation) => number | undefined,
    to: (e: Expectation) => number | undefined,
  ) =>
    summarise(
      list.flatMap((e) => {
        const [start, end] = [from(e), to(e)];
        return start === undefined || end === undefined ? [] : [end - start];
      }),
    );
  const sent = (e: Expectation) => e.sentAt;
  const received = (e: Expectation) => rec.received.get(e.requestKey);
  const committed = (e: Expectation) => rec.committed.get(e.key);
  const emitted = (e: Expectation) => rec.emitted.get(e.key);
  const relayed = (e: Expectation) => rec.relayed.get(e.key);
  const arrived = (e: Expectation) => rec.arrivals.get(e.key);
  const orders = span(placed, committed, arrived);
  const fromSent = span(placed, sent, arrived);
  const emitLatencies: number[] = [];
  for (const [key, at] of rec.emitted) {
    const arrival = rec.arrivals.get(key);
    if (arrival !== undefined && rec.isMeasured(at)) emitLatencies.push(arrival - at);
  }
  const emits = summarise(emitLatencies);
  const baseline = summarise(bare.latencies);

  console.log("\n  Events at the kitchen screen (a staff socket; latency to the event's arrival)");
  const eventWidths = [56, 7, 9, 9, 9, 12, 8, 8];
  console.log(row(['from', 'count', 'p50 ms', 'p95 ms', 'p99 ms', '÷ bare p99', 'budget', ''], eventWidths));
  const eventRow = (label: string, sum: Summary, budgeted = false, against = baseline) => {
    const times = sum.p99 / against.p99;
    const verdict = budgeted ? (times <= BUDGET ? 'PASS' : 'OVER') : '';
    console.log(
      row(
        [
          label,
          String(sum.count),
          fmtMs(sum.p50),
          fmtMs(sum.p95),
          fmtMs(sum.p99),
          `${times.toFixed(1)}×`,
          budgeted ? `≤ ${BUDGET}×` : '',
          verdict,
        ],
        eventWidths,
      ),
    );
  };
  eventRow('order placed (committed) → kitchen, orders and rounds', orders);
  eventRow(
    '  of which new orders (tablets and phones)',
    span(
      measured.filter((e) => e.kind === 'order'),
      committed,
      arrived,
    ),
  );
  eventRow(
    "  of which rounds (tablets' and diners')",
    span(
      measured.filter((e) => e.kind === 'round'),
      committed,
      arrived,
    ),
  );
  eventRow('order POST sent → kitchen, orders and rounds', fromSent);
  eventRow('  1. POST sent → server got the request', span(placed, sent, received));
  eventRow('  2. request → committed (events handed to the bus)', span(placed, received, committed));
  eventRow('  3. committed → app emit to the staff room', span(placed, committed, emitted));
  eventRow('  4. app emit → kitchen', span(placed, emitted, arrived));
  const turnEnd = (e: Expectation) => rec.turnEnded.get(e.key);
  eventRow('     4a. emit → the end of its event-loop turn', span(placed, emitted, turnEnd));
  eventRow('     4b. the end of that turn → kitchen', span(placed, turnEnd, arrived));
  if (rec.relayed.size > 0)
    eventRow('  (committed → Redis, as a second instance hears it)', span(placed, committed, relayed));
  eventRow('status move committed → kitchen', span(moved, committed, arrived));
  eventRow('status move sent → kitchen', span(moved, sent, arrived));
  eventRow('app emit → kitchen, every order event', emits);
  console.log(
    row(
      [
        'bare socket.io emit → kitchen (baseline)',
        String(baseline.count),
        fmtMs(baseline.p50),
        fmtMs(baseline.p95),
        fmtMs(baseline.p99),
        '1.0×',
        '',
        '',
      ],
      eventWidths,
    ),
  );
  const threadBaseline = summarise(bare.threadLatencies);
  const inThread = (e: Expectation) => rec.threadArrivals.get(e.key);
  console.log(
    '\n  The same at a second kitchen screen in a worker thread of its own, its socket read by an event loop that does ' +
      'nothing else (as on another device); ÷ the bare broadcast to such a screen',
  );
  const threadOrders = span(placed, committed, inThread);
  const threadFromSent = span(placed, sent, inThread);
  eventRow('order placed (committed) → kitchen thread', threadOrders, true, threadBaseline);
  eventRow('order POST sent → kitchen thread', threadFromSent, false, threadBaseline);
  eventRow('app emit → kitchen thread', span(placed, emitted, inThread), false, threadBaseline);
  eventRow('bare socket.io emit → kitchen thread (baseline)', threadBaseline, false, threadBaseline);
  const measuredSeconds = SECONDS;
  const orderEvents = rec.schedule.filter((e) => e.key && rec.isMeasured(e.at + rec.loadStart)).length;
  console.log(
    `\n  load: ${(orderEvents / measuredSeconds).toFixed(1)} order events/s to ${TABLETS + 2} staff sockets ` +
      `(${rec.schedule.length} staff broadcasts in all, table events included, replayed by the bare server; ` +
      `order events ${Math.round(bare.meanBytes)} bytes of JSON on average), ` +
      `${evening.counts.ordersFollowed} diner orders followed by their phone (${evening.counts.updatesHeard} updates heard)`,
  );
  console.log(
    `  process: peak RSS ${Math.round(evening.peakRssMb)} MB, peak ${evening.peakFds} file descriptors; ` +
      `bare events not received: ${bare.missing}`,
  );
  const delay = ({ p50, p99, max, busy }: LoopDelay) =>
    `p50 ${fmtMs(p50)}, p99 ${fmtMs(p99)}, max ${fmtMs(max)} ms, busy ${Math.round(busy * 100)} % of the time`;
  console.log(
    `  event-loop delay in the measured window (clients and servers share it): app ${delay(evening.loopDelay)}; ` +
      `bare ${delay(bare.loopDelay)}`,
  );
  const gc = ({ gcCount, gcMs, gcMaxMs }: LoopDelay) =>
    `${gcCount} pauses, ${fmtMs(gcMs)} ms in all, longest ${fmtMs(gcMaxMs)} ms`;
  console.log(`  garbage collection in the measured window: app ${gc(evening.loopDelay)}; bare ${gc(bare.loopDelay)}`);
  const cost = (values: number[]) => {
    const sum = summarise(values);
    return `p50 ${fmtMs(sum.p50)}, p99 ${fmtMs(sum.p99)}, max ${fmtMs(sum.max)} ms`;
  };
  console.log(
    `  one staff broadcast holds the loop (socket.io's call, ${TABLETS + 2} sockets): app ${cost(rec.emitCost)}; ` +
      `bare ${cost(bare.emitCost)}`,
  );
  if (evening.profile) {
    const shares = evening.profile.filter(([, share]) => share >= 0.005);
    console.log(
      `  CPU profile of the measured window (this process: the app and every client; ${PROFILE_DIR}): ` +
        shares.map(([category, share]) => `${category} ${(share * 100).toFixed(1)} %`).join(', '),
    );
  }
  for (const line of checked.lines) console.log(`  ${line}`);
  const ok = checked.ok && bare.missing === 0;
  return {
    name,
    ratio: threadOrders.p99 / threadBaseline.p99,
    committedP99: threadOrders.p99,
    bareP99: threadBaseline.p99,
    inProcessRatio: orders.p99 / baseline.p99,
    inProcessP99: orders.p99,
    inProcessBareP99: baseline.p99,
    sentP99: threadFromSent.p99,
    sentRatio: threadFromSent.p99 / threadBaseline.p99,
    ok,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Databases

/** Removes the keys the app wrote under its prefix (rate-limit counters); the events channel keeps none. */
async function clearRedis(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  try {
    await redis.connect();
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

async function runScenario(
  name: string,
  database: DatabaseConfig,
  redis: Config['redis'],
  webDistDir: string,
): Promise<EveningScenario> {
  stopIfInterrupted();
  console.log(`\n${name}`);
  console.log(
    `  load average at the start: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')} (${cpus().length} CPUs)`,
  );
  const { app, base } = await startApp(database, redis, webDistDir);
  const sockets: AppSocket[] = [];
  try {
    const r = await seed(app, base);
    console.log(
      `  seeded: ${r.dishCount} dishes in ${r.categoryCount} categories, ${TABLES} tables with QR keys, ` +
        `an admin and ${TABLETS} staff accounts; ${TABLETS} tablets, 1 kitchen screen and ${PHONES} phones ` +
        `connecting; ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s measured`,
    );
    const evening = await serveEvening(r, sockets, redis, database.driver);
    closeAll(sockets);
    stopIfInterrupted();
    const bare = await bareBroadcast(evening.rec, sockets);
    stopIfInterrupted();
    const checked = await check(r, evening);
    console.log(
      `  load average at the end: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}\n`,
    );
    return { ...report(name, evening, bare, checked), database: database.driver, redis: !!redis };
  } finally {
    closeAll(sockets);
    await app.close();
  }
}

async function postgresScenario(webDistDir: string): Promise<EveningScenario | string> {
  const probe = await probePostgres(POSTGRES_URL);
  const safeUrl = POSTGRES_URL.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  if ('error' in probe) {
    const line = `PostgreSQL: skipped, not reachable at ${safeUrl} (${probe.error})`;
    console.log(`\n${line}`);
    return line;
  }
  const name = `quan_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(POSTGRES_URL, `create database "${name}"`);
  const redis = REDIS_URL ? { url: REDIS_URL, keyPrefix: `${name}:` } : null;
  try {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const withRedis = redis ? `, Redis at ${REDIS_URL.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@')}` : '';
    return await runScenario(
      `PostgreSQL ${probe.version} (scratch database ${name}${withRedis})`,
      { driver: 'postgres', url: url.toString() },
      redis,
      webDistDir,
    );
  } finally {
    await dropScratchDatabase(POSTGRES_URL, name);
    if (redis) await clearRedis(redis.url, redis.keyPrefix).catch(() => undefined);
  }
}

export interface EveningResult {
  scenarios: EveningScenario[];
  /** Why a scenario did not run (no PostgreSQL answered). */
  skipped: string[];
  /** Whether every scenario that ran accounted for every order and event, with no failed call. */
  ok: boolean;
}

/** The whole benchmark, printing as it goes (`npm run bench:evening`), and its figures for bench/budgets.ts. */
export async function runEveningBench(): Promise<EveningResult> {
  console.log(
    `Evening-service benchmark: node ${process.version}, ${cpus().length} CPU(s). ${TABLETS} tablets (an action ` +
      `every 1–3 s each), ${PHONES} phones (the menu every 3–8 s, now and then an order), one kitchen screen. ` +
      `Ratios compare with a bare socket.io server in this run; absolute numbers vary between machines.`,
  );
  const webDistDir = mkdtempSync(join(tmpdir(), 'quan-bench-web-'));
  const results: (EveningScenario | string)[] = [];
  try {
    if (DATABASES.includes('pglite')) {
      results.push(await runScenario('PGlite (in memory)', { driver: 'pglite', dataDir: null }, null, webDistDir));
    }
    if (DATABASES.includes('postgres')) results.push(await postgresScenario(webDistDir));
  } finally {
    rmSync(webDistDir, { recursive: true, force: true });
  }
  console.log(
    '\nSummary (budget: p99 of order placed, i.e. committed, → a kitchen screen in its own thread ≤ 3× the p99 of a ' +
      'bare socket.io broadcast to it)',
  );
  for (const result of results) {
    if (typeof result === 'string') console.log(`  ${result}`);
    else {
      const verdict = result.ratio <= BUDGET ? 'PASS' : 'OVER';
      const checks = result.ok ? 'every order and event accounted for' : 'CORRECTNESS FAILURE (see above)';
      console.log(
        `  ${result.name}: ${result.ratio.toFixed(1)}× the bare broadcast, ${verdict} (not budgeted: read by this ` +
          `process's loop ${result.inProcessRatio.toFixed(1)}×, from the POST sent ${result.sentRatio.toFixed(1)}×); ${checks}`,
      );
    }
  }
  const scenarios = results.filter((result): result is EveningScenario => typeof result !== 'string');
  return {
    scenarios,
    skipped: results.filter((result): result is string => typeof result === 'string'),
    ok: scenarios.every((scenario) => scenario.ok),
  };
}

if (isMainModule(import.meta.url)) {
  try {
    process.exitCode = (await runEveningBench()).ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof Interrupted)) console.error(error);
    process.exitCode = error instanceof Interrupted ? 130 : 1;
  }
}
