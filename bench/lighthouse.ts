/**
 * Lighthouse on the diner pages: builds the app, starts the built server on loopback with an
 * embedded database in a temporary folder, seeds it over the API (admin, 8 categories × 10 dishes, table 1),
 * and runs Lighthouse (mobile preset, its default) with Debian's Chromium on /landing, /public-menu and
 * /table/1?key=…. Budget: performance ≥ 95 and accessibility ≥ 95 on /public-menu and /table/1.
 *
 * A report, not a gate: it exits 0 whatever the scores (and prints why when it could not run).
 *
 *   npm run bench:lighthouse
 *
 * Environment (all optional): CHROME_PATH (/usr/bin/chromium), BENCH_RUNS (runs per page, 2),
 * BENCH_SKIP_BUILD=1 (use the build already in apps/server/dist and apps/web/dist), BENCH_REPORT_DIR
 * (write each run's HTML report and JSON result there), BENCH_LANGUAGE (vi or en: the phone's language, which
 * the diner pages follow; Chromium's own otherwise).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { get as httpGet } from 'node:http';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants, gzipSync } from 'node:zlib';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { generateReport, type Result } from 'lighthouse';
import { createTable, seedMenu, signUpAdmin } from './seed-menu';
import { Interrupted, onInterrupt, stopIfInterrupted } from './interrupt';
import { isMainModule } from './main-module';
import { intFromEnv } from './env';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = intFromEnv('BENCH_RUNS', 2);
const SKIP_BUILD = ['1', 'true', 'yes'].includes(process.env.BENCH_SKIP_BUILD ?? '');
const REPORT_DIR = process.env.BENCH_REPORT_DIR ? resolve(process.env.BENCH_REPORT_DIR) : null;
const BUDGET = 95;
const LANGUAGE = process.env.BENCH_LANGUAGE;
if (LANGUAGE !== undefined && !['vi', 'en'].includes(LANGUAGE)) throw new Error('BENCH_LANGUAGE must be vi or en');
const CHROME_FLAGS = [
  ...(LANGUAGE ? [`--lang=${LANGUAGE}`, `--accept-lang=${LANGUAGE}`] : []),
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium of the run under way: in a process group of its own, so Ctrl-C does not reach it. */
let currentChrome: LaunchedChrome | null = null;
// Killing Chromium ends the Lighthouse run at once; the server gets the terminal's Ctrl-C itself.
onInterrupt(() => {
  if (!currentChrome?.pid) return;
  try {
    process.kill(-currentChrome.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
});

/** A failure explained by its message (no stack trace needed). */
class BenchError extends Error {
  override name = 'BenchError';
}

function tail(text: string, lines = 30): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// Build and server

/** Runs `npm run build`, its output in a log file; on failure shows the end of it. Returns the seconds it took. */
export async function buildApps(logPath: string): Promise<number> {
  const started = Date.now();
  const log = createWriteStream(logPath);
  const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const code = await new Promise<number | null>((done, fail) => {
    child.on('error', fail);
    child.on('close', done);
  });
  await new Promise((done) => log.end(done));
  stopIfInterrupted();
  if (code !== 0) {
    throw new BenchError(`npm run build exited with ${code}:\n${tail(readFileSync(logPath, 'utf8'))}`);
  }
  return (Date.now() - started) / 1000;
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
}

/**
 * Starts the built server as in production (NODE_ENV production, info log) on 127.0.0.1 and a port the
 * system picks, with PGlite in `dataDir`. The global limit of requests per IP is raised: seeding and six
 * page loads from one address would otherwise come close to 600 a minute. Its log goes to `logPath`.
 */
async function startServer(dataDir: string, logPath: string): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RATE_LIMIT_MAX: '100000',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'WEB_DIST_DIR']) delete env[name];
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Everything it prints goes to the log; until it listens, to `early` as well, to show if it fails.
  const log = createWriteStream(logPath);
  let early = '';
  let listening = false;
  const keep = (chunk: string) => {
    log.write(chunk);
    if (!listening) early += chunk;
  };
  child.stderr!.setEncoding('utf8').on('data', keep);
  child.stdout!.setEncoding('utf8').on('data', keep);
  child.on('exit', () => log.end());
  try {
    const port = await new Promise<string>((done, fail) => {
      const timer = setTimeout(
        () => fail(new BenchError(`The server did not start within 60 s:\n${tail(early)}`)),
        60_000,
      );
      child.on('error', fail);
      child.on('exit', (code) => fail(new BenchError(`The server exited with ${code}:\n${tail(early)}`)));
      child.stdout!.on('data', () => {
        const match = /serving on http:\/\/localhost:(\d+)/.exec(early);
        if (match && !listening) {
          listening = true;
          early = '';
          clearTimeout(timer);
          done(match[1]!);
        }
      });
    });
    return { child, baseUrl: `http://127.0.0.1:${port}` };
  } catch (error) {
    await stopServer(child);
    throw error;
  }
}

