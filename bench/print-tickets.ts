/**
 * Kitchen tickets, from "Send to kitchen" to the printer: the time from the start of POST /api/order to the last
 * byte of each of its tickets at a network printer on loopback, three printers in raster mode and 8 rounds in
 * flight, reported as a ratio to a bare TCP write of the same bytes to the same printers in the same run. Also
 * the size of a 30-line receipt's raster at 80 mm, and the time to encode it.
 *
 * Machines are shared and noisy, so absolute numbers mean little on their own; the ratio to a baseline
 * measured a moment earlier is what to compare between runs. Nothing here gates CI.
 *
 *   npm run bench:print
 *
 * Environment (all optional): BENCH_PRINT_ORDERS (rounds of each path in a pass, 50), BENCH_PRINT_PASSES
 * (passes of each path, alternating bare and app, 4), BENCH_PRINT_WARMUP (20), BENCH_CONCURRENCY (rounds in
 * flight, 8), BENCH_PRINT_DATABASE (`pglite`, in a temporary folder, or `postgres`: a scratch database on
 * BENCH_POSTGRES_URL, postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq } from 'drizzle-orm';
import type { Order } from '@quan/contract/order';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, type Config, type DatabaseConfig } from '../apps/server/src/config';
import { orders } from '../apps/server/src/db/schema/orders';
import { printers, printJobs } from '../apps/server/src/db/schema/printing';
import type { PrintDocument } from '../apps/server/src/modules/printing/document';
import { billDocument } from '../apps/server/src/modules/printing/documents/bill';
import { encodeDocument } from '../apps/server/src/modules/printing/encode';
import { parseEscPos } from '../apps/server/src/demo/escpos-parse';
import { Interrupted, stopIfInterrupted } from './interrupt';
import { isMainModule } from './main-module';
import { adminQuery, dropScratchDatabase, probePostgres } from './scratch-database';
import { intFromEnv } from './env';
import { injectOk } from './inject-ok';

const ORDERS = intFromEnv('BENCH_PRINT_ORDERS', 50);
const PASSES = intFromEnv('BENCH_PRINT_PASSES', 4);
const WARMUP_ORDERS = intFromEnv('BENCH_PRINT_WARMUP', 20);
const IN_FLIGHT = intFromEnv('BENCH_CONCURRENCY', 8);
const DATABASE = process.env.BENCH_PRINT_DATABASE || 'pglite';
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** Longer than the print worker's send timeout (15 s) and its first retries: a ticket later than this is lost. */
const TICKET_TIMEOUT_MS = 30_000;
const RECEIPT_LINES = 30;
const ENCODE_RUNS = 20;

const STATIONS = [
  { station: 'Bếp', dish: 'Phở bò tái', price: 65_000 },
  { station: 'Bar', dish: 'Cà phê sữa đá', price: 29_000 },
  { station: 'Nướng', dish: 'Sườn nướng mật ong', price: 89_000 },
] as const;

// ---------------------------------------------------------------------------------------------------------
// The printers

/** One connection's job as the printer took it: its bytes, and when the last of them arrived. */
interface Arrival {
  bytes: Buffer;
  lastByteAt: number;
}

/**
 * A network printer on 127.0.0.1 reduced to what this bench measures: it reads each connection to its end, notes
 * when the last byte arrived, and closes in turn, as a printer does once it has a job (the sender then counts it
 * delivered). Not test/support/fake-printer.ts: that one parses the whole job again on every chunk, to answer
 * status requests, and keeps no times; its parsing would run in this process, inside the window measured. The
 * print worker asks a printer's status only after a failed send, which the check at the end reports.
 */
class PrinterSink {
  /** The print worker's jobs, in the order they arrived. */
  readonly arrivals: Arrival[] = [];
  port = 0;
  /** The bench's own bare writes, told apart by their local port, and what each delivered. */
  private readonly barePorts = new Set<number>();
  private readonly bareArrivals = new Map<number, Arrival>();
  private readonly waiters = new Set<() => void>();
  private readonly sockets = new Set<net.Socket>();
  private readonly server = net.createServer({ allowHalfOpen: true }, (socket) => this.serve(socket));

