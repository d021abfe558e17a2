/**
 * Public-menu throughput: GET /api/public-menu through the whole app listening on loopback, with
 * autocannon, reported as a ratio to a bare node:http server that answers with the very same bytes in the
 * same run. Budget: the app keeps at least 60 % of the bare server's requests per second.
 *
 * Machines are shared and noisy, so absolute numbers mean little on their own; the ratio to a baseline
 * measured a moment earlier is what to compare between runs. Nothing here gates CI.
 *
 *   npm run bench:public-menu
 *
 * Environment (all optional): BENCH_DURATION (seconds per measurement, 10), BENCH_WARMUP (seconds of
 * warm-up per server and kind of request, 2), BENCH_ROUNDS (2), BENCH_CONNECTIONS (20) and BENCH_BRANCHES (1;
 * more makes the database a chain and measures its last branch's menu: bench/seed-chain.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, type Config } from '../apps/server/src/config';
import { seedChain } from './seed-chain';
import { seedMenu, signUpAdmin } from './seed-menu';
import { Interrupted, stopIfInterrupted } from './interrupt';
import { isMainModule } from './main-module';
import { intFromEnv } from './env';

const DURATION_S = Math.max(1, intFromEnv('BENCH_DURATION', 10, 0));
const WARMUP_S = intFromEnv('BENCH_WARMUP', 2, 0);
const ROUNDS = Math.max(1, intFromEnv('BENCH_ROUNDS', 2, 0));
const CONNECTIONS = Math.max(1, intFromEnv('BENCH_CONNECTIONS', 20, 0));
const CATEGORY_COUNT = 8;
const DISHES_PER_CATEGORY = 10;
const TARGET_RATIO = 0.6;
/** The menu measured: the first branch's, or with BENCH_BRANCHES the last branch's of the chain (set at start). */
let PATH = '/api/public-menu';

// ---------------------------------------------------------------------------------------------------------
// Load generation: autocannon in a child process, so that it runs on the other core and never shares an
// event loop with the server under test (both servers live in this process).

const autocannonPath = createRequire(import.meta.url).resolve('autocannon');