/** SIGTERM (the server shuts down cleanly), then SIGKILL if it is still there after 10 s. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------------------
// Lighthouse

interface Page {
  label: string;
  path: string;
  /** Whether the budget applies to it (landing is measured for information). */
  budgeted: boolean;
}

interface PageResult {
  page: Page;
  /** The runs that measured the page. */
  runs: Run[];
  /** Runs in which every attempt failed. */
  failed: number;
}

interface Run {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes of JavaScript transferred by the page load (after compression, if the server compresses). */
  scriptBytes: number;
  /** The scripts the page loaded until the network was idle (Lighthouse waits for that). */
  scriptUrls: string[];
  /** The page's own URL, whose HTML holds its inline scripts. */
  documentUrl: string;
  /**
   * Their bytes gzipped (the build's .gz copies, as the server sends them to a browser that takes gzip), and
   * the page's inline scripts gzipped on their own: all the JavaScript the page loaded.
   */
  scriptGzipBytes: number;
  lhr: Result;
}

function score(lhr: Result, category: string): number {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? Number.NaN : Math.round(value * 100);
}

function metric(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/** The URL of the page's own HTML (network-requests audit). */
function documentUrl(lhr: Result): string {
  const details = lhr.audits['network-requests']?.details as
    { items?: { url?: string; resourceType?: string }[] } | undefined;
  return details?.items?.find((item) => item.resourceType === 'Document')?.url ?? lhr.finalDisplayedUrl;
}

/** The Script requests of the load (network-requests audit): URL and bytes transferred, headers included. */
function scripts(lhr: Result): { url: string; transferSize: number }[] {
  const details = lhr.audits['network-requests']?.details as
    { items?: { url?: string; resourceType?: string; transferSize?: number }[] } | undefined;
  return (details?.items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .map((item) => ({ url: item.url ?? '', transferSize: item.transferSize ?? 0 }));
}

/**
 * The gzip size of one script: the server's answer to `Accept-Encoding: gzip` (the build's level-9 copy),
 * or, for a file the build kept no copy of (under 1 kB, or not smaller), its bytes gzipped the same way.
 * Chromium takes Brotli, so the transfer sizes Lighthouse reports are Brotli's; this is the gzip figure.
 */
async function gzipSize(url: string): Promise<number> {
  const { body, encoding } = await download(url, 'gzip');
  return encoding === 'gzip' ? body.length : gzipped(body);
}

const gzipped = (bytes: Buffer | string) => gzipSync(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }).length;

/** GET `url` as it comes over the wire (no decompression), with that Accept-Encoding. */
function download(url: string, acceptEncoding: string): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new BenchError(`GET ${url} answered ${response.statusCode}`));
        resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] });
      });
    });
    request.on('error', reject);
  });
}

/**
 * The page's inline scripts that run (not JSON data), gzipped together: they arrive inside the HTML, so the
 * network requests do not list them, but they are JavaScript the page loads all the same.
 */
