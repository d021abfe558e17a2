import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { claimDataDir, type Holder } from './data-dir-lock';
import {
  assertEmbeddedDatabase,
  embeddedClientOf,
  embeddedDir,
  hasEmbeddedDatabase,
  migrationState,
  openEmbedded,
} from './embedded';

/**
 * Backups of the embedded database: PGlite's own dump of its data dir (a tar of PostgreSQL's files, which a new
 * PGlite loads back with `loadDataDir`), gzipped, one file each, in DATA_DIR/backups. Written by the running
 * server every BACKUP_INTERVAL_HOURS, at start-up before migrations change the schema, and by
 * `npm run db:backup`; `npm run db:restore -- FILE` puts one back. PostgreSQL (DATABASE_URL) has its own tools
 * (pg_dump, the provider's snapshots) and is not backed up here.
 */

const gzipAsync = promisify(gzip);

/** A backup file that is missing or is not a backup: the operator's to fix, said in one line. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/** Why it was written: the server's timer, `npm run db:backup`, or an upgrade about to migrate. */
export type BackupReason = 'scheduled' | 'manual' | 'before-migration';

export interface Backup {
  file: string;
  name: string;
  at: Date;
}

/** quan-2025-03-01T02-00-00-000Z-scheduled.tar.gz: the time (UTC) sorts by name, the reason says who wrote it. */
const NAME = /^quan-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-([a-z-]+)\.tar\.gz$/;

/** The server's first backup waits at least this long after it starts, which is busy enough as it is. */
const FIRST_BACKUP_DELAY_MS = 60_000;
/** After a backup that failed (a full disk): soon enough to matter, seldom enough not to flood the log. */
const RETRY_AFTER_FAILURE_MS = 3_600_000;
const DAY_MS = 86_400_000;

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

export function backupFileName(at: Date, reason: BackupReason): string {
  return `quan-${at.toISOString().replace(/[:.]/g, '-')}-${reason}.tar.gz`;
}

