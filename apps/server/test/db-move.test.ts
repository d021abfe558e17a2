import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Order } from '@quan/contract/order';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DataDirInUseError } from '../src/db/data-dir-lock';
import { TargetNotEmptyError } from '../src/db/move-checks';
import { copyOrder } from '../src/db/move-copy';
import { formatMoveReport, moveToPostgres } from '../src/db/move-to-postgres';

/**
 * The move from the embedded database to PostgreSQL, end to end: a restaurant built through the app in a
 * DATA_DIR, moved into a new database of the local PostgreSQL, and the app started on it. It needs a
 * PostgreSQL server: the one of DATABASE_URL (as CI sets it), else the local default; it is skipped only when
 * DATABASE_URL is not set and nothing answers there.
 */
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const available = Boolean(process.env.DATABASE_URL) || (await reachable(serverUrl));
if (!available) console.warn(`db-move.test.ts: skipped, no PostgreSQL answers at ${serverUrl}`);

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new, empty database on that server; dropped by `dropAll` after each test, passed or failed. */
const created: string[] = [];
async function scratchDatabase(): Promise<string> {
  const name = `quan_move_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
  created.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const password = 'correct-horse-42';
const email = 'owner@example.test';
let webDist: string;
const dirs: string[] = [];
const apps: FastifyInstance[] = [];

async function openApp(dataDir: string, databaseUrl?: string): Promise<FastifyInstance> {
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
  );
  apps.push(app);
  await app.ready();
  return app;
}

async function closeApp(app: FastifyInstance): Promise<void> {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
}

async function signIn(app: FastifyInstance): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().data.token;
}

function caller(app: FastifyInstance, token: string) {
  return async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, expected = [200, 201]) => {
    const response = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    expect(expected, `${method} ${url}: ${response.body}`).toContain(response.statusCode);
    return response.json().data;
  };
}

async function allOrders(app: FastifyInstance, token: string): Promise<Order[]> {
  return caller(app, token)('GET', '/api/order?limit=200');
}

/** What the chain of `buildRestaurant` has beside its orders: a second branch, its manager and a price of its own. */
interface Chain {
  branchId: string;
  managerId: string;
  itemId: string;
}
let chain: Chain;

/**
 * A small restaurant through the API: its owner, a menu, two tables, five orders, payments and a refund; and a
 * second branch with a manager of its own and its own price of the phở.
 */
async function buildRestaurant(dataDir: string): Promise<Order[]> {
  const app = await openApp(dataDir);
  const registered = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { name: 'Chủ quán', email, phone: '0901234567', password },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const call = caller(app, await signIn(app));
  await call('PUT', '/api/settings', { restaurantName: 'Quán Ngon' });
  const category = await call('POST', '/api/category', { name: 'Món chính' });
  const pho = await call('POST', '/api/item', { name: 'Phở bò', price: 55_000, categoryId: category._id });
  const tea = await call('POST', '/api/item', { name: 'Trà đá', price: 5_000, categoryId: category._id });
  const tables = [
    await call('POST', '/api/table', { tableNo: 1, seats: 4 }),
    await call('POST', '/api/table', { tableNo: 2, seats: 2 }),
  ];
  for (let n = 0; n < 5; n++) {
    const order: Order = await call('POST', '/api/order', {
      customerDetails: { name: `Khách ${n}`, guests: 2 },
      tableId: n < 2 ? tables[n]!._id : undefined,
      items: [
        { itemId: pho._id, quantity: n + 1 },
        { itemId: tea._id, quantity: 2 },
      ],
    });
    if (n >= 2) {
      // Paid in full (which completes it); the last one gets part of its payment refunded.
      await call('PUT', `/api/order/${order._id}`, { status: 'ready' });
      const paid: Order = await call('POST', `/api/order/${order._id}/payments`, {
        method: 'cash',
        amount: order.bills.total,
        tendered: order.bills.total + 3_000,
      });
      if (n === 4) {
        await call('POST', `/api/order/${order._id}/payments/${paid.payments[0]!._id}/refunds`, {
          amount: 5_000,
          reason: 'Trà nguội',
        });
      }
    }
  }
  const branch = await call('POST', '/api/branches', { name: 'Quận 3', slug: 'quan-3' });
  const manager = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { name: 'Quản lý Quận 3', email: 'q3@example.test', phone: '0907654321', password },
  });
  expect(manager.statusCode, manager.body).toBe(201);
  const managerId: string = manager.json().data._id;
  await app.inject({
    method: 'PATCH',
    url: `/api/user/users/${managerId}/status`,
    payload: { status: 'active' },
    headers: { authorization: `Bearer ${await signIn(app)}` },
  });
  await call('PUT', `/api/branches/members/${managerId}`, { branches: [{ branchId: branch._id, role: 'manager' }] });
  chain = { branchId: branch._id, managerId, itemId: pho._id };
  const orders = await allOrders(app, await signIn(app));
  // The branch's own price, as the menu screen saves it (written here so the move's test needs no screen).
  const { db } = app.database;
  await db.execute(
    sql`insert into branch_items (branch_id, item_id, price) values (${branch._id}::uuid, ${pho._id}::uuid, 60000)`,
  );
  await closeApp(app);
  return orders;
}

// Each move fills an embedded database, copies it and starts an app on the copy: 15 to 45 s on a busy machine.
const slowMoves = { timeout: 120_000 };

describe.skipIf(!available)('moving the embedded database to PostgreSQL', slowMoves, () => {
  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'quan-move-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Quán</title>');
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    for (const name of created.splice(0)) await adminQuery(`drop database if exists "${name}" with (force)`);
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  const newDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'quan-move-'));
    dirs.push(dir);
    return dir;
  };

  it('copies every order, the order numbers, the settings, the accounts and the branches; the app then runs on it', async () => {
    const dataDir = newDataDir();
    const before = await buildRestaurant(dataDir);
    expect(before).toHaveLength(5);
    const target = await scratchDatabase();

    const report = await moveToPostgres({ dataDir, targetUrl: target });
    const rows = Object.fromEntries(report.tables.map(({ table, rows }) => [table, rows]));
    expect(rows).toMatchObject({
      orders: 5,
      users: 2,
      restaurant_settings: 1,
      dining_tables: 2,
      payment_refunds: 1,
      branches: 2,
      branch_members: 1,
      branch_items: 1,
    });
    expect(rows.order_payments).toBe(3);
    const sum = (column: string) => report.sums.find((one) => one.column === column);
    const totals = before.reduce((total, order) => total + order.bills.total, 0);
    expect(sum('orders.total')).toEqual({ column: 'orders.total', source: String(totals), target: String(totals) });
    expect(sum('payment_refunds.amount')).toMatchObject({ source: '5000', target: '5000' });
    for (const { source, target: moved } of report.sums) expect(moved).toBe(source);
    expect(formatMoveReport(report)).toMatch(/^orders\s+5$/m);

    const app = await openApp(newDataDir(), target);
    // The same password signs in: the account and its hash came along.
    const token = await signIn(app);
    const call = caller(app, token);
    const after = await allOrders(app, token);
    const view = (orders: Order[]) =>
      orders
        .map(({ _id, orderNo, status, bills, paid, payments }) => ({
          _id,
          orderNo,
          status,
          total: bills.total,
          paid,
          payments: payments.length,
        }))
        .sort((a, b) => a.orderNo - b.orderNo);
    expect(view(after)).toEqual(view(before));
    expect((await call('GET', '/api/settings')).restaurantName).toBe('Quán Ngon');

    // The branches came along, with who works where and the branch's own price.
    const branches = (await call('GET', '/api/branches')) as { _id: string; slug: string }[];
    expect(branches.map((branch) => branch.slug)).toEqual(['chi-nhanh-1', 'quan-3']);
    expect(await call('GET', `/api/branches/members/${chain.managerId}`)).toEqual([
      { branchId: chain.branchId, role: 'manager' },
    ]);
    const moved = new pg.Client({ connectionString: target });
    await moved.connect();
    try {
      const prices = await moved.query('select branch_id, item_id, price, is_sold from branch_items');
      expect(prices.rows).toEqual([{ branch_id: chain.branchId, item_id: chain.itemId, price: 60_000, is_sold: true }]);
    } finally {
      await moved.end();
    }

    // The order numbers go on from where they were.
    const [dish] = (await call('GET', '/api/item')) as { _id: string }[];
    const next: Order = await call('POST', '/api/order', {
      customerDetails: { name: 'Khách mới', guests: 1 },
      items: [{ itemId: dish!._id, quantity: 1 }],
    });
    expect(next.orderNo).toBe(Math.max(...before.map((order) => order.orderNo)) + 1);
    await closeApp(app);

    // The target is no longer empty: a second move is refused, and changes nothing.
    await expect(moveToPostgres({ dataDir, targetUrl: target })).rejects.toThrow(TargetNotEmptyError);
    await expect(moveToPostgres({ dataDir, targetUrl: target })).rejects.toThrow(/these tables hold rows: .*orders/);
    const again = await openApp(newDataDir(), target);
    expect(await allOrders(again, await signIn(again))).toHaveLength(6);
  });

  it('accepts a target the server was started on but nobody used, and refuses one with data of any kind', async () => {
    const dataDir = newDataDir();
    await buildRestaurant(dataDir);

    // Migrated by a server start, nothing in it: the same as empty (and a failed move can be run again).
    const migratedOnly = await scratchDatabase();
    await closeApp(await openApp(newDataDir(), migratedOnly));
    const report = await moveToPostgres({ dataDir, targetUrl: migratedOnly });
    expect(report.tables.find((one) => one.table === 'orders')?.rows).toBe(5);

    // Another application's rows: refused before anything is written.
    const foreign = await scratchDatabase();
    const client = new pg.Client({ connectionString: foreign });
    await client.connect();
    await client.query('create table guests (name text)');
    await client.query('insert into guests values ($1)', ['An']);
    await expect(moveToPostgres({ dataDir, targetUrl: foreign })).rejects.toThrow(/these tables hold rows: guests/);
    const { rows } = await client.query("select count(*)::int as n from pg_tables where schemaname = 'public'");
    expect(rows[0].n).toBe(1);

    // A newer version's database (a migration this one does not have), even with no rows at all.
    await client.query('delete from guests');
    await client.query('create schema drizzle');
    await client.query(
      'create table drizzle.__drizzle_migrations (id serial primary key, hash text, created_at bigint)',
    );
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', ['x', 9e12]);
    await expect(moveToPostgres({ dataDir, targetUrl: foreign })).rejects.toThrow(/migration\(s\) this version/);
    await client.end();
  });

  it('refuses while a server uses the DATA_DIR, and not once that process is gone', async () => {
    const dataDir = newDataDir();
    await buildRestaurant(dataDir);
    const target = await scratchDatabase();
    // The process that started this test stands for the server: it is alive. One that has ended does not count.
    writeFileSync(
      join(dataDir, 'server.lock'),
      JSON.stringify({ pid: process.ppid, hostname: hostname(), what: 'server' }),
    );
    await expect(moveToPostgres({ dataDir, targetUrl: target })).rejects.toThrow(DataDirInUseError);
    await expect(moveToPostgres({ dataDir, targetUrl: target })).rejects.toThrow(/in use by a Quán server/);

    // Above Linux's largest pid (2^22): no such process.
    writeFileSync(
      join(dataDir, 'server.lock'),
      JSON.stringify({ pid: 2 ** 22 + 1, hostname: hostname(), what: 'server' }),
    );
    await expect(moveToPostgres({ dataDir, targetUrl: target })).resolves.toMatchObject({ backup: null });
  });
});

describe('the copy order', () => {
  it('puts parents first and defers the keys of a cycle, to be added back after the copy', () => {
    const key = (table: string, references: string) => ({
      name: `${table}_${references}_fk`,
      table,
      references,
      definition: '',
    });
    const { order, deferred } = copyOrder(
      ['dining_tables', 'order_lines', 'orders', 'users'],
      [
        key('orders', 'users'),
        key('orders', 'dining_tables'),
        key('dining_tables', 'orders'),
        key('order_lines', 'orders'),
      ],
    );
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('orders'));
    expect(order.indexOf('orders')).toBeLessThan(order.indexOf('order_lines'));
    expect(deferred).toHaveLength(1);
    const [broken] = deferred;
    expect(order.indexOf(broken!.references)).toBeGreaterThan(order.indexOf(broken!.table));
  });
});