async function inlineScriptGzipSize(url: string): Promise<number> {
  const html = (await download(url, 'identity')).body.toString('utf8');
  let code = '';
  for (const [, attributes = '', content = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    const runs = !type || type === 'module' || type.includes('javascript');
    if (runs && !/\bsrc\s*=/i.test(attributes)) code += content;
  }
  return code ? gzipped(code) : 0;
}

/** Fills in each run's gzip bytes, asking the server once per script and page. */
async function measureGzip(results: PageResult[]): Promise<void> {
  const sizes = new Map<string, Promise<number>>();
  const once = (key: string, measure: () => Promise<number>) => {
    let size = sizes.get(key);
    if (!size) sizes.set(key, (size = measure()));
    return size;
  };
  for (const { runs } of results) {
    for (const run of runs) {
      const each = await Promise.all([
        ...run.scriptUrls.map((url) => once(url, () => gzipSize(url))),
        once(`inline ${run.documentUrl}`, () => inlineScriptGzipSize(run.documentUrl)),
      ]);
      run.scriptGzipBytes = each.reduce((sum, size) => sum + size, 0);
    }
  }
}

/** One Lighthouse run in a Chromium of its own; throws when Lighthouse could not measure the page. */
async function runLighthouseOnce(url: string): Promise<Run> {
  stopIfInterrupted();
  let chrome: LaunchedChrome | null = null;
  try {
    // handleSIGINT off: chrome-launcher's own handler would exit before the server and the folder are cleaned.
    chrome = await launch({
      chromePath: CHROME_PATH,
      chromeFlags: CHROME_FLAGS,
      logLevel: 'silent',
      handleSIGINT: false,
    });
    currentChrome = chrome;
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new BenchError(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      fcpMs: metric(lhr, 'first-contentful-paint'),
      lcpMs: metric(lhr, 'largest-contentful-paint'),
      tbtMs: metric(lhr, 'total-blocking-time'),
      cls: metric(lhr, 'cumulative-layout-shift'),
      scriptBytes: scripts(lhr).reduce((sum, script) => sum + script.transferSize, 0),
      scriptUrls: scripts(lhr).map((script) => script.url),
      documentUrl: documentUrl(lhr),
      scriptGzipBytes: Number.NaN,
      lhr,
    };
  } finally {
    currentChrome = null;
    if (chrome) await chrome.kill();
  }
}

const ATTEMPTS = 3;

/**
 * Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP …): such a run
 * is tried again, up to ATTEMPTS times in all, and said so. Returns null when every attempt failed.
 */
async function runLighthouse(url: string, what: string): Promise<Run | null> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      return await runLighthouseOnce(url);
    } catch (error) {
      if (error instanceof Interrupted) throw error;
      stopIfInterrupted();
      const reason = error instanceof Error ? error.message : String(error);
      console.log(`  ${what}: attempt ${attempt} of ${ATTEMPTS} failed: ${reason.split('\n')[0]}`);
    }
  }
  return null;
}

/** "Chromium 156.0.8078.79 built on Debian …" (the user agent only says 156.0.0.0). */
function chromiumVersion(): string {
  try {
    const out = execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.trim().split('\n').pop() ?? 'Chromium ?';
  } catch {
    return 'Chromium (version unknown)';
  }
}

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// ---------------------------------------------------------------------------------------------------------
// Reporting

const fmt = {
  ms: (n: number) => (Number.isNaN(n) ? '?' : Math.round(n).toLocaleString('en-US')),
  cls: (n: number) => (Number.isNaN(n) ? '?' : n.toFixed(3)),
  kb: (n: number) => (Number.isNaN(n) ? '?' : (n / 1024).toFixed(1)),
  score: (n: number) => (Number.isNaN(n) ? '?' : String(n)),
};