/** The backups in DATA_DIR/backups, newest first; files of other names are not ours and left alone. */
export function listBackups(dataDir: string): Backup[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  const backups: Backup[] = [];
  for (const name of readdirSync(dir)) {
    const match = NAME.exec(name);
    if (!match) continue;
    const [, day, hours, minutes, seconds, millis] = match;
    const at = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`);
    if (!Number.isNaN(at.getTime())) backups.push({ file: join(dir, name), name, at });
  }
  return backups.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/**
 * Writes a backup of an open PGlite. What it costs a running server: the checkpoint writes the changed pages
 * to disk, then PGlite reads its whole data dir into memory (a few tens of MB for a restaurant, most of it
 * PostgreSQL's write-ahead log) with every query waiting, about 0.1 s for 40 MB on a small machine; the
 * compression then runs on Node's thread pool, while requests are served, and the file is written under a
 * temporary name so that a backup cut short never looks like a whole one. Memory: the dump and its
 * compressed copy, for the moment it takes.
 */
export async function writeBackup(pg: PGlite, dataDir: string, reason: BackupReason, at = new Date()): Promise<Backup> {
  const dir = backupsDir(dataDir);
  // The whole database: its user's alone, whatever the umask of the process that writes it.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = backupFileName(at, reason);
  const file = join(dir, name);
  // Without it, a restored database starts by replaying the log, and PostgreSQL's sequences come back up to 32
  // numbers ahead (it logs them ahead of use): the next order number would jump.
  await pg.exec('checkpoint');
  const tar = await pg.dumpDataDir('none');
  const compressed = await gzipAsync(Buffer.from(await tar.arrayBuffer()));
  const partial = `${file}.partial`;
  try {
    await writeFile(partial, compressed, { mode: 0o600 });
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { file, name, at };
}

/**
 * Removes the backups older than `keepDays`, except the newest one: a server that stayed off for a month
 * still has its last backup afterwards. Returns the names removed.
 */
export function pruneBackups(dataDir: string, keepDays: number, now = new Date()): string[] {
  const [newest, ...older] = listBackups(dataDir);
  if (!newest) return [];
  const cutoff = now.getTime() - keepDays * DAY_MS;
  const removed: string[] = [];
  for (const backup of older) {
    if (backup.at.getTime() >= cutoff) continue;
    unlinkSync(backup.file);
    removed.push(backup.name);
  }
  return removed;
}

/**
 * `npm run db:backup`: a backup of DATA_DIR's embedded database, refused while a server (or another command)
 * uses it, then the old ones pruned as the server would.
 */
export async function backupEmbedded(
  dataDir: string,
  keepDays: number,
): Promise<{ backup: Backup; removed: string[] }> {
  assertEmbeddedDatabase(dataDir);
  const lock = claimDataDir(dataDir, 'db:backup');
  try {
    const pg = await openEmbedded(embeddedDir(dataDir));
    try {
      const backup = await writeBackup(pg, dataDir, 'manual');
      return { backup, removed: pruneBackups(dataDir, keepDays) };
    } finally {
      await pg.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Before the server (or the move) applies migrations: a backup when DATA_DIR already holds a database that
 * the committed migrations would change; null otherwise (a new install, or nothing pending). The caller holds
 * the DATA_DIR lock. Costs each start one extra opening of the database (about 0.2 s) to read its migrations.
 */
export async function backupBeforeMigrations(dataDir: string): Promise<Backup | null> {
  if (!hasEmbeddedDatabase(dataDir)) return null;
  const pg = await openEmbedded(embeddedDir(dataDir));
  try {
    const { applied, pending } = await migrationState(pg);
    if (applied === 0 || pending === 0) return null;
    return await writeBackup(pg, dataDir, 'before-migration');
  } finally {
    await pg.close();
  }
}

/** A file named on the command line, or one of DATA_DIR/backups by its name alone. */
export function resolveBackupFile(dataDir: string, file: string): string {
  if (isAbsolute(file) || existsSync(file)) return resolve(file);
  const inBackups = join(backupsDir(dataDir), basename(file));
  return existsSync(inBackups) ? inBackups : resolve(file);
}

/**
 * `npm run db:restore -- FILE`: puts a backup in place of DATA_DIR's embedded database, refused while a server
 * uses it. The backup is first loaded into a new folder beside the database and opened there, so that a file
 * that is not a whole Quán backup changes nothing; only then is the current database renamed aside (never
 * deleted) and the new folder renamed into its place.
 */
export async function restoreBackup(
  dataDir: string,
  file: string,
  now = new Date(),
): Promise<{ restored: string; keptAside: string | null }> {
  if (!existsSync(file)) throw new BackupFileError(`There is no backup ${file}`);
  const lock = claimDataDir(dataDir, 'db:restore');
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const staging = join(dataDir, `pglite.restoring-${stamp}`);
  try {
    const tarball = await readFile(file);
    if (existsSync(staging)) throw new Error(`${staging} already exists`);
    try {
      const pg = await openEmbedded(staging, new Blob([tarball]));
      try {
        if ((await migrationState(pg)).applied === 0) throw new Error('it holds no Quán database');
      } finally {
        await pg.close();
      }
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw new BackupFileError(
        `${file} is not a backup that opens (${(error as Error).message}); nothing was changed`,
        {
          cause: error,
        },
      );
    }
    const current = embeddedDir(dataDir);
    let keptAside: string | null = null;
    if (existsSync(current)) {
      keptAside = join(dataDir, `pglite.before-restore-${stamp}`);
      renameSync(current, keptAside);
    }
    renameSync(staging, current);
    return { restored: file, keptAside };
  } finally {
    lock.release();
  }
}

/**
 * The scheduled backups of a running server (daily by default): the first when the newest backup is
 * BACKUP_INTERVAL_HOURS old (a minute after start at the earliest), then every interval, each followed by the
 * pruning. Counting from the newest file, a restart neither skips one nor adds one. Stops, waiting for one
 * that is being written, when the server closes.
 */
export function startBackupSchedule(options: {
  pg: PGlite;
  dataDir: string;
  intervalHours: number;
  keepDays: number;
  log: Pick<FastifyInstance['log'], 'info' | 'error'>;
}): { stop(): Promise<void> } {
  const { pg, dataDir, keepDays, log } = options;
  const intervalMs = options.intervalHours * 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    // setTimeout fires at once beyond 2^31 - 1 ms (24.8 days); intervals are at most a week.
    timer = setTimeout(run, Math.min(delayMs, 2 ** 31 - 1));
    timer.unref();
  };
  const nextDelay = () => {
    const newest = listBackups(dataDir)[0];
    const due = newest ? newest.at.getTime() + intervalMs : Date.now();
    return Math.max(due - Date.now(), FIRST_BACKUP_DELAY_MS);
  };
  function run() {
    running = (async () => {
      try {
        const started = performance.now();
        const backup = await writeBackup(pg, dataDir, 'scheduled');
        log.info(`backed up the embedded database to ${backup.file} in ${Math.round(performance.now() - started)} ms`);
        const removed = pruneBackups(dataDir, keepDays);
        if (removed.length > 0) log.info(`removed backups older than ${keepDays} days: ${removed.join(', ')}`);
        schedule(intervalMs);
      } catch (error) {
        const retryMs = Math.min(RETRY_AFTER_FAILURE_MS, intervalMs);
        log.error(
          { err: error },
          `the scheduled backup failed; trying again in ${Math.round(retryMs / 60_000)} minutes`,
        );
        schedule(retryMs);
      } finally {
        running = null;
      }
    })();
  }
  schedule(nextDelay());
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** What main.ts needs before and after building the app on the embedded database. */
export interface EmbeddedStart {
  /** Removes the DATA_DIR lock; main.ts calls it when the process exits. */
  release(): void;
  /** Logs what happened before the app had a logger, and starts the scheduled backups (stopped on close). */
  started(app: FastifyInstance): void;
}

/**
 * Before the server opens DATA_DIR's embedded database: claims the DATA_DIR (throws DataDirInUseError while
 * another process uses it), and backs the database up when migrations are about to change it.
 */
export async function prepareEmbeddedStart(
  dataDir: string,
  backups: { intervalHours: number; keepDays: number },
): Promise<EmbeddedStart> {
  const lock = claimDataDir(dataDir, 'server', { takeOverUnknown: true });
  let before: Backup | null;
  try {
    before = await backupBeforeMigrations(dataDir);
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    release: lock.release,
    started(app) {
      const replaced: Holder | null = lock.replaced;
      if (replaced) {
        app.log.warn(
          `${dataDir} was marked as used by process ${replaced.pid} on ${replaced.hostname}, which cannot be checked from here; taken over`,
        );
      }
      if (before) app.log.info(`backed up the embedded database before applying migrations: ${before.file}`);
      const pg = embeddedClientOf(app.database.db);
      if (!pg || backups.intervalHours === 0) return;
      const schedule = startBackupSchedule({ pg, dataDir, ...backups, log: app.log });
      app.addHook('preClose', () => schedule.stop());
    },
  };
}