  constructor(readonly name: string) {}

  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ host: '127.0.0.1', port: 0 }, () => resolve());
    });
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  private serve(socket: net.Socket): void {
    this.sockets.add(socket);
    const chunks: Buffer[] = [];
    let lastByteAt = 0;
    socket.on('data', (chunk: Buffer) => {
      lastByteAt = performance.now();
      chunks.push(chunk);
    });
    socket.on('end', () => {
      const port = socket.remotePort ?? 0;
      const arrival = { bytes: Buffer.concat(chunks), lastByteAt };
      if (this.barePorts.delete(port)) this.bareArrivals.set(port, arrival);
      else if (chunks.length > 0) {
        this.arrivals.push(arrival);
        for (const wake of this.waiters) wake();
      }
      // Only now: the sender's connection closes after this, with the job already noted.
      socket.end();
    });
    socket.on('error', () => {});
    socket.on('close', () => this.sockets.delete(socket));
  }

  /** A bare write from `port` is on its way: its job is kept apart from the print worker's. */
  expectBareWrite(port: number): void {
    this.barePorts.add(port);
  }

  /** The job the bare write from `port` delivered, once its connection has closed. */
  takeBareArrival(port: number): Arrival {
    const arrival = this.bareArrivals.get(port);
    if (!arrival) throw new Error(`A bare write from port ${port} never reached the printer ${this.name}`);
    this.bareArrivals.delete(port);
    return arrival;
  }

  /** Resolves with the arrival `pick` finds, now or as jobs arrive; rejects after `timeoutMs` without one. */
  waitFor(pick: (arrivals: Arrival[]) => Arrival | undefined, what: string, timeoutMs: number): Promise<Arrival> {
    const found = pick(this.arrivals);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const wake = () => {
        const arrival = pick(this.arrivals);
        if (!arrival) return;
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(arrival);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new Error(`${what} never reached the printer ${this.name} (${this.arrivals.length} jobs arrived)`));
      }, timeoutMs);
      this.waiters.add(wake);
    });
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The app: three stations, a dish each, a printer each, and a staff member signed in

interface Fixture {
  app: FastifyInstance;
  /** The staff member's token: the orders are theirs, as a waiter's "Send to kitchen" is. */
  staffToken: string;
  adminToken: string;
  dishIds: string[];
  sinks: PrinterSink[];
}

async function signUp(app: FastifyInstance, name: string): Promise<{ id: string; email: string; password: string }> {
  const account = {
    name,
    email: `bench.${name.toLowerCase()}.${process.pid}@example.test`,
    phone: '0900000000',
    password: 'correct-horse-42',
  };
  const user = await injectOk<{ _id: string }>(
    app,
    { method: 'POST', url: '/api/user/register', payload: account },
    201,
  );
  return { id: user._id, email: account.email, password: account.password };
}

async function signIn(app: FastifyInstance, account: { email: string; password: string }): Promise<string> {
  const payload = { email: account.email, password: account.password };
  return (await injectOk<{ token: string }>(app, { method: 'POST', url: '/api/user/login', payload }, 200)).token;
}

/**
 * Builds the app the way the tests do (test env, silent log, no Redis), then over HTTP: the admin (the first
 * account), a staff member the admin lets in, the stations Bếp, Bar and Nướng with a dish each, and a raster
 * printer at 80 mm for each station, on its own sink.
 */
