/**
 * `npm run demo`: a Vietnamese restaurant of two branches (the first, and a smaller Quận 3 with a few prices
 * of its own) with two months of orders in each, its loyalty customers and coupons,
 * served like `npm start` but from a database of its own (embedded PGlite in ./data-demo, wiped and
 * generated again on every run: the same menu, staff, customers and orders, with dates ending today). It
 * builds the app first when the build is missing or older than the sources, then starts the built server
 * and prints where to sign in. The first branch's two printers, Bếp and Quầy, are stand-ins this script runs on
 * loopback: they keep each ticket as a picture in ./data-demo/printed (the server itself never starts them). Its
 * e-invoices go to a stand-in of Viettel S-Invoice that this script also runs on loopback (nothing it issues is an
 * invoice), and its history's completed orders carry theirs already.
 *
 * Environment (optional): PORT (3000), HOST (127.0.0.1: the demo's passwords are printed here, so it is
 * not offered to the network unless asked), LOG_LEVEL (warn).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/server/src/db/client';
import { makePrivate } from '../apps/server/src/lib/private-files';
import { startDemoPrinter, type DemoPrinter } from '../apps/server/src/demo/demo-printer';
import { generateRestaurant, type RestaurantAccount } from '../apps/server/src/demo/generate-restaurant';
import { DEMO_EINVOICE_ACCOUNT, writeDemoEinvoices } from '../apps/server/src/demo/generate/einvoices';
import { startSInvoiceSimulator, type SInvoiceSimulator } from '../apps/server/src/demo/sinvoice-simulator';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, 'data-demo');
const printedDir = join(dataDir, 'printed');
const serverEntry = join(root, 'apps/server/dist/main.js');
const webEntry = join(root, 'apps/web/dist/index.html');
const DAYS = 60;
const ORDERS = 4_500;

const accounts: RestaurantAccount[] = [
  {
    name: 'Trần Quốc Bảo',
    email: 'admin@quan.example',
    phone: '0901000001',
    password: 'quan-admin-demo',
    role: 'admin',
  },
  {
    name: 'Lê Thị Mai',
    email: 'manager@quan.example',
    phone: '0901000002',
    password: 'quan-manager-demo',
    role: 'manager',
  },
  {
    name: 'Phạm Minh Tú',
    email: 'staff@quan.example',
    phone: '0901000003',
    password: 'quan-staff-demo',
    role: 'staff',
  },
  {
    name: 'Đỗ Văn Nam',
    email: 'manager.q3@quan.example',
    phone: '0901000004',
    password: 'quan-manager-q3-demo',
    role: 'manager',
    branch: 1,
  },
  {
    name: 'Hoàng Thị Thu',
    email: 'staff.q3@quan.example',
    phone: '0901000005',
    password: 'quan-staff-q3-demo',
    role: 'staff',
    branch: 1,
  },
];

/** The newest modification time under `path` (a file or a folder), 0 if it does not exist. */
function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

