/**
 * Order-create throughput: POST /api/order through the whole app, reported as a ratio to a raw
 * INSERT transaction loop that writes rows of the same shape to the same database in the same run.
 *
 * Machines are shared and noisy, so absolute numbers mean little on their own; the ratio to a baseline
 * measured a moment earlier on the same database is what to compare between runs. Nothing here gates CI.
 *
 *   npm run bench:orders
 *
 * Environment (all optional): BENCH_ORDERS (orders per round, 500), BENCH_WARMUP (50), BENCH_ROUNDS (2),
 * BENCH_CONCURRENCY (in-flight requests of the concurrent PostgreSQL scenario, 8), BENCH_POSTGRES_URL
 * (the server to create a scratch database on; postgres://postgres@127.0.0.1:5432/test) and BENCH_BRANCHES
 * (1; more makes the database a chain and places the orders in its last branch: bench/seed-chain.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { count, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { computeBill } from '@quan/contract/bill';
import type { VatRate } from '@quan/contract/vat';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, type Config, type DatabaseConfig } from '../apps/server/src/config';
import { orderLines, orders } from '../apps/server/src/db/schema/orders';
import { Interrupted, stopIfInterrupted } from './interrupt';
import { BRANCH_COUNT, seedChain } from './seed-chain';
import { isMainModule } from './main-module';
import { adminQuery, dropScratchDatabase, probePostgres } from './scratch-database';
import { intFromEnv } from './env';
import { injectOk } from './inject-ok';

const ORDERS_PER_ROUND = intFromEnv('BENCH_ORDERS', 500);
const WARMUP_ORDERS = intFromEnv('BENCH_WARMUP', 50);
const ROUNDS = intFromEnv('BENCH_ROUNDS', 2);
const CONCURRENCY = intFromEnv('BENCH_CONCURRENCY', 8);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DISH_COUNT = 20;
const LINES_PER_ORDER = 3;

// ---------------------------------------------------------------------------------------------------------
// Measuring

/** One timed loop: throughput over its wall time, latency of each operation from start to settle. */
interface Sample {
  opsPerSecond: number;
  meanMs: number;
  p95Ms: number;
}

/**
 * Runs `op(0) … op(total - 1)` with at most `concurrency` in flight: each worker takes the next index as
 * soon as its previous operation settles, so the database always has `concurrency` requests to work on.
 * On a failure (or Ctrl-C) the other workers stop, and all have settled before it throws, so the caller
 * never closes the app under a request still in flight.
 */