async function setUp(database: DatabaseConfig, webDistDir: string, sinks: PrinterSink[]): Promise<Fixture> {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: webDistDir,
    RATE_LIMIT_MAX: '1000000',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    LOGIN_RATE_LIMIT_PER_EMAIL: '1000',
  });
  const config: Config = { ...base, dataDir: null, database, redis: null };
  const app = await buildApp(config);
  await app.ready();
  try {
    const adminToken = await signIn(app, await signUp(app, 'Admin'));
    const staff = await signUp(app, 'Staff');
    const payload = { status: 'active' };
    await injectOk(
      app,
      { method: 'PATCH', url: `/api/user/users/${staff.id}/status`, payload, token: adminToken },
      200,
    );
    const staffToken = await signIn(app, staff);

    const category = await injectOk<{ _id: string }>(
      app,
      { method: 'POST', url: '/api/category', payload: { name: 'Bench' }, token: adminToken },
      201,
    );
    const dishIds: string[] = [];
    for (const [index, { station, dish, price }] of STATIONS.entries()) {
      const created = await injectOk<{ _id: string }>(
        app,
        { method: 'POST', url: '/api/station', payload: { name: station, sortOrder: index }, token: adminToken },
        201,
      );
      const item = await injectOk<{ _id: string }>(
        app,
        {
          method: 'POST',
          url: '/api/item',
          payload: { name: dish, price, categoryId: category._id, stationId: created._id },
          token: adminToken,
        },
        201,
      );
      dishIds.push(item._id);
      const printer = {
        name: station,
        host: '127.0.0.1',
        port: await sinks[index]!.listen(),
        mode: 'raster',
        paperWidth: 80,
        stationIds: [created._id],
      };
      await injectOk(app, { method: 'POST', url: '/api/printers', payload: printer, token: adminToken }, 201);
    }
    return { app, staffToken, adminToken, dishIds, sinks };
  } catch (error) {
    await app.close();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Measuring

/**
 * Runs `op(0) … op(total - 1)` with at most `inFlight` at once, each worker taking the next index when its
 * previous operation has settled; returns what each operation gave, in the order they settled, and the loop's
 * seconds. On a failure (or Ctrl-C) the other workers stop, and all have settled before it throws.
 */
/** What one loop of operations gave: each operation's result, in the order they settled, and its seconds. */
interface Pass<T> {
  results: T[];
  seconds: number;
}

async function runInFlight<T>(total: number, inFlight: number, op: (index: number) => Promise<T>): Promise<Pass<T>> {
  const results: T[] = [];
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < total && !failed) {
      stopIfInterrupted();
      results.push(await op(next++));
    }
  };
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    Array.from({ length: Math.min(inFlight, total) }, () =>
      worker().catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    ),
  );
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return { results, seconds: (performance.now() - started) / 1000 };
}

interface Latency {
  tickets: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Rounds (three tickets each) a second over the whole loop. */
  roundsPerSecond: number;
}

/** Nearest rank: the smallest latency that at least `share` of the tickets did not exceed. */
function percentile(sorted: number[], share: number): number {
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;
}

const p95Of = (latencies: number[][]) =>
  percentile(
    latencies.flat().sort((a, b) => a - b),
    0.95,
  );

/** `latencies`: each round's, one a ticket (or one a round). */
function summarise(latencies: number[][], seconds: number): Latency {
  const sorted = latencies.flat().sort((a, b) => a - b);
  return {
    tickets: sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    maxMs: sorted[sorted.length - 1]!,
    roundsPerSecond: latencies.length / seconds,
  };
}

/** One order's times from the start of its POST: to the 201, and to the last byte of each printer's ticket. */
interface OrderTimes {
  answeredMs: number;
  ticketsMs: number[];
}

/**
 * The app's path: one order with a dish of each station, placed by the staff member, sent to the kitchen with
 * it. Each ticket's latency runs from the start of the POST to the last byte of that ticket at its printer.
 *
 * Which ticket is whose: nothing in a raster ticket is read back (its order number is a picture). Instead, the
 * order's number is taken by the order's own INSERT, which holds the branch's row until the transaction commits,
 * so numbers follow the commits one by one; the tickets are inserted in the same transaction after it, so their
 * queue sequence follows the same order; and each printer prints its queue in sequence, one connection a job.
 * So the printer's k-th job is the ticket of order `firstOrderNo + k`. `checkPairing` confirms it afterwards from
 * the queue itself (each job printed at the first try, in order-number order, no other job on these printers).
 */
function placeOrder(fixture: Fixture, positionOf: (orderNo: number) => number): (index: number) => Promise<OrderTimes> {
  return async () => {
    const started = performance.now();
    const response = await fixture.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { authorization: `Bearer ${fixture.staffToken}`, 'idempotency-key': randomUUID() },
      payload: {
        customerDetails: { name: 'Bench guest', guests: 2 },
        items: fixture.dishIds.map((itemId) => ({ itemId, quantity: 1 })),
      },
    });
    if (response.statusCode !== 201)
      throw new Error(`POST /api/order answered ${response.statusCode}: ${response.body}`);
    const answeredMs = performance.now() - started;
    const { orderNo } = (response.json() as { data: { orderNo: number } }).data;
    const position = positionOf(orderNo);
    const arrivals = await Promise.all(
      fixture.sinks.map((sink) =>
        sink.waitFor((all) => all[position], `The ticket of order #${orderNo}`, TICKET_TIMEOUT_MS),
      ),
    );
    return { answeredMs, ticketsMs: arrivals.map((arrival) => arrival.lastByteAt - started) };
  };
}

