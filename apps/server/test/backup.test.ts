import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Order } from '@quan/contract/order';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import {
  backupBeforeMigrations,
  backupFileName,
  backupsDir,
  listBackups,
  pruneBackups,
  restoreBackup,
  startBackupSchedule,
  writeBackup,
} from '../src/db/backup';
import { DataDirInUseError } from '../src/db/data-dir-lock';
import { embeddedClientOf, embeddedDir, openEmbedded } from '../src/db/embedded';

/** Backups of the embedded database, on a DATA_DIR of its own whatever database the suite runs on. */
const password = 'correct-horse-42';
const email = 'owner@example.test';
let webDist: string;
const dirs: string[] = [];
const apps: FastifyInstance[] = [];

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quan-backup-'));
  dirs.push(dir);
  return dir;
}

async function openApp(dataDir: string): Promise<FastifyInstance> {
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST_DIR: webDist }),
  );
  apps.push(app);
  await app.ready();
  return app;
}

async function closeApp(app: FastifyInstance): Promise<void> {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
}

/** The app's API as its owner (registered on first use: the first account is the admin). */
async function asOwner(app: FastifyInstance) {
  let login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
  if (login.statusCode === 401) {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { name: 'Chủ quán', email, phone: '0901234567', password },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
  }
  expect(login.statusCode, login.body).toBe(200);
  const token: string = login.json().data.token;
  return async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    expect([200, 201], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
    return response.json().data;
  };
}

type Call = Awaited<ReturnType<typeof asOwner>>;

async function placeOrder(call: Call, itemId: string, name: string): Promise<Order> {
  return call('POST', '/api/order', { customerDetails: { name, guests: 2 }, items: [{ itemId, quantity: 2 }] });
}

const orderKeys = (orders: Order[]) =>
  orders.map(({ _id, orderNo, bills }) => ({ _id, orderNo, total: bills.total })).sort((a, b) => a.orderNo - b.orderNo);

/** Stands for a running server: the process that started this test is alive (this one's own pid would not count). */
const markRunning = (dataDir: string) =>
  writeFileSync(
    join(dataDir, 'server.lock'),
    JSON.stringify({ pid: process.ppid, hostname: hostname(), what: 'server' }),
  );

beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'quan-backup-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Quán</title>');
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(apps.splice(0).map((app) => app.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

// Each of these opens an embedded database in a DATA_DIR once or twice (every migration on disk): 15 to 45 s on a
// busy machine.
describe('backups of the embedded database', { timeout: 120_000 }, () => {
  it('restores a backup taken while the server ran: exactly the orders and branches from before it, numbers going on', async () => {
    const dataDir = newDataDir();
    let app = await openApp(dataDir);
    let call = await asOwner(app);
    const category = await call('POST', '/api/category', { name: 'Món chính' });
    const pho = await call('POST', '/api/item', { name: 'Phở bò', price: 55_000, categoryId: category._id });
    for (const name of ['An', 'Bình', 'Chi']) await placeOrder(call, pho._id, name);
    const before: Order[] = await call('GET', '/api/order?limit=200');
    expect(before).toHaveLength(3);
    await call('POST', '/api/branches', { name: 'Quận 3', slug: 'quan-3' });

    // What the server's timer and `npm run db:backup` do, on the running app's database.
    const backup = await writeBackup(embeddedClientOf(app.database.db)!, dataDir, 'scheduled');
    expect(backup.file.startsWith(backupsDir(dataDir))).toBe(true);
    expect(listBackups(dataDir).map((one) => one.name)).toEqual([backup.name]);

    const later = await placeOrder(call, pho._id, 'Dũng');
    expect((await call('GET', '/api/order?limit=200')).length).toBe(4);
    await call('POST', '/api/branches', { name: 'Quận 7', slug: 'quan-7' });
    await closeApp(app);

    const { keptAside } = await restoreBackup(dataDir, backup.file);
    // The database it replaced is renamed, not deleted.
    expect(keptAside).toMatch(/pglite\.before-restore-/);
    expect(existsSync(join(keptAside!, 'PG_VERSION'))).toBe(true);

    app = await openApp(dataDir);
    call = await asOwner(app);
    const after: Order[] = await call('GET', '/api/order?limit=200');
    expect(orderKeys(after)).toEqual(orderKeys(before));
    // The branch added before the backup is back; the one added after it is gone.
    const branches = (await call('GET', '/api/branches')) as { slug: string }[];
    expect(branches.map((branch) => branch.slug)).toEqual(['chi-nhanh-1', 'quan-3']);
    // The order placed after the backup is gone, and its number is given again (no gap from the restore).
    const next = await placeOrder(call, pho._id, 'Em');
    expect(next.orderNo).toBe(later.orderNo);
  });

  it('refuses to restore while the lock says a server runs, and changes nothing', async () => {
    const dataDir = newDataDir();
    const app = await openApp(dataDir);
    await asOwner(app);
    const backup = await writeBackup(embeddedClientOf(app.database.db)!, dataDir, 'manual');
    await closeApp(app);

    markRunning(dataDir);
    await expect(restoreBackup(dataDir, backup.file)).rejects.toThrow(DataDirInUseError);
    await expect(restoreBackup(dataDir, backup.file)).rejects.toThrow(/in use by a Quán server \(process \d+/);
    expect(readdirSync(dataDir).sort()).toEqual(['backups', 'jwt-secret', 'pglite', 'server.lock']);

    // A lock whose process has ended (a crash) does not count. (Above Linux's largest pid: no such process.)
    writeFileSync(join(dataDir, 'server.lock'), JSON.stringify({ pid: 2 ** 22 + 1, hostname: hostname() }));
    await expect(restoreBackup(dataDir, backup.file)).resolves.toMatchObject({ restored: backup.file });
    // The lock is released after the restore.
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  });

  it('refuses a file that is not a backup, before touching the database', async () => {
    const dataDir = newDataDir();
    const app = await openApp(dataDir);
    await closeApp(app);
    const bogus = join(dataDir, 'not-a-backup.tar.gz');
    writeFileSync(bogus, 'hello');
    await expect(restoreBackup(dataDir, bogus)).rejects.toThrow(/is not a backup that opens/);
    await expect(restoreBackup(dataDir, join(dataDir, 'missing.tar.gz'))).rejects.toThrow(/There is no backup/);
    expect(readdirSync(dataDir).sort()).toEqual(['jwt-secret', 'not-a-backup.tar.gz', 'pglite']);
  });

  it('keeps backups for the days set, and always the newest; leaves other files alone', () => {
    const dataDir = newDataDir();
    const dir = backupsDir(dataDir);
    mkdirSync(dir, { recursive: true });
    const now = new Date('2025-03-20T10:00:00.000Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const names = [
      backupFileName(daysAgo(1), 'scheduled'),
      backupFileName(daysAgo(13.9), 'before-migration'),
      backupFileName(daysAgo(14.1), 'scheduled'),
      backupFileName(daysAgo(40), 'manual'),
    ];
    for (const name of [...names, 'notes.txt', 'quan-keep-me.tar.gz']) writeFileSync(join(dir, name), '');

    expect(pruneBackups(dataDir, 14, now).sort()).toEqual([names[2], names[3]].sort());
    expect(readdirSync(dir).sort()).toEqual([names[0], names[1], 'notes.txt', 'quan-keep-me.tar.gz'].sort());

    // Months later with no new backup (the server was off): the newest stays.
    expect(pruneBackups(dataDir, 14, daysAgo(-90))).toEqual([names[1]]);
    expect(listBackups(dataDir).map((one) => one.name)).toEqual([names[0]]);
  });

  it('backs up before migrations only when a database exists and migrations are pending', async () => {
    const dataDir = newDataDir();
    expect(await backupBeforeMigrations(dataDir)).toBeNull(); // a new install
    await closeApp(await openApp(dataDir));
    expect(await backupBeforeMigrations(dataDir)).toBeNull(); // up to date

    // As a database of the previous version would be: the last migration not yet applied.
    const pg = await openEmbedded(embeddedDir(dataDir));
    await pg.exec(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    await pg.close();
    const backup = await backupBeforeMigrations(dataDir);
    expect(backup?.name).toMatch(/^quan-.*-before-migration\.tar\.gz$/);
    expect(listBackups(dataDir)).toHaveLength(1);
  });

  it('the running server backs up once the interval has passed since the newest backup, and prunes', async () => {
    const dataDir = newDataDir();
    const app = await openApp(dataDir);
    mkdirSync(backupsDir(dataDir), { recursive: true });
    const old = backupFileName(new Date(Date.now() - 30 * 86_400_000), 'scheduled');
    writeFileSync(join(backupsDir(dataDir), old), '');
    const log = { info: vi.fn(), error: vi.fn() };

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const schedule = startBackupSchedule({
      pg: embeddedClientOf(app.database.db)!,
      dataDir,
      intervalHours: 24,
      keepDays: 14,
      log,
    });
    // Overdue, yet not during the start: a minute after it.
    vi.advanceTimersByTime(59_000);
    expect(log.info).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(2), { timeout: 20_000, interval: 50 });
    await schedule.stop();

    expect(log.error).not.toHaveBeenCalled();
    const [newest, ...rest] = listBackups(dataDir);
    expect(newest?.name).toMatch(/-scheduled\.tar\.gz$/);
    expect(rest).toEqual([]); // the month-old one was pruned
    expect(log.info.mock.calls[1]![0]).toContain(old);
  });
});