/** What one autocannon run tells (the fields of its result this bench reads). */
interface CannonResult {
  duration: number;
  requests: { total: number };
  latency: { mean: number; p50: number; p99: number };
  throughput: { total: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

/**
 * autocannon keeps every response's body as a string (`body += chunk`, a UTF-8 decode per chunk) although
 * nothing here reads it. With a 15 KB body of Vietnamese text that decoding, not the server, limited the
 * bare server to about half of what it serves, which flattered the ratio; the child drops the body
 * (byte counts are kept apart and stay right). The app and the bare server get the same client.
 */
const CHILD_SOURCE = `
const autocannon = require(process.env.BENCH_AUTOCANNON_PATH);
const queue = require(require('path').join(require('path').dirname(process.env.BENCH_AUTOCANNON_PATH), 'lib/pipelinedRequestsQueue.js'));
if (typeof queue.prototype.addBody !== 'function') throw new Error('autocannon changed: no PipelinedRequestsQueue#addBody to skip');
queue.prototype.addBody = function () {};
const options = JSON.parse(process.env.BENCH_AUTOCANNON_OPTIONS);
const instance = autocannon(options, (error, result) => {
  if (error) { console.error(error); process.exit(1); }
  process.stdout.write(JSON.stringify(result));
});
process.on('SIGINT', () => instance.stop());
`;

async function cannon(url: string, headers: Record<string, string>, seconds: number): Promise<CannonResult> {
  stopIfInterrupted();
  const options = { url, headers, connections: CONNECTIONS, pipelining: 1, duration: seconds, timeout: 10 };
  const child = spawn(process.execPath, ['-e', CHILD_SOURCE], {
    env: {
      ...process.env,
      BENCH_AUTOCANNON_PATH: autocannonPath,
      BENCH_AUTOCANNON_OPTIONS: JSON.stringify(options),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  stopIfInterrupted();
  if (code !== 0) throw new Error(`autocannon exited with ${code}: ${stderr.trim()}`);
  return JSON.parse(stdout) as CannonResult;
}

/** One measurement: requests per second over its wall time, latency, and whether every answer was right. */
interface Sample {
  rps: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  bytesPerRequest: number;
  /** Answers with another status than the expected one, errors and timeouts; 0 for a valid run. */
  wrong: number;
  statuses: string;
}

async function measure(url: string, headers: Record<string, string>, expectedStatus: number): Promise<Sample> {
  const r = await cannon(url, headers, DURATION_S);
  const counts = Object.entries(r.statusCodeStats ?? {});
  const right = r.statusCodeStats?.[String(expectedStatus)]?.count ?? 0;
  const answered = counts.reduce((sum, [, { count }]) => sum + count, 0);
  return {
    rps: right / r.duration,
    meanMs: r.latency.mean,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    bytesPerRequest: answered ? r.throughput.total / answered : 0,
    wrong: answered - right + r.errors + r.timeouts,
    statuses: counts.map(([status, { count }]) => `${status}×${count}`).join(' ') || 'none',
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// ---------------------------------------------------------------------------------------------------------
// The two servers

/** What the app answered once: the bytes the bare server then serves as they are. */
interface Snapshot {
  body: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
  dishes: number;
  categories: number;
}

async function snapshot(baseUrl: string): Promise<Snapshot> {
  const response = await fetch(new URL(PATH, baseUrl));
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) {
    throw new Error(`GET ${PATH} answered ${response.status}: ${body.toString('utf8').slice(0, 300)}`);
  }
  const etag = response.headers.get('etag');
  if (!etag) throw new Error(`GET ${PATH} sent no ETag`);
  const parsed = JSON.parse(body.toString('utf8')) as {
    data?: { categories: { items: unknown[] }[] };
    categories?: { items: unknown[] }[];
  };
  const categories = parsed.data?.categories ?? parsed.categories ?? [];
  return {
    body,
    contentType: response.headers.get('content-type') ?? 'application/json',
    etag,
    cacheControl: response.headers.get('cache-control') ?? '',
    dishes: categories.reduce((sum, c) => sum + c.items.length, 0),
    categories: categories.length,
  };
}

/** The conditional request must answer 304 with no body; a stale tag must get the full menu. */
async function checkConditional(baseUrl: string, menu: Snapshot): Promise<string> {
  const fresh = await fetch(new URL(PATH, baseUrl), { headers: { 'if-none-match': menu.etag } });
  const freshBody = Buffer.from(await fresh.arrayBuffer());
  if (fresh.status !== 304 || freshBody.length !== 0) {
    throw new Error(`If-None-Match with the current ETag answered ${fresh.status} with ${freshBody.length} bytes`);
  }
  const stale = await fetch(new URL(PATH, baseUrl), { headers: { 'if-none-match': '"stale"' } });
  const staleBody = Buffer.from(await stale.arrayBuffer());
  if (stale.status !== 200 || !staleBody.equals(menu.body)) {
    throw new Error(`If-None-Match with a stale ETag answered ${stale.status} with ${staleBody.length} bytes`);
  }
  return `If-None-Match: current ETag → 304 (empty body, etag ${fresh.headers.get('etag') === menu.etag ? 'repeated' : 'missing'}), stale ETag → 200 with the menu`;
}

/**
 * The baseline: node:http answering every request with the snapshot's bytes and headers as they are, and
 * 304 when If-None-Match carries the same tag, without routing, hooks or any other header.
 */
function bareServer(menu: Snapshot): Server {
  const headers = {
    'content-type': menu.contentType,
    'content-length': String(menu.body.length),
    etag: menu.etag,
    'cache-control': menu.cacheControl,
  };
  return createServer((request, response) => {
    if (request.headers['if-none-match'] === menu.etag) {
      response.writeHead(304, { etag: menu.etag, 'cache-control': menu.cacheControl });
      response.end();
      return;
    }
    response.writeHead(200, headers);
    response.end(menu.body);
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The whole app the way the tests build it (test env, silent log, PGlite in memory, rate limits raised). */
async function startApp(webDistDir: string): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // An empty folder: no web build to serve.
    WEB_DIST_DIR: webDistDir,
    // Hundreds of thousands of requests a minute from one "IP" would otherwise be refused with 429. The
    // limiter still runs on every request: its cost is part of the app path.
    RATE_LIMIT_MAX: '100000000',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    LOGIN_RATE_LIMIT_PER_EMAIL: '1000',
  });
  const config: Config = { ...base, dataDir: null, database: { driver: 'pglite', dataDir: null }, redis: null };
  const app = await buildApp(config);
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, baseUrl: address };
  } catch (error) {
    await app.close();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Comparing

type Kind = 'full' | 'conditional';

interface Comparison {
  kind: Kind;
  bare: Sample[];
  app: Sample[];
  /** App ÷ bare requests/s of each round, the two measured back to back. */
  roundRatios: number[];
  ratio: number;
}

const fmt = {
  rate: (n: number) => Math.round(n).toLocaleString('en-US'),
  ms: (n: number) => n.toFixed(2),
  pct: (n: number) => `${Math.round(n * 100)} %`,
  bytes: (n: number) => Math.round(n).toLocaleString('en-US'),
};

const LABELS: Record<Kind, { bare: string; app: string; title: string }> = {
  full: { bare: 'bare node:http 200', app: 'app GET /api/public-menu 200', title: 'full menu (200)' },
  conditional: {
    bare: 'bare node:http 304',
    app: 'app If-None-Match 304',
    title: 'conditional, If-None-Match with the current ETag (304)',
  },
};

function printComparison(c: Comparison): void {
  const row = (label: string, samples: Sample[]) => {
    const m = (pick: (s: Sample) => number) => median(samples.map(pick));
    const wrong = samples.reduce((sum, s) => sum + s.wrong, 0);
    return (
      `    ${label.padEnd(30)}${fmt.rate(m((s) => s.rps)).padStart(10)}${fmt.ms(m((s) => s.meanMs)).padStart(10)}` +
      `${fmt.ms(m((s) => s.p99Ms)).padStart(10)}${fmt.bytes(m((s) => s.bytesPerRequest)).padStart(12)}${String(wrong).padStart(8)}`
    );
  };
  console.log(`  ${LABELS[c.kind].title}`);
  console.log(
    `    ${''.padEnd(30)}${'req/s'.padStart(10)}${'mean ms'.padStart(10)}${'p99 ms'.padStart(10)}` +
      `${'bytes/req'.padStart(12)}${'wrong'.padStart(8)}`,
  );
  console.log(row(LABELS[c.kind].bare, c.bare));
  console.log(row(LABELS[c.kind].app, c.app));
  console.log(
    `    rounds: bare ${c.bare.map((s) => fmt.rate(s.rps)).join(', ')} req/s; app ${c.app.map((s) => fmt.rate(s.rps)).join(', ')} ` +
      `req/s; app/bare ${c.roundRatios.map(fmt.pct).join(', ')}`,
  );
  for (const [label, samples] of [
    ['bare', c.bare],
    ['app', c.app],
  ] as const) {
    const bad = samples.filter((s) => s.wrong > 0);
    if (bad.length) console.log(`    WARNING ${label}: unexpected answers (${bad.map((s) => s.statuses).join('; ')})`);
  }
  console.log(`    app = ${fmt.pct(c.ratio)} of bare node:http (median of the rounds' ratios)`);
}

/** What another script reads of the benchmark: the app ÷ bare ratios (medians of the rounds') and each round's. */
export interface PublicMenuResult {
  full: { ratio: number; rounds: number[] };
  conditional: { ratio: number; rounds: number[] };
  dishes: number;
  bytes: number;
  /** Whether every answer had the wanted status, with no error or timeout. */
  valid: boolean;
}

/** The whole benchmark, printing as it goes (`npm run bench:public-menu`), and its ratios for bench/budgets.ts. */
export async function runPublicMenuBench(): Promise<PublicMenuResult> {
  console.log(
    `Public-menu benchmark: node ${process.version}, ${cpus().length} CPU(s), ${CATEGORY_COUNT * DISHES_PER_CATEGORY} dishes ` +
      `in ${CATEGORY_COUNT} categories, autocannon ${CONNECTIONS} connections on 127.0.0.1, ${DURATION_S} s per measurement, ` +
      `${WARMUP_S} s warm-up, median of ${ROUNDS} rounds. Ratios compare servers within this run; absolute numbers vary between machines.`,
  );
  const webDistDir = mkdtempSync(join(tmpdir(), 'quan-bench-web-'));
  let app: FastifyInstance | null = null;
  let bare: Server | null = null;
  try {
    const started = await startApp(webDistDir);
    app = started.app;
    const token = await signUpAdmin(started.baseUrl);
    const seeded = await seedMenu(started.baseUrl, token, CATEGORY_COUNT, DISHES_PER_CATEGORY);
    const chain = await seedChain(app.database.db);
    if (chain) {
      PATH = `/api/public/b/${chain.measured.slug}/menu`;
      console.log(
        `\n  chain: ${chain.branches} branches, each with its own price of ${chain.dishes} dishes; measuring ${PATH}`,
      );
    }
    const menu = await snapshot(started.baseUrl);
    if (menu.dishes !== seeded.items || menu.categories !== seeded.categories) {
      throw new Error(
        `GET ${PATH} lists ${menu.dishes} dishes in ${menu.categories} categories; ${seeded.items} in ${seeded.categories} were created`,
      );
    }
    console.log(
      `\n  menu: ${menu.dishes} dishes (${seeded.itemsWithOptions} with option groups) in ${menu.categories} categories, ${fmt.bytes(menu.body.length)} bytes of ${menu.contentType}; ` +
        `ETag ${menu.etag}; Cache-Control ${menu.cacheControl || '(none)'}`,
    );
    console.log(`  check: ${await checkConditional(started.baseUrl, menu)}`);

    bare = bareServer(menu);
    const bareUrl = await listen(bare);
    const again = Buffer.from(await (await fetch(new URL(PATH, bareUrl))).arrayBuffer());
    if (!again.equals(menu.body)) throw new Error('The bare server does not serve the same bytes');
    console.log('  check: the bare server answers with the same bytes, content-type, ETag and Cache-Control\n');

    const urls = { app: new URL(PATH, started.baseUrl).href, bare: new URL(PATH, bareUrl).href };
    const headersOf: Record<Kind, Record<string, string>> = { full: {}, conditional: { 'if-none-match': menu.etag } };
    const statusOf: Record<Kind, number> = { full: 200, conditional: 304 };
    const kinds: Kind[] = ['full', 'conditional'];

    if (WARMUP_S > 0) {
      for (const kind of kinds) {
        await cannon(urls.bare, headersOf[kind], WARMUP_S);
        await cannon(urls.app, headersOf[kind], WARMUP_S);
      }
    }
    // Alternate bare, app, bare, app … so that drift (other jobs on the machine) falls on both alike.
    const samples: Record<Kind, { bare: Sample[]; app: Sample[] }> = {
      full: { bare: [], app: [] },
      conditional: { bare: [], app: [] },
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of kinds) {
        samples[kind].bare.push(await measure(urls.bare, headersOf[kind], statusOf[kind]));
        samples[kind].app.push(await measure(urls.app, headersOf[kind], statusOf[kind]));
      }
    }

    const comparisons = kinds.map((kind): Comparison => {
      const { bare: b, app: a } = samples[kind];
      const roundRatios = b.map((s, i) => a[i]!.rps / s.rps);
      return { kind, bare: b, app: a, roundRatios, ratio: median(roundRatios) };
    });
    for (const c of comparisons) printComparison(c);

    const [full, conditional] = comparisons as [Comparison, Comparison];
    const valid = comparisons.every((c) => [...c.bare, ...c.app].every((s) => s.wrong === 0));
    console.log('\nSummary');
    console.log(
      `  GET ${PATH} (${menu.dishes} dishes, ${fmt.bytes(menu.body.length)} bytes): app = ${fmt.pct(full.ratio)} of bare node:http ` +
        `(rounds ${full.roundRatios.map(fmt.pct).join(', ')}); target ≥ ${fmt.pct(TARGET_RATIO)}: ` +
        `${full.ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
    );
    console.log(
      `  If-None-Match → 304: app = ${fmt.pct(conditional.ratio)} of bare node:http ` +
        `(rounds ${conditional.roundRatios.map(fmt.pct).join(', ')}); ` +
        `app 304s are ${(median(conditional.app.map((s) => s.rps)) / median(full.app.map((s) => s.rps))).toFixed(2)}× its 200s per second`,
    );
    if (!valid) console.log('  WARNING: some answers had an unexpected status, an error or a timeout (see above)');
    return {
      full: { ratio: full.ratio, rounds: full.roundRatios },
      conditional: { ratio: conditional.ratio, rounds: conditional.roundRatios },
      dishes: menu.dishes,
      bytes: menu.body.length,
      valid,
    };
  } finally {
    if (bare) await closeServer(bare);
    if (app) await app.close();
    rmSync(webDistDir, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) {
  try {
    process.exitCode = (await runPublicMenuBench()).valid ? 0 : 1;
  } catch (error) {
    if (!(error instanceof Interrupted)) console.error(error);
    process.exitCode = error instanceof Interrupted ? 130 : 1;
  }
}