/** Connects, writes `bytes` and ends; tells its local port once connected, resolves once the printer has closed. */
function bareWrite(port: number, bytes: Buffer, onConnect: (localPort: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      onConnect(socket.localPort!);
      socket.end(bytes);
    });
    socket.on('data', () => {});
    socket.once('error', reject);
    socket.once('close', () => resolve());
  });
}

/**
 * The baseline, in the same shape: a round is one bare TCP write of a real ticket's bytes (as the printer
 * received them) to each of the three printers at once; the latency of each runs from the round's start to the
 * last byte at that printer.
 */
function bareRound(fixture: Fixture, ticketBytes: Buffer[]): () => Promise<number[]> {
  return async () => {
    const started = performance.now();
    return Promise.all(
      fixture.sinks.map(async (sink, printer) => {
        let localPort = -1;
        await bareWrite(sink.port, ticketBytes[printer]!, (port) => {
          localPort = port;
          sink.expectBareWrite(port);
        });
        return sink.takeBareArrival(localPort).lastByteAt - started;
      }),
    );
  };
}

// ---------------------------------------------------------------------------------------------------------
// Checks

/**
 * The queue's own account of the app's tickets, which the pairing above relies on: each printer got exactly one
 * job per order, printed at the first try (a retry would have made a second connection), in order-number order
 * from the first order on. A job is marked printed once its sender has seen the printer close, a moment after
 * the last byte arrived, so the last few may still be on their way for a moment.
 */
async function checkPairing(fixture: Fixture, firstOrderNo: number, orderCount: number): Promise<string> {
  const db = fixture.app.database.db;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await db
      .select({
        printer: printers.name,
        status: printJobs.status,
        attempts: printJobs.attempts,
        orderNo: orders.orderNo,
      })
      .from(printJobs)
      .innerJoin(printers, eq(printers.id, printJobs.printerId))
      .leftJoin(orders, eq(orders.id, printJobs.orderId))
      .orderBy(asc(printJobs.seq));
    if (rows.some((row) => row.status !== 'printed') && Date.now() < deadline) {
      await sleep(100);
      continue;
    }
    for (const sink of fixture.sinks) {
      const own = rows.filter((row) => row.printer === sink.name);
      const wrong = own.findIndex(
        (row, k) => row.status !== 'printed' || row.attempts !== 1 || row.orderNo !== firstOrderNo + k,
      );
      if (own.length !== orderCount || sink.arrivals.length !== orderCount || wrong >= 0) {
        throw new Error(
          `The tickets at ${sink.name} cannot be paired with their orders: ${own.length} jobs queued and ` +
            `${sink.arrivals.length} received for ${orderCount} orders` +
            (wrong >= 0 ? `; job ${wrong + 1}: ${JSON.stringify(own[wrong])}` : ''),
        );
      }
    }
    return `${orderCount * fixture.sinks.length} tickets printed once each, at the first try, in order-number order`;
  }
}

/** A received job read back as ESC/POS: raster bands and a cut, or the run stops. Answers its height in dots. */
function rasterHeight(bytes: Uint8Array, what: string): number {
  const commands = parseEscPos(bytes);
  const rasters = commands.flatMap((command) => (command.kind === 'raster' ? [command] : []));
  if (rasters.length === 0 || !commands.some((command) => command.kind === 'cut')) {
    throw new Error(`${what} is not a raster image followed by a cut`);
  }
  return rasters.reduce((sum, raster) => sum + raster.height, 0);
}

// ---------------------------------------------------------------------------------------------------------
// A 30-line receipt

const RECEIPT_DISHES = [
  'Phở bò tái',
  'Bún chả Hà Nội',
  'Cơm tấm sườn bì chả',
  'Gỏi cuốn tôm thịt',
  'Bánh xèo miền Tây',
  'Bò lá lốt',
  'Lẩu thái hải sản',
  'Rau muống xào tỏi',
  'Chè ba màu',
  'Nước mía tắc',
];
const SIZES = ['nhỏ', 'vừa', 'lớn'];

