/**
 * E-invoices: how many invoices a second the queue issues against the loopback stand-in of Viettel S-Invoice
 * (apps/server/src/demo/sinvoice-simulator.ts), and what e-invoicing costs the cashier: the payment that completes
 * an order, from the start of its POST to its 201, with the branch's e-invoicing on ÷ off, in the same run.
 *
 * Machines are shared and noisy: the ratio, measured in alternating passes, is what to compare between runs.
 * Nothing here gates CI.
 *
 *   npm run bench:einvoices
 *
 * Environment (all optional): BENCH_EINVOICE_ORDERS (payments in a pass, 60), BENCH_EINVOICE_PASSES (passes of
 * each setting, alternating off and on, 3), BENCH_EINVOICE_WARMUP (10).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Order } from '@quan/contract/order';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, type Config } from '../apps/server/src/config';
import { branches } from '../apps/server/src/db/schema/branches';
import { einvoices, einvoiceSettings } from '../apps/server/src/db/schema/einvoices';
import { startSInvoiceSimulator, type SInvoiceSimulator } from '../apps/server/src/demo/sinvoice-simulator';
import { DEMO_EINVOICE_ACCOUNT, useSimulatedEinvoicing } from '../apps/server/src/demo/generate/einvoices';
import { intFromEnv } from './env';
import { injectOk } from './inject-ok';
import { Interrupted, stopIfInterrupted } from './interrupt';
import { isMainModule } from './main-module';

const ORDERS = intFromEnv('BENCH_EINVOICE_ORDERS', 60);
const PASSES = intFromEnv('BENCH_EINVOICE_PASSES', 3);
const WARMUP = intFromEnv('BENCH_EINVOICE_WARMUP', 10);
/** Longer than the worker's provider timeout and first retries: an invoice later than this is lost. */
const ISSUE_TIMEOUT_MS = 120_000;

export interface EinvoiceBenchResult {
  invoicesPerSecond: number;
  /** The payment's acknowledgement with e-invoicing on ÷ off: median of the passes' p50 ratios. */
  ackRatio: number;
}

interface Fixture {
  app: FastifyInstance;
  token: string;
  dishId: string;
  branchId: string;
}

async function setUp(simulator: SInvoiceSimulator, dataDir: string, webDistDir: string): Promise<Fixture> {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: webDistDir,
    RATE_LIMIT_MAX: '1000000',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    LOGIN_RATE_LIMIT_PER_EMAIL: '1000',
  });
  const config: Config = { ...base, dataDir: null, database: { driver: 'pglite', dataDir }, redis: null };
  const app = await buildApp(config);
  await app.ready();
  const account = { name: 'Admin', email: `bench.einvoice.${process.pid}@example.test`, phone: '0900000000' };
  const password = 'correct-horse-42';
  await injectOk(app, { method: 'POST', url: '/api/user/register', payload: { ...account, password } }, 201);
  const { token } = await injectOk<{ token: string }>(
    app,
    { method: 'POST', url: '/api/user/login', payload: { email: account.email, password } },
    200,
  );
  const category = await injectOk<{ _id: string }>(
    app,
    { method: 'POST', url: '/api/category', payload: { name: 'Bench' }, token },
    201,
  );
  const dish = await injectOk<{ _id: string }>(
    app,
    { method: 'POST', url: '/api/item', payload: { name: 'Phở bò', price: 65_000, categoryId: category._id }, token },
    201,
  );
  const db = app.database.db;
  const [branch] = await db.select({ id: branches.id }).from(branches).orderBy(asc(branches.position)).limit(1);
  await useSimulatedEinvoicing(db, {
    branchId: branch!.id,
    addresses: simulator,
    invoiceSeries: 'C26MAA',
    enabled: false,
  });
  return { app, token, dishId: dish._id, branchId: branch!.id };
}