async function timeLoop(total: number, concurrency: number, op: (index: number) => Promise<void>): Promise<Sample> {
  const latencies = new Float64Array(total);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < total && !failed) {
      stopIfInterrupted();
      const index = next++;
      const started = performance.now();
      await op(index);
      latencies[index] = performance.now() - started;
    }
  };
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    Array.from({ length: Math.min(concurrency, total) }, () =>
      worker().catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    ),
  );
  const elapsedMs = performance.now() - started;
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  latencies.sort();
  const sum = latencies.reduce((a, b) => a + b, 0);
  return {
    opsPerSecond: (total * 1000) / elapsedMs,
    meanMs: sum / total,
    // Nearest rank: the smallest latency that at least 95 % of the operations did not exceed.
    p95Ms: latencies[Math.ceil(0.95 * total) - 1]!,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each figure is the median of that figure over the rounds (not the figures of one median round). */
function medianSample(samples: Sample[]): Sample {
  return {
    opsPerSecond: median(samples.map((s) => s.opsPerSecond)),
    meanMs: median(samples.map((s) => s.meanMs)),
    p95Ms: median(samples.map((s) => s.p95Ms)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The app and its menu

interface Dish {
  id: string;
  categoryId: string;
  name: string;
  price: number;
}

interface Fixture {
  app: FastifyInstance;
  token: string;
  dishes: Dish[];
  taxRate: VatRate;
  /** The branch the orders are placed in: the first, or with BENCH_BRANCHES the last branch of the chain. */
  branchId: string;
}

/**
 * Builds the app on `database` the way the tests do (test env, silent log, no Redis), registers the first
 * account (which becomes the admin), signs in, and creates a category of DISH_COUNT dishes over HTTP.
 */
async function setUp(database: DatabaseConfig, webDistDir: string): Promise<Fixture> {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // An empty folder: no web build to serve, and no warning either since the logger is off.
    WEB_DIST_DIR: webDistDir,
    // Thousands of requests a minute from one "IP" would otherwise be refused with 429.
    RATE_LIMIT_MAX: '1000000',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    LOGIN_RATE_LIMIT_PER_EMAIL: '1000',
  });
  // dataDir null keeps the JWT secret in memory; redis null keeps rate-limit counters in memory.
  const config: Config = { ...base, dataDir: null, database, redis: null };
  const app = await buildApp(config);
  await app.ready();
  try {
    const account = {
      name: 'Bench Admin',
      email: `bench.${process.pid}@example.test`,
      phone: '0900000000',
      password: 'correct-horse-42',
    };
    await injectOk(app, { method: 'POST', url: '/api/user/register', payload: account }, 201);
    const { token } = await injectOk<{ token: string }>(
      app,
      { method: 'POST', url: '/api/user/login', payload: { email: account.email, password: account.password } },
      200,
    );
    const category = await injectOk<{ _id: string }>(
      app,
      { method: 'POST', url: '/api/category', payload: { name: 'Bench dishes' }, token },
      201,
    );
    const dishes: Dish[] = [];
    for (let i = 0; i < DISH_COUNT; i++) {
      const payload = { name: `Bench dish ${i + 1}`, price: 25_000 + i * 5_000, categoryId: category._id };
      const item = await injectOk<{ _id: string; categoryId: string; name: string; price: number }>(
        app,
        { method: 'POST', url: '/api/item', payload, token },
        201,
      );
      dishes.push({ id: item._id, categoryId: item.categoryId, name: item.name, price: item.price });
    }
    const chain = await seedChain(app.database.db);
    let branchId = (await app.services.branches.first()).id;
    if (chain) {
      // The session works in the chain's last branch, where every dish has that branch's own price.
      branchId = chain.measured.id;
      await injectOk(app, { method: 'PUT', url: '/api/branches/current', payload: { branchId }, token }, 200);
      const priced = await injectOk<{ _id: string; price: number }[]>(
        app,
        { method: 'GET', url: '/api/item', token },
        200,
      );
      for (const dish of dishes) dish.price = priced.find((item) => item._id === dish.id)?.price ?? dish.price;
    }
    const { taxRate } = await app.services.settings.get(branchId);
    return { app, token, dishes, taxRate, branchId };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** The lines of the `index`-th order: three different dishes, quantities 1–3, the same for both paths. */
function planLines(dishes: Dish[], index: number): { dish: Dish; quantity: number }[] {
  return Array.from({ length: LINES_PER_ORDER }, (_, k) => ({
    dish: dishes[(index * LINES_PER_ORDER + k) % dishes.length]!,
    quantity: 1 + ((index + k) % 3),
  }));
}

/** The app path: one POST /api/order through routing, auth, validation, the service and serialisation. */
function appOrder({ app, token, dishes }: Fixture): (index: number) => Promise<void> {
  return async (index) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      payload: {
        customerDetails: { name: 'Bench guest', guests: 2 },
        items: planLines(dishes, index).map(({ dish, quantity }) => ({ itemId: dish.id, quantity })),
      },
    });
    if (response.statusCode !== 201)
      throw new Error(`POST /api/order answered ${response.statusCode}: ${response.body}`);
  };
}

/**
 * The baseline: the two INSERTs an order needs at the least, in one transaction, with the values the service
 * would write (a uuid v7 id, lines copied from the menu, the same tax rounding) but none of its reads.
 */
/** The raw loop's order numbers: far above the app's, so the two never meet in a branch's sequence. */
let rawOrderNo = 100_000_000;

function rawOrder({ app, dishes, taxRate, branchId }: Fixture): (index: number) => Promise<void> {
  const db = app.database.db;
  return async (index) => {
    const id = uuidv7();
    const lines = planLines(dishes, index).map(({ dish, quantity }, position) => ({
      orderId: id,
      position,
      itemId: dish.id,
      categoryId: dish.categoryId,
      name: dish.name,
      price: dish.price,
      quantity,
      note: '',
      total: dish.price * quantity,
      vatRate: taxRate,
    }));
    const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
    const bill = computeBill({
      subtotals: [{ vatRate: taxRate, amount: subtotal }],
      discount: 0,
      serviceVatRate: taxRate,
    });
    await db.transaction(async (tx) => {
      await tx.insert(orders).values({
        id,
        branchId,
        orderNo: rawOrderNo++,
        status: 'in_progress',
        source: 'pos',
        customerName: 'Bench guest',
        customerPhone: '',
        guests: 2,
        tableId: null,
        subtotal,
        discount: 0,
        serviceVatRate: taxRate,
        taxes: bill.taxes,
        tax: bill.tax,
        total: bill.total,
        couponCode: null,
        paymentMethod: null,
        isPreorder: false,
        note: '',
        createdById: null,
      });
      await tx.insert(orderLines).values(lines);
    });
  };
}

/** The statements one operation sent to PostgreSQL, in order, each shortened to its first words. */
interface StatementCount {
  app: string[];
  raw: string[];
}

/**
 * Runs one operation of each path and lists the statements each sent to PostgreSQL (every `query` of a
 * `pg` client: each is one round trip, `begin` and `commit` included). Counted by wrapping
 * `pg.Client.prototype.query` for the duration, the client class the app's pool hands out.
 */
async function countStatements(fixture: Fixture): Promise<StatementCount> {
  const query = pg.Client.prototype.query;
  let sent: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text: string };
    sent.push((typeof config === 'string' ? config : config.text).replace(/\s+/g, ' ').trim());
    return (query as (...args: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  const listOne = async (op: (index: number) => Promise<void>) => {
    sent = [];
    await op(0);
    return sent;
  };
  try {
    return { app: await listOne(appOrder(fixture)), raw: await listOne(rawOrder(fixture)) };
  } finally {
    pg.Client.prototype.query = query;
  }
}

function printStatements({ app, raw }: StatementCount): void {
  const shorten = (statement: string) => (statement.length > 90 ? `${statement.slice(0, 89)}…` : statement);
  console.log(`  statements per order (round trips to PostgreSQL): app ${app.length}, raw ${raw.length}`);
  for (const statement of app) console.log(`    app: ${shorten(statement)}`);
}

interface Comparison {
  concurrency: number;
  raw: Sample;
  app: Sample;
  rawRounds: number[];
  appRounds: number[];
  /** App ÷ raw orders/s of each round, the two loops of a round measured back to back. */
  roundRatios: number[];
  /**
   * The median of `roundRatios`. Pairing rounds cancels drift that lasts longer than a round, so this can
   * differ from the ratio of the two median orders/s in the table.
   */
  ratio: number;
}

/**
 * Warms both paths up, then alternates raw, app, raw, app … so that drift during the run (other jobs on
 * the machine, the tables growing) falls on both paths alike.
 */
async function compare(fixture: Fixture, concurrency: number): Promise<Comparison> {
  const raw = rawOrder(fixture);
  const app = appOrder(fixture);
  await timeLoop(WARMUP_ORDERS, concurrency, raw);
  await timeLoop(WARMUP_ORDERS, concurrency, app);
  const rawSamples: Sample[] = [];
  const appSamples: Sample[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rawSamples.push(await timeLoop(ORDERS_PER_ROUND, concurrency, raw));
    appSamples.push(await timeLoop(ORDERS_PER_ROUND, concurrency, app));
  }
  const roundRatios = rawSamples.map((r, i) => appSamples[i]!.opsPerSecond / r.opsPerSecond);
  return {
    concurrency,
    raw: medianSample(rawSamples),
    app: medianSample(appSamples),
    rawRounds: rawSamples.map((s) => s.opsPerSecond),
    appRounds: appSamples.map((s) => s.opsPerSecond),
    roundRatios,
    ratio: median(roundRatios),
  };
}

/**
 * Fails loudly if the loops did not write what they claim: every order with its lines, app orders signed.
 * `extra`: the orders each path wrote besides the comparisons (the statement count's).
 */
async function checkWrites(fixture: Fixture, comparisons: number, extra: number): Promise<string> {
  const db = fixture.app.database.db;
  const perPath = comparisons * (WARMUP_ORDERS + ROUNDS * ORDERS_PER_ROUND) + extra;
  const [orderCount] = await db.select({ n: count() }).from(orders);
  const [rawCount] = await db.select({ n: count() }).from(orders).where(isNull(orders.createdById));
  const [lineCount] = await db.select({ n: count() }).from(orderLines);
  const expected = { orders: 2 * perPath, raw: perPath, lines: 2 * perPath * LINES_PER_ORDER };
  const actual = { orders: orderCount?.n, raw: rawCount?.n, lines: lineCount?.n };
  if (actual.orders !== expected.orders || actual.raw !== expected.raw || actual.lines !== expected.lines) {
    throw new Error(`Unexpected row counts: wanted ${JSON.stringify(expected)}, found ${JSON.stringify(actual)}`);
  }
  return `${expected.orders} orders and ${expected.lines} lines written as expected`;
}

// ---------------------------------------------------------------------------------------------------------
// Reporting

const fmt = {
  rate: (n: number) => n.toFixed(n >= 100 ? 0 : 1),
  ms: (n: number) => n.toFixed(2),
  ratio: (n: number) => `${n.toFixed(2)}×`,
};

function describeConcurrency(concurrency: number): string {
  return concurrency === 1 ? 'sequential' : `${concurrency} in flight`;
}

function printComparison(c: Comparison): void {
  const row = (label: string, s: Sample) =>
    `    ${label.padEnd(28)}${fmt.rate(s.opsPerSecond).padStart(10)}${fmt.ms(s.meanMs).padStart(10)}${fmt.ms(s.p95Ms).padStart(10)}`;
  console.log(`  ${describeConcurrency(c.concurrency)}`);
  console.log(`    ${''.padEnd(28)}${'orders/s'.padStart(10)}${'mean ms'.padStart(10)}${'p95 ms'.padStart(10)}`);
  console.log(row('raw INSERT transaction loop', c.raw));
  console.log(row('app POST /api/order', c.app));
  console.log(
    `    rounds: raw ${c.rawRounds.map(fmt.rate).join(', ')} orders/s; app ${c.appRounds.map(fmt.rate).join(', ')} ` +
      `orders/s; app/raw ${c.roundRatios.map(fmt.ratio).join(', ')}`,
  );
  console.log(`    app path = ${fmt.ratio(c.ratio)} the raw INSERT transaction loop (median of the rounds' ratios)`);
}

/** "PGlite: app path = 0.31× the raw INSERT transaction loop sequential (rounds 0.30×, 0.32×), 0.25× at …" */
function summaryLine(name: string, comparisons: Comparison[]): string {
  const parts = comparisons.map(
    (c, i) =>
      `${fmt.ratio(c.ratio)}${i === 0 ? ' the raw INSERT transaction loop' : ''} ` +
      `${c.concurrency === 1 ? 'sequential' : `at ${c.concurrency} in flight`} ` +
      `(rounds ${c.roundRatios.map(fmt.ratio).join(', ')})`,
  );
  return `  ${name}: app path = ${parts.join(', ')}`;
}

// ---------------------------------------------------------------------------------------------------------
// Databases

interface Target {
  name: string;
  database: DatabaseConfig;
  /** In-flight operations of each comparison to run. */
  concurrencies: number[];
}

async function benchTarget(target: Target, webDistDir: string): Promise<Comparison[]> {
  stopIfInterrupted();
  console.log(
    `\n${target.name}: ${ORDERS_PER_ROUND} orders per round, ${WARMUP_ORDERS} warm-up, median of ${ROUNDS} rounds`,
  );
  const fixture = await setUp(target.database, webDistDir);
  try {
    const comparisons: Comparison[] = [];
    for (const concurrency of target.concurrencies) {
      const comparison = await compare(fixture, concurrency);
      printComparison(comparison);
      comparisons.push(comparison);
    }
    // Counted once the caches are warm, as every order but the first after a change finds them.
    const counted = target.database.driver === 'postgres';
    if (counted) printStatements(await countStatements(fixture));
    console.log(`  check: ${await checkWrites(fixture, comparisons.length, counted ? 1 : 0)}`);
    return comparisons;
  } finally {
    await fixture.app.close();
  }
}

async function benchPostgres(webDistDir: string): Promise<{ line: string; comparisons: Comparison[] | null }> {
  const probe = await probePostgres(POSTGRES_URL);
  const safeUrl = POSTGRES_URL.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  if ('error' in probe) {
    const line = `PostgreSQL: skipped, not reachable at ${safeUrl} (${probe.error})`;
    console.log(`\n${line}`);
    return { line: `  ${line}`, comparisons: null };
  }
  const name = `quan_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(POSTGRES_URL, `create database "${name}"`);
  try {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const comparisons = await benchTarget(
      {
        name: `PostgreSQL ${probe.version} (scratch database ${name})`,
        database: { driver: 'postgres', url: url.toString() },
        // The app's pool holds 10 connections, so 8 in flight never wait for one.
        concurrencies: [1, CONCURRENCY],
      },
      webDistDir,
    );
    return { line: summaryLine(`PostgreSQL ${probe.version}`, comparisons), comparisons };
  } finally {
    await dropScratchDatabase(POSTGRES_URL, name);
  }
}

/** One comparison as another script reads it: the app ÷ raw ratio (median of the rounds') and each round's. */
export interface OrderRatio {
  /** Operations in flight: 1 is sequential. */
  concurrency: number;
  ratio: number;
  rounds: number[];
}

export interface OrdersResult {
  pglite: OrderRatio[];
  /** Null when no PostgreSQL answered (`postgresSkipped` says why). */
  postgres: OrderRatio[] | null;
  postgresSkipped: string | null;
}

const ratiosOf = (comparisons: Comparison[]): OrderRatio[] =>
  comparisons.map(({ concurrency, ratio, roundRatios }) => ({ concurrency, ratio, rounds: roundRatios }));

/** The whole benchmark, printing as it goes (`npm run bench:orders`), and its ratios for bench/budgets.ts. */
export async function runOrdersBench(): Promise<OrdersResult> {
  console.log(
    `Order-create benchmark: node ${process.version}, ${cpus().length} CPU(s), ${LINES_PER_ORDER} lines per order, ` +
      `${DISH_COUNT} dishes${BRANCH_COUNT > 1 ? `, in the last of ${BRANCH_COUNT} branches with their own prices` : ''}. ` +
      'Ratios compare paths within this run; absolute numbers vary between machines.',
  );
  const webDistDir = mkdtempSync(join(tmpdir(), 'quan-bench-web-'));
  try {
    // PGlite is one in-process connection: requests in flight would only queue on it, so sequential only.
    const pglite = await benchTarget(
      { name: 'PGlite (in memory)', database: { driver: 'pglite', dataDir: null }, concurrencies: [1] },
      webDistDir,
    );
    const postgres = await benchPostgres(webDistDir);
    console.log('\nSummary');
    for (const line of [summaryLine('PGlite', pglite), postgres.line]) console.log(line);
    return {
      pglite: ratiosOf(pglite),
      postgres: postgres.comparisons && ratiosOf(postgres.comparisons),
      postgresSkipped: postgres.comparisons ? null : postgres.line.trim(),
    };
  } finally {
    rmSync(webDistDir, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) {
  try {
    await runOrdersBench();
  } catch (error) {
    if (!(error instanceof Interrupted)) console.error(error);
    process.exitCode = error instanceof Interrupted ? 130 : 1;
  }
}