interface Receipt {
  bytes: number;
  /** Its length on paper: 203 dpi is 8 dots a millimetre. */
  paperMm: number;
  /** `encodeDocument` of the receipt, median of ENCODE_RUNS after one untimed run. */
  encodeMs: number;
}

/**
 * A paid order of 30 different dishes, placed and paid through the app, then its receipt built as the printer
 * path builds it (`billDocument`) and encoded in raster at 80 mm. Run after the scenarios: its kitchen ticket
 * goes to Bếp, which no longer counts.
 */
async function thirtyLineReceipt(fixture: Fixture): Promise<Receipt> {
  const { app, adminToken, staffToken } = fixture;
  const category = await injectOk<{ _id: string }>(
    app,
    { method: 'POST', url: '/api/category', payload: { name: 'Receipt' }, token: adminToken },
    201,
  );
  const items: { itemId: string; quantity: number }[] = [];
  for (let i = 0; i < RECEIPT_LINES; i++) {
    const name = `${RECEIPT_DISHES[i % RECEIPT_DISHES.length]!} (${SIZES[Math.floor(i / RECEIPT_DISHES.length) % 3]!})`;
    const payload = { name, price: 25_000 + i * 3_000, categoryId: category._id };
    const item = await injectOk<{ _id: string }>(
      app,
      { method: 'POST', url: '/api/item', payload, token: adminToken },
      201,
    );
    items.push({ itemId: item._id, quantity: 1 + (i % 3) });
  }
  const placed = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { authorization: `Bearer ${staffToken}`, 'idempotency-key': randomUUID() },
    payload: { customerDetails: { name: 'Anh Minh', guests: 6 }, items },
  });
  if (placed.statusCode !== 201) throw new Error(`POST /api/order answered ${placed.statusCode}: ${placed.body}`);
  const unpaid = (placed.json() as { data: Order }).data;
  const payment = { method: 'cash', amount: unpaid.due, tendered: Math.ceil(unpaid.due / 500_000) * 500_000 };
  const order = await injectOk<Order>(
    app,
    { method: 'POST', url: `/api/order/${unpaid._id}/payments`, payload: payment, token: staffToken },
    201,
  );
  const settings = await app.services.settings.get((await app.services.branches.first()).id);
  const document = billDocument({
    language: 'vi',
    order,
    restaurantName: settings.restaurantName,
    place: {
      name: 'Chi nhánh Quận 1',
      address: '12 Lý Tự Trọng, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
      phone: '028 3822 1234',
      taxCode: '0312345678',
      receiptHeader: 'Wi-Fi: QuanBench · Mật khẩu: 12345678',
    },
    bank: null,
    copy: 1,
    createdAt: '29/11/2026 19:42',
    printedAt: '21:05',
  });
  const { bytes, encodeMs } = encodeTimed(document);
  return { bytes: bytes.length, paperMm: rasterHeight(bytes, 'The receipt') / 8, encodeMs };
}

const RASTER_80MM = { paperWidth: 80, mode: 'raster', cut: true, openDrawer: false } as const;