interface AuditFailure {
  id: string;
  title: string;
  /** Runs in which it failed. */
  runs: number;
  /** A few of the offending elements (selector and snippet), from the first run where it failed. */
  examples: string[];
}

/** Audits of `category` that cost the page points (weighted, scored below 1), over all its runs. */
function failingAudits(runs: Run[], category: string, passingScore: number): AuditFailure[] {
  const byId = new Map<string, AuditFailure>();
  for (const { lhr } of runs) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= passingScore) continue;
      const known = byId.get(ref.id);
      if (known) {
        known.runs++;
        continue;
      }
      const details = audit.details as
        | { items?: { node?: { selector?: string; snippet?: string; explanation?: string }; url?: string }[] }
        | undefined;
      const examples = (details?.items ?? []).slice(0, 3).map((item) => {
        if (item.node) {
          const snippet = (item.node.snippet ?? '').replace(/\s+/g, ' ').slice(0, 120);
          return `${item.node.selector ?? '?'}  ${snippet}`;
        }
        return item.url ?? '';
      });
      const extra = (details?.items?.length ?? 0) - examples.length;
      if (extra > 0) examples.push(`… and ${extra} more`);
      const savings = audit.displayValue ? ` (${audit.displayValue})` : '';
      byId.set(ref.id, { id: ref.id, title: `${audit.title}${savings}`, runs: 1, examples: examples.filter(Boolean) });
    }
  }
  return [...byId.values()];
}

function printTable(results: PageResult[]): void {
  const header =
    `  ${'page'.padEnd(16)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'FCP ms'.padStart(9)}${'LCP ms'.padStart(9)}` +
    `${'TBT ms'.padStart(9)}${'CLS'.padStart(8)}${'JS KB'.padStart(8)}${'gzip KB'.padStart(9)}   runs (perf/a11y)`;
  console.log(header);
  for (const { page, runs, failed } of results) {
    const m = (pick: (r: Run) => number) => median(runs.map(pick));
    const failures = failed ? `${runs.length ? ', ' : ''}${failed} failed` : '';
    console.log(
      `  ${page.label.padEnd(16)}${fmt.score(m((r) => r.performance)).padStart(6)}${fmt.score(m((r) => r.accessibility)).padStart(6)}` +
        `${fmt.ms(m((r) => r.fcpMs)).padStart(9)}${fmt.ms(m((r) => r.lcpMs)).padStart(9)}${fmt.ms(m((r) => r.tbtMs)).padStart(9)}` +
        `${fmt.cls(m((r) => r.cls)).padStart(8)}${fmt.kb(m((r) => r.scriptBytes)).padStart(8)}` +
        `${fmt.kb(m((r) => r.scriptGzipBytes)).padStart(9)}   ` +
        runs.map((r) => `${fmt.score(r.performance)}/${fmt.score(r.accessibility)}`).join(', ') +
        failures,
    );
  }
}