/** One order placed and made ready (not measured), then paid in full: the milliseconds of the payment alone. */
async function payOne({ app, token, dishId }: Fixture): Promise<{ ms: number; orderId: string }> {
  const order = await injectOk<Order>(
    app,
    {
      method: 'POST',
      url: '/api/order',
      payload: { customerDetails: { name: 'Khách', guests: 2 }, items: [{ itemId: dishId, quantity: 2 }] },
      token,
    },
    201,
  );
  await injectOk(app, { method: 'PUT', url: `/api/order/${order._id}`, payload: { status: 'ready' }, token }, 200);
  const started = performance.now();
  const paid = await injectOk<Order>(
    app,
    { method: 'POST', url: `/api/order/${order._id}/payments`, payload: { method: 'card', amount: order.due }, token },
    201,
  );
  const ms = performance.now() - started;
  if (paid.status !== 'completed') throw new Error(`order ${order.orderNo} was not completed by its payment`);
  return { ms, orderId: order._id };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const median = (values: number[]) => percentile(values, 50);

async function setEnabled(fixture: Fixture, enabled: boolean): Promise<void> {
  await fixture.app.database.db
    .update(einvoiceSettings)
    .set({ enabled })
    .where(eq(einvoiceSettings.branchId, fixture.branchId));
}

async function issuedCount(fixture: Fixture): Promise<number> {
  const [row] = await fixture.app.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(einvoices)
    .where(eq(einvoices.status, 'issued'));
  return row?.n ?? 0;
}

async function waitForIssued(fixture: Fixture, count: number): Promise<void> {
  const deadline = performance.now() + ISSUE_TIMEOUT_MS;
  while ((await issuedCount(fixture)) < count) {
    stopIfInterrupted();
    if (performance.now() > deadline)
      throw new Error(`fewer than ${count} invoices issued after ${ISSUE_TIMEOUT_MS} ms`);
    await sleep(10);
  }
}

async function measure(fixture: Fixture, simulator: SInvoiceSimulator): Promise<EinvoiceBenchResult> {
  for (let i = 0; i < WARMUP; i++) await payOne(fixture);
  const off: number[][] = [];
  const on: number[][] = [];
  const paidWhileOff: string[] = [];
  let invoiced = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    for (const enabled of [false, true]) {
      await setEnabled(fixture, enabled);
      const times: number[] = [];
      for (let i = 0; i < ORDERS; i++) {
        stopIfInterrupted();
        const { ms, orderId } = await payOne(fixture);
        times.push(ms);
        if (!enabled) paidWhileOff.push(orderId);
      }
      (enabled ? on : off).push(times);
      if (enabled) invoiced += ORDERS;
      // The pass's invoices are issued before the next pass, so an "off" pass never runs beside the worker.
      await waitForIssued(fixture, invoiced);
    }
  }
  const ratios = on.map((times, pass) => median(times) / median(off[pass]!));
  const ackRatio = median(ratios);
  const all = (passes: number[][]) => passes.flat();
  console.log(
    `\nPayment that completes an order, POST → 201 (ms, p50 / p95 over ${PASSES} passes of ${ORDERS}):` +
      `\n  e-invoicing off  ${median(all(off)).toFixed(1)} / ${percentile(all(off), 95).toFixed(1)}` +
      `\n  e-invoicing on   ${median(all(on)).toFixed(1)} / ${percentile(all(on), 95).toFixed(1)}` +
      `\n  on ÷ off (p50)   ${ackRatio.toFixed(2)}× (${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')})`,
  );

  // The queue's throughput: the orders paid while it was off get their sale invoices at once, waiting, as a
  // branch's backlog would after an outage; the workers are woken and the time runs until the last is issued.
  await setEnabled(fixture, true);
  const db = fixture.app.database.db;
  const before = await issuedCount(fixture);
  const started = performance.now();
  await db.execute(sql`
    insert into ${einvoices} (id, branch_id, order_id, kind, transaction_id, status, buyer)
    select gen_random_uuid(), branch_id, id, 'sale', gen_random_uuid()::text, 'waiting', invoice_buyer
    from orders where id in (${sql.join(
      paidWhileOff.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  fixture.app.events.publish([{ type: 'einvoice.changed', branchId: fixture.branchId, orderId: paidWhileOff[0]! }]);
  await waitForIssued(fixture, before + paidWhileOff.length);
  const seconds = (performance.now() - started) / 1000;
  const invoicesPerSecond = paidWhileOff.length / seconds;
  console.log(
    `\nQueue throughput: ${paidWhileOff.length} waiting invoices issued in ${seconds.toFixed(2)} s, ` +
      `${invoicesPerSecond.toFixed(1)} invoices a second (${simulator.createRequests.length} creates in all)`,
  );
  if (simulator.invoices.size !== simulator.createRequests.length) {
    throw new Error(`${simulator.createRequests.length} creates gave ${simulator.invoices.size} invoices`);
  }
  return { invoicesPerSecond, ackRatio };
}

/** The whole benchmark, printing as it goes (`npm run bench:einvoices`). */
export async function runEinvoiceBench(): Promise<EinvoiceBenchResult> {
  console.log(
    `E-invoice benchmark: node ${process.version}, ${cpus().length} CPU(s), load average ` +
      `${loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}; PGlite in a temporary folder, the Viettel stand-in on loopback, ${WARMUP} warm-up ` +
      `payments, then ${PASSES} passes of ${ORDERS} payments with e-invoicing off, then on.`,
  );
  const work = mkdtempSync(join(tmpdir(), 'quan-bench-einvoice-'));
  const simulator = await startSInvoiceSimulator(DEMO_EINVOICE_ACCOUNT);
  try {
    mkdirSync(join(work, 'web'));
    const fixture = await setUp(simulator, join(work, 'pglite'), join(work, 'web'));
    try {
      return await measure(fixture, simulator);
    } finally {
      await fixture.app.close();
    }
  } finally {
    await simulator.close();
    rmSync(work, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) {
  try {
    await runEinvoiceBench();
  } catch (error) {
    if (!(error instanceof Interrupted)) console.error(error);
    process.exitCode = error instanceof Interrupted ? 130 : 1;
  }
}
