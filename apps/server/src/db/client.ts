import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DATABASE_TIMEOUT_DEFAULTS, type DatabaseConfig } from '../config';
import { migrationsDir } from '../lib/server-root';
import * as schema from './schema/index';

/** Code that runs on both drivers is typed against this. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction, or the database itself, for repository calls that join a caller's transaction. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseConfig['driver'];
  /**
   * Resolves when the database answers a trivial query. On PostgreSQL it fails within the connect timeout
   * plus PING_TIMEOUT_MS when the server does not answer (the caller races it against a shorter timer).
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Instances of a chain may start together; one at a time applies the migrations. */
const MIGRATION_LOCK_KEY = 726_311_001;

/**
 * How long a ping's `select 1` may wait for its answer: past it the connection is dropped (the pool opens a
 * new one), so that a connection the network lost does not keep the readiness check failing.
 */
export const PING_TIMEOUT_MS = 5_000;

/**
 * Beyond the statement timeout, how long the pool waits for an answer that PostgreSQL would have sent by then
 * (its cancellation) before it gives the query up itself: a server that stopped answering.
 */
const ANSWER_MARGIN_MS = 5_000;

/**
 * Opens the database and applies the migrations. `onIdleError` hears about pooled PostgreSQL connections
 * that die while idle (a server restart, an administrator ending them): the pool replaces them, so they
 * are worth a log line, not a crash.
 */
export async function openDatabase(
  config: DatabaseConfig,
  onIdleError: (error: Error) => void = () => undefined,
): Promise<DatabaseHandle> {
  if (config.driver === 'pglite') {
    // PGlite does not create the parents of its data dir, and then fails later with a confusing error.
    if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
    // pg_trgm backs the customer search index; PostgreSQL servers ship it in contrib.
    const client = new PGlite({
      dataDir: config.dataDir ? `${config.dataDir}/pglite` : undefined,
      extensions: { pg_trgm },
    });
    const db = drizzlePglite(client, { schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder: migrationsDir });
    return {
      db: db as unknown as Database,
      driver: 'pglite',
      ping: async () => void (await client.query('select 1')),
      close: () => client.close(),
    };
  }

  const connectTimeoutMs = config.connectTimeoutMs ?? DATABASE_TIMEOUT_DEFAULTS.connectTimeoutMs;
  const statementTimeoutMs = config.statementTimeoutMs ?? DATABASE_TIMEOUT_DEFAULTS.statementTimeoutMs;
  // Migrations run on a connection of their own, without the statement timeout: a migration over a large
  // table, or waiting for another instance's, may take minutes.
  const migrationClient = new pg.Client({ connectionString: config.url, connectionTimeoutMillis: connectTimeoutMs });
  // A connection that dies fails the migration's query; the event alone must not crash the process.
  migrationClient.on('error', () => undefined);
  await migrationClient.connect();
  try {
    await migrationClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(migrationClient, { schema, casing: 'snake_case' }), { migrationsFolder: migrationsDir });
  } finally {
    await migrationClient.end().catch(() => undefined); // Ending the session releases the lock too.
  }

  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    // Opening a connection, and waiting for a free one when all ten are busy.
    connectionTimeoutMillis: connectTimeoutMs,
    // PostgreSQL cancels a statement that runs longer (statement_timeout, a session setting sent with each
    // new connection), and the pool gives up on a server that does not even answer that (query_timeout).
    ...(statementTimeoutMs > 0
      ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + ANSWER_MARGIN_MS }
      : {}),
  });
  pool.on('error', onIdleError);
  // The readiness ping has a connection of its own: through the pool it would queue behind a busy evening's
  // requests, and /readyz would take every instance out of the balancer at the peak, database up or not.
  const pingPool = new pg.Pool({ connectionString: config.url, max: 1, connectionTimeoutMillis: connectTimeoutMs });
  pingPool.on('error', onIdleError);
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    driver: 'postgres',
    // query_timeout per query is node-postgres' own option, missing from its types.
    ping: async () =>
      void (await pingPool.query({ text: 'select 1', query_timeout: PING_TIMEOUT_MS } as pg.QueryConfig)),
    close: async () => {
      await Promise.all([pool.end(), pingPool.end()]);
    },
  };
}

/**
 * Serialises writers that must not interleave (first-account registration, last-admin checks) for the
 * rest of the transaction, on both drivers.
 */
export async function lockForTransaction(tx: Executor, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}