/** A document's bytes as a raster printer at 80 mm gets them, and the median time of ENCODE_RUNS encodings. */
function encodeTimed(document: PrintDocument): { bytes: Uint8Array; encodeMs: number } {
  const bytes = encodeDocument(document, RASTER_80MM);
  const times: number[] = [];
  for (let run = 0; run < ENCODE_RUNS; run++) {
    const started = performance.now();
    encodeDocument(document, RASTER_80MM);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { bytes, encodeMs: (times[(ENCODE_RUNS - 1) >> 1]! + times[ENCODE_RUNS >> 1]!) / 2 };
}

/** The print worker encodes each job as it sends it: one kitchen ticket's share of that, from the queue. */
async function ticketEncodeMs(fixture: Fixture): Promise<number> {
  const [job] = await fixture.app.database.db
    .select({ payload: printJobs.payload })
    .from(printJobs)
    .where(eq(printJobs.kind, 'kitchen_ticket'))
    .orderBy(asc(printJobs.seq))
    .limit(1);
  if (!job || !('document' in job.payload)) throw new Error('No kitchen ticket in the queue');
  return encodeTimed(job.payload.document).encodeMs;
}

// ---------------------------------------------------------------------------------------------------------
// The run

export interface PrintResult {
  database: string;
  /** Each ticket: from the start of the order's POST to its last byte at the printer. */
  app: Latency;
  /** Each order: from the start of its POST to the 201, tickets not included. */
  answered: Latency;
  /** Each ticket: from the start of its round of three bare writes to its last byte at the printer. */
  bare: Latency;
  /** App p95 ÷ bare p95 of each pass, the two measured back to back. */
  passRatios: number[];
  /**
   * The median of `passRatios`: above 1, the app's path is that many times slower. Pairing the passes cancels
   * the machine's drift over longer than a pass, so it can differ from the ratio of the two pooled p95s.
   */
  ratio: number;
  /** The p95 of each printer's tickets (Bếp, Bar, Nướng), app path. */
  appP95ByPrinter: number[];
  ticketBytes: number[];
  ticketEncodeMs: number;
  receipt: Receipt;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function measure(fixture: Fixture, database: string): Promise<PrintResult> {
  let firstOrderNo: number | null = null;
  // The run's first order is placed alone, so its number is the first of the run (and the path is seen to work).
  const appOrder = placeOrder(fixture, (orderNo) => orderNo - (firstOrderNo ??= orderNo));
  await runInFlight(1, 1, appOrder);
  await runInFlight(WARMUP_ORDERS, IN_FLIGHT, appOrder);

  // One real ticket of each printer, as it arrived: the last of the warm-up.
  const tickets = fixture.sinks.map((sink) => sink.arrivals[WARMUP_ORDERS]!.bytes);
  const heights = tickets.map((bytes, i) => rasterHeight(bytes, `The ticket at ${fixture.sinks[i]!.name}`));
  const bareOp = bareRound(fixture, tickets);
  await runInFlight(WARMUP_ORDERS, IN_FLIGHT, bareOp);

  // Bare, app, bare, app …: drift on the machine during the run falls on both paths alike.
  const bare: Pass<number[]>[] = [];
  const app: Pass<OrderTimes>[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    bare.push(await runInFlight(ORDERS, IN_FLIGHT, bareOp));
    app.push(await runInFlight(ORDERS, IN_FLIGHT, appOrder));
  }
  const check = await checkPairing(fixture, firstOrderNo!, 1 + WARMUP_ORDERS + PASSES * ORDERS);

  const seconds = (passes: Pass<unknown>[]) => passes.reduce((sum, pass) => sum + pass.seconds, 0);
  const ticketsMs = (pass: Pass<OrderTimes>) => pass.results.map((order) => order.ticketsMs);
  const appTickets = app.flatMap(ticketsMs);
  const passRatios = app.map((pass, i) => p95Of(ticketsMs(pass)) / p95Of(bare[i]!.results));
  const result: PrintResult = {
    database,
    app: summarise(appTickets, seconds(app)),
    answered: summarise(
      app.flatMap((pass) => pass.results.map((order) => [order.answeredMs])),
      seconds(app),
    ),
    bare: summarise(
      bare.flatMap((pass) => pass.results),
      seconds(bare),
    ),
    passRatios,
    ratio: median(passRatios),
    appP95ByPrinter: fixture.sinks.map((_, printer) => p95Of([appTickets.map((row) => row[printer]!)])),
    ticketBytes: tickets.map((bytes) => bytes.length),
    ticketEncodeMs: await ticketEncodeMs(fixture),
    receipt: await thirtyLineReceipt(fixture),
  };
  report(result, fixture, heights, check);
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Reporting

const fmt = {
  ms: (n: number) => n.toFixed(n >= 100 ? 0 : 1),
  kb: (n: number) => `${(n / 1024).toFixed(1)} KB`,
  ratio: (n: number) => `${n.toFixed(1)}×`,
};

function report(result: PrintResult, fixture: Fixture, heights: number[], check: string): void {
  const row = (label: string, l: Latency, count = String(l.tickets)) =>
    `  ${label.padEnd(46)}${count.padStart(8)}${l.roundsPerSecond.toFixed(1).padStart(10)}` +
    `${fmt.ms(l.p50Ms).padStart(9)}${fmt.ms(l.p95Ms).padStart(9)}${fmt.ms(l.maxMs).padStart(9)}`;
  const names = fixture.sinks.map((sink) => sink.name);
  console.log(
    `\n  ${''.padEnd(46)}${'tickets'.padStart(8)}${'rounds/s'.padStart(10)}${'p50 ms'.padStart(9)}` +
      `${'p95 ms'.padStart(9)}${'max ms'.padStart(9)}`,
  );
  console.log(row('bare TCP write of the same bytes', result.bare));
  console.log(row('app: POST /api/order → last byte at printer', result.app));
  console.log(row('  of which: POST /api/order → 201 (per order)', result.answered, '–'));
  console.log(
    `    app p95 by printer: ${names.map((name, i) => `${name} ${fmt.ms(result.appP95ByPrinter[i]!)} ms`).join(', ')}`,
  );
  console.log(
    `  app p95 ÷ bare p95 = ${fmt.ratio(result.ratio)}, the median of the passes' ` +
      `${result.passRatios.map(fmt.ratio).join(', ')} (above 1: the app is that many times slower than writing the bytes)`,
  );
  console.log(
    `  tickets (raster, 80 mm): ${names
      .map((name, i) => `${name} ${fmt.kb(result.ticketBytes[i]!)}, ${heights[i]! / 8} mm`)
      .join('; ')}; encoding one takes ${result.ticketEncodeMs.toFixed(1)} ms (median of ${ENCODE_RUNS})`,
  );
  const { receipt } = result;
  console.log(
    `  ${RECEIPT_LINES}-line receipt (raster, 80 mm): ${fmt.kb(receipt.bytes)} (${receipt.bytes} bytes), ` +
      `${receipt.paperMm} mm of paper, encoded in ${receipt.encodeMs.toFixed(1)} ms (median of ${ENCODE_RUNS})`,
  );
  console.log(`  check: ${check}`);
}

// ---------------------------------------------------------------------------------------------------------
// Databases

/** The whole benchmark, printing as it goes (`npm run bench:print`), and its figures for bench/budgets.ts. */
export async function runPrintBench(): Promise<PrintResult> {
  if (DATABASE !== 'pglite' && DATABASE !== 'postgres') {
    throw new Error(`BENCH_PRINT_DATABASE must be pglite or postgres, not "${DATABASE}"`);
  }
  console.log(
    `Kitchen-ticket printing benchmark: node ${process.version}, ${cpus().length} CPU(s), load average ` +
      `${loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}; ${STATIONS.length} printers (raster, 80 mm) on loopback, orders of ${STATIONS.length} ` +
      `tickets, ${IN_FLIGHT} rounds in flight, ${WARMUP_ORDERS} warm-up, then ${PASSES} passes of ${ORDERS} ` +
      'rounds of each path, alternating bare and app. ' +
      'Ratios compare paths within this run; absolute numbers vary between machines.',
  );
  const work = mkdtempSync(join(tmpdir(), 'quan-bench-print-'));
  const sinks = STATIONS.map(({ station }) => new PrinterSink(station));
  let scratch: string | null = null;
  try {
    let database: DatabaseConfig = { driver: 'pglite', dataDir: join(work, 'pglite') };
    let label = 'PGlite in a temporary folder';
    if (DATABASE === 'postgres') {
      const probe = await probePostgres(POSTGRES_URL);
      if ('error' in probe) throw new Error(`PostgreSQL is not reachable at BENCH_POSTGRES_URL: ${probe.error}`);
      scratch = `quan_bench_${randomBytes(6).toString('hex')}`;
      await adminQuery(POSTGRES_URL, `create database "${scratch}"`);
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${scratch}`;
      database = { driver: 'postgres', url: url.toString() };
      label = `PostgreSQL ${probe.version} (scratch database ${scratch})`;
    }
    console.log(`\n${label}`);
    // An empty folder: no web build to serve.
    mkdirSync(join(work, 'web'));
    const fixture = await setUp(database, join(work, 'web'), sinks);
    try {
      return await measure(fixture, label);
    } finally {
      await fixture.app.close();
    }
  } finally {
    await Promise.all(sinks.map((sink) => sink.close()));
    if (scratch) await dropScratchDatabase(POSTGRES_URL, scratch);
    rmSync(work, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) {
  try {
    await runPrintBench();
  } catch (error) {
    if (!(error instanceof Interrupted)) console.error(error);
    process.exitCode = error instanceof Interrupted ? 130 : 1;
  }
}