function printFailures(results: PageResult[]): void {
  for (const { page, runs } of results) {
    const a11y = median(runs.map((r) => r.accessibility));
    if (a11y < BUDGET) {
      console.log(
        `\n  ${page.label}: accessibility ${fmt.score(a11y)} < ${BUDGET}; failing audits (runs failed / ${runs.length}):`,
      );
      for (const failure of failingAudits(runs, 'accessibility', 1)) {
        console.log(`    - ${failure.id}: ${failure.title} [${failure.runs}/${runs.length}]`);
        for (const example of failure.examples) console.log(`        ${example}`);
      }
    }
    const performance = median(runs.map((r) => r.performance));
    if (performance < BUDGET) {
      console.log(`\n  ${page.label}: performance ${fmt.score(performance)} < ${BUDGET}; audits that cost points:`);
      // Insights and diagnostics scored below 0.9 (metrics are in the table above).
      const metrics = new Set([
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ]);
      for (const failure of failingAudits(runs, 'performance', 0.9).filter((f) => !metrics.has(f.id))) {
        console.log(`    - ${failure.id}: ${failure.title} [${failure.runs}/${runs.length}]`);
      }
      const opportunities = new Map<string, string>();
      for (const { lhr } of runs) {
        for (const audit of Object.values(lhr.audits)) {
          if (
            audit.score !== null &&
            audit.score < 0.9 &&
            audit.details?.type === 'opportunity' &&
            !opportunities.has(audit.id)
          ) {
            opportunities.set(audit.id, `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
          }
        }
      }
      for (const [id, title] of opportunities) console.log(`    - ${id}: ${title}`);
    }
  }
}

function saveReports(page: Page, run: number, lhr: Result): void {
  if (!REPORT_DIR) return;
  mkdirSync(REPORT_DIR, { recursive: true });
  const name = `${page.label.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-')}-run${run}`;
  writeFileSync(join(REPORT_DIR, `${name}.html`), generateReport(lhr, 'html'));
  writeFileSync(join(REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
}

/** One page as another script reads it: the medians over its runs. */
export interface LighthousePage {
  label: string;
  budgeted: boolean;
  /** Runs that measured the page, and runs in which every attempt failed. */
  runs: number;
  failed: number;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript transferred until the network was idle (Brotli, as Chromium takes it; headers included). */
  scriptBytes: number;
  /** Those scripts and the page's inline ones, gzipped. */
  scriptGzipBytes: number;
}

export interface LighthouseResult {
  pages: LighthousePage[];
  /** Lighthouse's CPU benchmark index (median): lower is a slower or busier machine. */
  benchmarkIndex: number;
}

/**
 * The whole benchmark, printing as it goes (`npm run bench:lighthouse`), and its medians for
 * bench/budgets.ts. Throws when it cannot run (no Chromium, the build or the server fails, every run fails).
 * `skipBuild` (BENCH_SKIP_BUILD by default) uses the build in apps/server/dist and apps/web/dist as it is.
 */
export async function runLighthouseBench(options: { skipBuild?: boolean } = {}): Promise<LighthouseResult> {
  const skipBuild = options.skipBuild ?? SKIP_BUILD;
  const work = mkdtempSync(join(tmpdir(), 'quan-lighthouse-'));
  let server: Server | null = null;
  try {
    const lighthouseVersion = (
      JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }
    ).version;
    console.log(
      `Lighthouse benchmark: lighthouse ${lighthouseVersion}, ${CHROME_PATH}, node ${process.version}, ${cpus().length} CPU(s); ` +
        `mobile preset (simulated Slow 4G and 4× CPU slowdown), ${RUNS} run(s) per page, medians. Scores are ` +
        `simulated from one trace each, so they vary less with machine load than the raw timings would, but still vary.`,
    );
    if (!existsSync(CHROME_PATH)) throw new BenchError(`No Chromium at ${CHROME_PATH}; set CHROME_PATH`);

    if (skipBuild) {
      if (!existsSync(join(ROOT, 'apps/server/dist/main.js')) || !existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
        throw new BenchError('BENCH_SKIP_BUILD is set but there is no build in apps/server/dist and apps/web/dist');
      }
      console.log('\n  build: skipped (BENCH_SKIP_BUILD), using apps/*/dist as they are');
    } else {
      const seconds = await buildApps(join(work, 'build.log'));
      console.log(`\n  build: npm run build in ${seconds.toFixed(0)} s`);
    }

    server = await startServer(join(work, 'data'), join(work, 'server.log'));
    const token = await signUpAdmin(server.baseUrl);
    const menu = await seedMenu(server.baseUrl, token, 8, 10);
    const qrKey = await createTable(server.baseUrl, token, 1, 4);
    console.log(
      `  server: node apps/server/dist/main.js on ${server.baseUrl} (production, PGlite in a temporary folder); ` +
        `seeded ${menu.items} dishes in ${menu.categories} categories and table 1`,
    );

    const pages: Page[] = [
      { label: '/landing', path: '/landing', budgeted: false },
      { label: '/public-menu', path: '/public-menu', budgeted: true },
      { label: '/table/1', path: `/table/1?key=${encodeURIComponent(qrKey)}`, budgeted: true },
    ];
    const results: PageResult[] = pages.map((page) => ({ page, runs: [], failed: 0 }));
    let benchmarkIndex: number[] = [];
    // Pages in turn, run after run, so that a busy spell of the machine does not fall on one page only.
    for (let run = 1; run <= RUNS; run++) {
      for (const result of results) {
        const outcome = await runLighthouse(
          new URL(result.page.path, server.baseUrl).href,
          `${result.page.label}, run ${run}`,
        );
        if (!outcome) {
          result.failed++;
          continue;
        }
        result.runs.push(outcome);
        benchmarkIndex = [...benchmarkIndex, outcome.lhr.environment.benchmarkIndex];
        for (const warning of outcome.lhr.runWarnings)
          console.log(`  warning (${result.page.label}, run ${run}): ${warning}`);
        saveReports(result.page, run, outcome.lhr);
      }
    }

    if (results.every((r) => r.runs.length === 0)) throw new BenchError('Lighthouse failed on every page');
    await measureGzip(results);
    console.log(
      `  ${chromiumVersion()}; Lighthouse's CPU benchmark index ${Math.round(median(benchmarkIndex))} ` +
        `(median; lower is a slower or busier machine)\n`,
    );
    printTable(results);
    printFailures(results);

    console.log(
      `\nSummary (budget: performance ≥ ${BUDGET} and accessibility ≥ ${BUDGET} on /public-menu and /table/1)`,
    );
    for (const { page, runs } of results) {
      const performance = median(runs.map((r) => r.performance));
      const accessibility = median(runs.map((r) => r.accessibility));
      const verdict = !runs.length
        ? 'NOT measured (every run failed)'
        : !page.budgeted
          ? 'not budgeted'
          : performance >= BUDGET && accessibility >= BUDGET
            ? 'met'
            : `NOT met (${[performance < BUDGET ? 'performance' : '', accessibility < BUDGET ? 'accessibility' : ''].filter(Boolean).join(' and ')})`;
      console.log(
        `  ${page.label}: performance ${fmt.score(performance)}, accessibility ${fmt.score(accessibility)}: ${verdict}`,
      );
    }
    if (REPORT_DIR) console.log(`  reports: ${REPORT_DIR}`);
    return {
      pages: results.map(({ page, runs, failed }) => {
        const m = (pick: (r: Run) => number) => median(runs.map(pick));
        return {
          label: page.label,
          budgeted: page.budgeted,
          runs: runs.length,
          failed,
          performance: m((r) => r.performance),
          accessibility: m((r) => r.accessibility),
          fcpMs: m((r) => r.fcpMs),
          lcpMs: m((r) => r.lcpMs),
          tbtMs: m((r) => r.tbtMs),
          cls: m((r) => r.cls),
          scriptBytes: m((r) => r.scriptBytes),
          scriptGzipBytes: m((r) => r.scriptGzipBytes),
        };
      }),
      benchmarkIndex: median(benchmarkIndex),
    };
  } finally {
    if (server) await stopServer(server.child);
    rmSync(work, { recursive: true, force: true });
  }
}

/** Why it could not run, in a line (a stack trace too when the failure was unexpected). */
export function explainFailure(error: unknown): string {
  if (!(error instanceof BenchError)) console.error(error);
  return error instanceof Error ? error.message : String(error);
}

if (isMainModule(import.meta.url)) {
  try {
    await runLighthouseBench();
  } catch (error) {
    if (error instanceof Interrupted) {
      process.exitCode = 130;
    } else {
      // Still exit 0: this is a report. The message says what went wrong; a stack only when unexpected.
      console.log(`\nLighthouse benchmark could not run: ${explainFailure(error)}`);
    }
  }
}