function buildIfNeeded(): void {
  const sources = [
    'apps/server/src',
    'apps/server/build.mjs',
    'packages/contract/src',
    'apps/web/src',
    'apps/web/index.html',
  ]
    .map((path) => newestChange(join(root, path)))
    .reduce((a, b) => Math.max(a, b), 0);
  const built = Math.min(newestChange(serverEntry), newestChange(webEntry));
  if (built > sources) return;
  console.log(
    built === 0 ? 'Building the app (npm run build)…' : 'The sources changed since the last build: building…',
  );
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (exit code ${result.status ?? result.signal})`);
}

/** The stand-ins the demo runs beside the server, on loopback: its two printers and its e-invoice provider. */
type StandIns = { kitchen: DemoPrinter; counter: DemoPrinter; einvoices: SInvoiceSimulator };

async function generate(printers: StandIns): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`Generating the demo restaurant in ${dataDir} …`);
  const database = await openDatabase({ driver: 'pglite', dataDir });
  try {
    const made = await generateRestaurant(database.db, {
      size: 'demo',
      days: DAYS,
      orders: ORDERS,
      accounts,
      language: process.env.RESTAURANT_LANGUAGE === 'en' ? 'en' : 'vi',
      printers: { kitchen: printers.kitchen.address, counter: printers.counter.address },
    });
    console.log(
      `  ${made.dishes} dishes in ${made.categories} categories, ${made.ingredients} ingredients, ${made.tables} tables, ` +
        `${made.accounts} accounts; ${made.orders} orders from ${made.firstDay} to ${made.lastDay} ` +
        `(${made.openOrders} still open) in ${(made.timings.total / 1000).toFixed(1)} s`,
    );
    for (const branch of made.branches) {
      console.log(
        `  ${branch.name} (/b/${branch.slug}): ${branch.tables} tables, ${branch.accounts} staff accounts, ` +
          `${branch.orders} orders` +
          (branch.ownPrices + branch.notSold > 0
            ? `, ${branch.ownPrices} dishes at its own price and ${branch.notSold} not sold there`
            : ''),
      );
    }
    if (made.transfer) {
      console.log(
        `  stock transfer ${made.transfer.transferNo}: ${made.transfer.lines} ingredients sent to Quận 3, ` +
          `${made.transfer.shortfall} received short`,
      );
    }
    const { levels } = made;
    console.log(
      `  ${made.customers} customers (${levels.bronze} bronze, ${levels.silver} silver, ${levels.gold} gold, ` +
        `${levels.platinum} platinum) with ${made.memberOrders} of the orders; ${made.coupons} coupons, ` +
        `${made.spinPrizes} of them prizes on the spin wheel, used by ${made.couponOrders} orders`,
    );
    const invoices = await writeDemoEinvoices(database.db, { addresses: printers.einvoices, asOf: new Date() });
    printers.einvoices.continueNumbering(invoices.numberedSeries, invoices.issued);
    console.log(
      `  ${invoices.issued} e-invoices issued for the first branch's completed orders (${invoices.numberedSeries})`,
    );
  } finally {
    await database.close();
  }
  // PGlite sets its own files' modes whatever the umask: made private here, the server finds nothing to warn of.
  makePrivate(dataDir);
}

async function waitUntilReady(url: string, server: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('the server did not answer within a minute');
}

async function main(): Promise<void> {
  buildIfNeeded();
  // What the demo writes from here on is its data: private to this user, as the server keeps it.
  process.umask(0o077);
  // Started first, so the generator can give the printers their addresses (a free port each, on every run).
  const printers: StandIns = {
    kitchen: await startDemoPrinter({ name: 'Bếp', folder: printedDir, log: console.log }),
    counter: await startDemoPrinter({ name: 'Quầy', folder: printedDir, log: console.log }),
    einvoices: await startSInvoiceSimulator(DEMO_EINVOICE_ACCOUNT),
  };
  try {
    await serve(printers);
  } finally {
    await Promise.all([printers.kitchen.close(), printers.counter.close(), printers.einvoices.close()]);
  }
}

async function serve(printers: StandIns): Promise<void> {
  await generate(printers);

  const host = process.env.HOST || '127.0.0.1';
  const port = process.env.PORT || '3000';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: host,
    PORT: port,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  };
  // The demo's data is in its embedded database: a PostgreSQL or Redis of the shell must not take over.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = spawn(process.execPath, [serverEntry], { cwd: root, env, stdio: 'inherit' });
  const stop = (signal: NodeJS.Signals) => server.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const exited = new Promise<number>((done) => server.on('exit', (code, signal) => done(code ?? (signal ? 0 : 1))));

  const url = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;
  try {
    await waitUntilReady(url, server);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  const width = Math.max(...accounts.map((a) => a.email.length));
  console.log(`\nQuán demo is serving on ${url} (server pid ${server.pid}; Ctrl-C stops it)\n`);
  console.log('Sign in with:');
  for (const account of accounts) {
    const where = account.role === 'admin' ? 'every branch' : account.branch === 1 ? 'Quận 3' : 'the first branch';
    console.log(`  ${account.role.padEnd(8)} ${account.email.padEnd(width)}  ${account.password.padEnd(22)} ${where}`);
  }
  const { kitchen, counter } = printers;
  console.log(
    `\nPrinters: ${kitchen.name} (${kitchen.address.host}:${kitchen.address.port}) and ${counter.name} ` +
      `(${counter.address.host}:${counter.address.port}) are stand-ins; their tickets are saved as pictures ` +
      `in ./data-demo/printed`,
  );
  console.log(
    `E-invoices: the first branch issues them through a stand-in of Viettel S-Invoice ` +
      `(${new URL(printers.einvoices.apiUrl).host}); nothing it issues is an invoice`,
  );
  console.log('\nRun `npm run demo` again to start over from the same data.');
  process.exitCode = await exited;
}

main().catch((error: unknown) => {
  console.error('The demo could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
