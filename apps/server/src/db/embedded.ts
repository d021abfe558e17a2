import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsDir } from '../lib/server-root';
import type { Database } from './client';

/** Where openDatabase keeps the embedded database inside DATA_DIR. */
export const embeddedDir = (dataDir: string) => join(dataDir, 'pglite');

/** PostgreSQL writes PG_VERSION first into a new data dir: without it there is no database to speak of. */
export const hasEmbeddedDatabase = (dataDir: string) => existsSync(join(embeddedDir(dataDir), 'PG_VERSION'));

export class NoEmbeddedDatabaseError extends Error {
  override name = 'NoEmbeddedDatabaseError';
}

/** For the commands that read the embedded database: a DATA_DIR without one is a mistyped path, most likely. */
export function assertEmbeddedDatabase(dataDir: string): void {
  if (!hasEmbeddedDatabase(dataDir)) {
    throw new NoEmbeddedDatabaseError(`There is no embedded database in ${embeddedDir(dataDir)} (is DATA_DIR right?)`);
  }
}

/**
 * Opens a PGlite data dir as the server does (db/client.ts), with the same extensions, but without applying
 * the migrations: for the backups and the move, which look at the database before the server would change it.
 * With `loadDataDir`, the dir must be empty and is filled from that tarball (a backup).
 */
export async function openEmbedded(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  const pg = new PGlite({ dataDir: dir, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  await pg.waitReady;
  return pg;
}

/**
 * The PGlite under a running app's database (db/client.ts keeps it to itself; Drizzle hands it out as
 * `$client`), for the scheduled backups; null on PostgreSQL.
 */
export function embeddedClientOf(db: Database): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/**
 * The migrations drizzle has recorded in this database, and how many of the committed ones it would apply
 * at the next start: drizzle applies every migration newer than the last one recorded (drizzle-orm's
 * pg-core dialect, `migrate`), so the same rule is used here.
 */
export async function migrationState(pg: PGlite): Promise<{ applied: number; pending: number }> {
  const files = readMigrationFiles({ migrationsFolder: migrationsDir });
  const table = await pg.query<{ exists: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as exists",
  );
  if (!table.rows[0]?.exists) return { applied: 0, pending: files.length };
  const recorded = await pg.query<{ applied: number; last: string | null }>(
    'select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const { applied, last } = recorded.rows[0] ?? { applied: 0, last: null };
  const pending = files.filter((file) => last === null || Number(last) < file.folderMillis).length;
  return { applied, pending };
}
