import type { PGlite, Transaction } from '@electric-sql/pglite';
import { getTableName, type Column } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { DATABASE_TIMEOUT_DEFAULTS } from '../config';
import { migrationsDir } from '../lib/server-root';
import { backupBeforeMigrations, type Backup } from './backup';
import { openDatabase } from './client';
import { claimDataDir } from './data-dir-lock';
import { assertEmbeddedDatabase, embeddedClientOf } from './embedded';
import * as schema from './schema/index';

/**
 * `npm run db:move -- --to postgres://…`: copies DATA_DIR's embedded database into an empty PostgreSQL
 * database, so that the restaurant can go on as a chain on DATABASE_URL with everything it had.
 *
 * 1. DATA_DIR is claimed (refused while the server runs: it would go on writing to the copy's source).
 * 2. The target is checked to be empty (below) before anything is written anywhere.
 * 3. The embedded database gets the migrations the server would apply at its next start (backed up first if
 *    there are any), and the target the same ones, through db/client.ts as a server would: both then have the
 *    same tables, and the target's migration record says so, so the server starts on it without migrating.
 * 4. One transaction on the target copies every table of the `public` schema, parents before children, in
 *    batches of parameterised inserts, from one snapshot of the source; sets every sequence (order and shift
 *    numbers) where the source's stands; then counts the rows and sums the money columns on both sides and
 *    commits only if they agree. A failure anywhere leaves the target as it was (its migrations aside).
 */

/**
 * When the target counts as empty: no table of its `public` schema has a row, other than the rows our
 * migrations write themselves (`seededTables`), and the migrations it has recorded, if any, are ones this
 * version knows. So a database the server was started on once, before anyone used it, is accepted (as is one
 * that a move failed to fill: running it again is the remedy), while one holding anything at all, ours or
 * another application's, or the schema of a newer version, is refused.
 */
export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError';
}

const notEmpty = (reason: string) =>
  `The target database is not empty (${reason}): move into a new, empty database (createdb, or your provider's console)`;

export interface MoveReport {
  tables: { table: string; rows: number }[];
  sequences: { sequence: string; value: string | null }[];
  /** Each money column's sum on the source and on the target (equal, or the move would have failed). */
  sums: { column: string; source: string; target: string }[];
  /** The backup taken because the embedded database had migrations to apply first; null when it had none. */
  backup: Backup | null;
}

/**
 * The columns holding money, whose sums are compared on both sides after the copy. Drizzle's columns, so
 * that a renamed or removed one fails the build rather than the move.
 */
const MONEY_COLUMNS: Column[] = [
  schema.orders.subtotal,
  schema.orders.discount,
  schema.orders.serviceCharge,
  schema.orders.tax,
  schema.orders.total,
  schema.orderLines.total,
  schema.orderBillParts.total,
  schema.orderPayments.amount,
  schema.orderPayments.tip,
  schema.orderPayments.refunded,
  schema.paymentRefunds.amount,
  schema.cashMovements.amount,
  schema.shifts.openingFloat,
  schema.shifts.countedCash,
  schema.shifts.expectedCash,
  schema.customers.totalSpent,
  schema.customers.loyaltyPoints,
  schema.salesByHour.revenue,
  schema.itemSalesByDay.revenue,
];

/** Rows per insert (and per fetch from the source), fewer for wide tables: PostgreSQL takes 65535 parameters. */
const BATCH_ROWS = 1000;
const MAX_PARAMETERS = 65_535;

/** A catalog name as an SQL identifier (names cannot be parameters; values always are, below). */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface TableShape {
  name: string;
  /** Columns in table order, without generated ones (PostgreSQL computes those). */
  columns: string[];
  /** A GENERATED ALWAYS identity column (order_no, shift_no) takes a copied value only with OVERRIDING. */
  alwaysIdentity: boolean;
}

interface ForeignKey {
  name: string;
  table: string;
  references: string;
  definition: string;
}

/** The queries the catalog reads need: `pg` and PGlite answer them alike. */
type Query = <T>(text: string, values?: unknown[]) => Promise<T[]>;

const onTarget =
  (client: pg.ClientBase): Query =>
  async <T>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows as T[];
const onSource =
  (tx: Transaction | PGlite): Query =>
  async <T>(text: string, values: unknown[] = []) =>
    (await tx.query<T>(text, values)).rows;

async function publicTables(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  return rows.map((row) => row.name);
}

async function tableShapes(query: Query): Promise<Map<string, TableShape>> {
  const rows = await query<{ table: string; column: string; identity: string; generated: string }>(
    `select c.relname as table, a.attname as column, a.attidentity::text as identity, a.attgenerated::text as generated
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const shapes = new Map<string, TableShape>();
  for (const row of rows) {
    const shape = shapes.get(row.table) ?? { name: row.table, columns: [], alwaysIdentity: false };
    if (row.generated === '') shape.columns.push(row.column);
    if (row.identity === 'a') shape.alwaysIdentity = true;
    shapes.set(row.table, shape);
  }
  return shapes;
}

async function foreignKeys(query: Query): Promise<ForeignKey[]> {
  return query<ForeignKey>(
    `select con.conname as name, c.relname as table, r.relname as references,
            pg_get_constraintdef(con.oid) as definition
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_class r on r.oid = con.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where con.contype = 'f' and n.nspname = 'public'
      order by c.relname, con.conname`,
  );
}

async function sequenceNames(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    "select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename",
  );
  return rows.map((row) => row.name);
}

/**
 * The migrations a database has recorded, by the time stamp drizzle files them under: drizzle itself decides
 * what is applied by that time alone (drizzle-orm's pg-core dialect, `migrate`), not by the files' hashes.
 */
async function appliedMigrations(query: Query): Promise<string[]> {
  const [table] = await query<{ exists: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as exists",
  );
  if (!table?.exists) return [];
  const rows = await query<{ at: string }>(
    'select created_at::text as at from drizzle.__drizzle_migrations order by created_at, id',
  );
  return rows.map((row) => row.at);
}

/**
 * Parents before children. Foreign keys that form a cycle (a table points at an order, the order at its
 * table) cannot all be satisfied row by row whatever the order: those that point forward in the order found
 * are returned to be dropped for the copy and added back after it, which checks every row against them.
 */
export function copyOrder(tables: string[], keys: ForeignKey[]): { order: string[]; deferred: ForeignKey[] } {
  const order: string[] = [];
  const placed = new Set<string>();
  const remaining = new Set(tables);
  const waitingOn = (table: string) =>
    keys.filter((key) => key.table === table && key.references !== table && !placed.has(key.references));
  while (remaining.size > 0) {
    // Names sort the candidates, so that the order (and a cycle's break) is the same on every run.
    const ready = [...remaining].sort().filter((table) => waitingOn(table).length === 0);
    // In a cycle: the table waiting on the fewest others goes first; its keys to them are deferred.
    const next =
      ready[0] ?? [...remaining].sort((a, b) => waitingOn(a).length - waitingOn(b).length || a.localeCompare(b))[0]!;
    order.push(next);
    placed.add(next);
    remaining.delete(next);
  }
  const position = new Map(order.map((table, index) => [table, index]));
  const deferred = keys.filter(
    (key) => position.has(key.table) && (position.get(key.references) ?? -1) >= position.get(key.table)!,
  );
  return { order, deferred };
}

/**
 * The tables that migrations fill themselves (a state row such as sales_rollup_state's): on the target they
 * hold that row as soon as it is migrated, so they do not make it non-empty, and the copy replaces their rows
 * with the source's. Read from the migrations' INSERT statements, so that a new one is covered by itself.
 */
export function seededTables(): Set<string> {
  const seeded = new Set<string>();
  for (const file of readMigrationFiles({ migrationsFolder: migrationsDir })) {
    for (const statement of file.sql) {
      for (const match of statement.matchAll(/\binsert\s+into\s+(?:"?public"?\.)?"?([A-Za-z0-9_]+)"?/gi)) {
        seeded.add(match[1]!);
      }
    }
  }
  return seeded;
}

/** A reason to refuse the target (see TargetNotEmptyError); null when it is empty. */
async function whyNotEmpty(query: Query): Promise<string | null> {
  const known = new Set(
    readMigrationFiles({ migrationsFolder: migrationsDir }).map((file) => String(file.folderMillis)),
  );
  const unknown = (await appliedMigrations(query)).filter((at) => !known.has(at));
  if (unknown.length > 0) {
    return `it has ${unknown.length} migration(s) this version of Quán does not know (a newer version's database?)`;
  }
  const withRows: string[] = [];
  const seeded = seededTables();
  for (const table of await publicTables(query)) {
    if (seeded.has(table)) continue;
    const [row] = await query<{ any: boolean }>(`select exists (select 1 from public.${ident(table)}) as any`);
    if (row?.any) withRows.push(table);
  }
  if (withRows.length > 0) return `these tables hold rows: ${withRows.join(', ')}`;
  return null;
}

async function count(query: Query, table: string): Promise<number> {
  const [row] = await query<{ n: string }>(`select count(*)::text as n from public.${ident(table)}`);
  return Number(row?.n ?? 0);
}

async function moneySums(query: Query): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  for (const column of MONEY_COLUMNS) {
    const table = getTableName(column.table);
    const [row] = await query<{ sum: string }>(
      `select coalesce(sum(${ident(column.name)}), 0)::text as sum from public.${ident(table)}`,
    );
    sums.set(`${table}.${column.name}`, row?.sum ?? '0');
  }
  return sums;
}

async function sequencePositions(
  query: Query,
  names: string[],
): Promise<Map<string, { last: string; called: boolean }>> {
  const positions = new Map<string, { last: string; called: boolean }>();
  for (const name of names) {
    const [row] = await query<{ last: string; called: boolean }>(
      `select last_value::text as last, is_called as called from public.${ident(name)}`,
    );
    if (row) positions.set(name, row);
  }
  return positions;
}

/**
 * Copies one table: a cursor over the source in the snapshot's transaction, every value as PostgreSQL's own
 * text for it (exact for numerics, big integers, times with their offset, JSON), inserted as parameters
 * that the target reads back into the column's type.
 */
async function copyTable(source: Transaction, target: pg.ClientBase, shape: TableShape): Promise<number> {
  const columns = shape.columns.map(ident).join(', ');
  const batch = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMETERS / shape.columns.length)));
  const cursor = 'quan_move';
  await source.query(
    `declare ${cursor} no scroll cursor for select ${shape.columns.map((c) => `${ident(c)}::text`).join(', ')} from public.${ident(shape.name)}`,
  );
  const insert = `insert into public.${ident(shape.name)} (${columns})${shape.alwaysIdentity ? ' overriding system value' : ''} values `;
  let copied = 0;
  try {
    for (;;) {
      const { rows } = await source.query<unknown[]>(`fetch ${batch} from ${cursor}`, [], { rowMode: 'array' });
      if (rows.length === 0) break;
      const width = shape.columns.length;
      const tuples = rows.map(
        (_, row) => `(${shape.columns.map((_, column) => `$${row * width + column + 1}`).join(', ')})`,
      );
      await target.query(insert + tuples.join(', '), rows.flat());
      copied += rows.length;
    }
  } finally {
    await source.query(`close ${cursor}`);
  }
  return copied;
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

export async function moveToPostgres(options: {
  dataDir: string;
  targetUrl: string;
  /** Progress lines for a person watching (a table done, the checks). */
  log?: (line: string) => void;
}): Promise<MoveReport> {
  const { dataDir, targetUrl } = options;
  const log = options.log ?? (() => undefined);
  assertEmbeddedDatabase(dataDir);
  const lock = claimDataDir(dataDir, 'db:move');
  try {
    const target = new pg.Client({
      connectionString: targetUrl,
      connectionTimeoutMillis: DATABASE_TIMEOUT_DEFAULTS.connectTimeoutMs,
    });
    target.on('error', () => undefined); // A lost connection fails the running query; that is reported.
    await target.connect();
    try {
      // A large restaurant's copy may take minutes: no statement, lock or idle limit the server's role may carry.
      await target.query('set statement_timeout = 0');
      await target.query('set lock_timeout = 0');
      await target.query('set idle_in_transaction_session_timeout = 0');
      const refusal = await whyNotEmpty(onTarget(target));
      if (refusal) throw new TargetNotEmptyError(notEmpty(refusal));

      const backup = await backupBeforeMigrations(dataDir);
      if (backup) log(`backed up the embedded database before migrating it: ${backup.file}`);
      const embedded = await openDatabase({ driver: 'pglite', dataDir });
      try {
        const migrated = await openDatabase({ driver: 'postgres', url: targetUrl, statementTimeoutMs: 0 });
        await migrated.close();
        const source = embeddedClientOf(embedded.db)!;
        const report = await copyAll(source, target, log);
        return { ...report, backup };
      } finally {
        await embedded.close();
      }
    } finally {
      await target.end().catch(() => undefined);
    }
  } finally {
    lock.release();
  }
}

async function copyAll(
  source: PGlite,
  target: pg.Client,
  log: (line: string) => void,
): Promise<Omit<MoveReport, 'backup'>> {
  const to = onTarget(target);
  // One snapshot of the source for the copy and its checks (nothing else writes to it: DATA_DIR is ours).
  return source.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    const from = onSource(tx);

    const sourceMigrations = await appliedMigrations(from);
    const targetMigrations = await appliedMigrations(to);
    if (!sameList(sourceMigrations, targetMigrations)) {
      throw new Error('The two databases do not have the same migrations after migrating both; nothing was copied');
    }
    const tables = await publicTables(from);
    const sourceShapes = await tableShapes(from);
    const targetShapes = await tableShapes(to);
    for (const table of tables) {
      const a = sourceShapes.get(table)?.columns ?? [];
      const b = targetShapes.get(table)?.columns ?? [];
      if (!sameList([...a].sort(), [...b].sort())) {
        throw new Error(
          `Table ${table} has other columns on the target (${b.join(', ') || 'none'}); nothing was copied`,
        );
      }
    }
    const sequences = await sequenceNames(from);
    const targetSequences = new Set(await sequenceNames(to));
    const missing = sequences.filter((name) => !targetSequences.has(name));
    if (missing.length > 0) {
      throw new Error(`The target lacks the sequence(s) ${missing.join(', ')}; nothing was copied`);
    }

    await target.query('begin');
    try {
      // Checked again inside the transaction: another move may have filled it since.
      const refusal = await whyNotEmpty(to);
      if (refusal) throw new TargetNotEmptyError(notEmpty(refusal));

      const { order, deferred } = copyOrder(tables, await foreignKeys(to));
      for (const key of deferred) {
        await target.query(`alter table public.${ident(key.table)} drop constraint ${ident(key.name)}`);
      }
      // What the migrations wrote into them makes way for the source's rows (every other table is empty).
      for (const table of order.filter((name) => seededTables().has(name)).reverse()) {
        await target.query(`delete from public.${ident(table)}`);
      }
      const copied: MoveReport['tables'] = [];
      for (const table of order) {
        const rows = await copyTable(tx, target, targetShapes.get(table)!);
        copied.push({ table, rows });
        log(`${table}: ${rows} rows`);
      }
      for (const key of deferred) {
        await target.query(
          `alter table public.${ident(key.table)} add constraint ${ident(key.name)} ${key.definition}`,
        );
      }

      const positions = await sequencePositions(from, sequences);
      for (const [name, { last, called }] of positions) {
        await target.query('select setval($1::regclass, $2::bigint, $3)', [`public.${ident(name)}`, last, called]);
      }

      // The checks, before the commit: on a difference nothing is kept.
      const problems: string[] = [];
      for (const { table, rows } of copied) {
        const [there, here] = [await count(from, table), await count(to, table)];
        if (there !== here || rows !== there) problems.push(`${table}: ${there} rows, ${here} on the target`);
      }
      const after = await sequencePositions(to, sequences);
      for (const [name, position] of positions) {
        const moved = after.get(name);
        if (moved?.last !== position.last || moved.called !== position.called) {
          problems.push(`sequence ${name}: ${position.last}, ${moved?.last ?? 'missing'} on the target`);
        }
      }
      const [sourceSums, targetSums] = [await moneySums(from), await moneySums(to)];
      const sums = [...sourceSums].map(([column, sum]) => ({
        column,
        source: sum,
        target: targetSums.get(column) ?? '',
      }));
      for (const sum of sums) {
        if (sum.source !== sum.target)
          problems.push(`sum of ${sum.column}: ${sum.source}, ${sum.target} on the target`);
      }
      if (problems.length > 0) {
        throw new Error(`The copy does not match its source, nothing was kept:\n  ${problems.join('\n  ')}`);
      }
      await target.query('commit');
      return {
        tables: copied,
        sequences: [...positions].map(([sequence, { last, called }]) => ({
          sequence,
          value: called ? last : null,
        })),
        sums,
      };
    } catch (error) {
      await target.query('rollback').catch(() => undefined);
      throw error;
    }
  });
}

/** The report as the command prints it: rows per table, then the sequences and the money sums. */
export function formatMoveReport(report: MoveReport): string {
  const lines: string[] = [];
  const width = Math.max(...report.tables.map((t) => t.table.length), 'table'.length);
  const rowsWidth = Math.max(...report.tables.map((t) => String(t.rows).length), 'rows'.length);
  lines.push(`${'table'.padEnd(width)}  ${'rows'.padStart(rowsWidth)}`);
  for (const { table, rows } of report.tables)
    lines.push(`${table.padEnd(width)}  ${String(rows).padStart(rowsWidth)}`);
  const total = report.tables.reduce((sum, t) => sum + t.rows, 0);
  lines.push(`${'(all)'.padEnd(width)}  ${String(total).padStart(rowsWidth)}`, '');
  for (const { sequence, value } of report.sequences) {
    lines.push(`sequence ${sequence}: ${value === null ? 'not used yet' : `last ${value}`}`);
  }
  lines.push('');
  const sumWidth = Math.max(...report.sums.map((s) => s.column.length), 'money column'.length);
  const valueWidth = Math.max(...report.sums.map((s) => s.source.length), 'embedded'.length);
  lines.push(`${'money column'.padEnd(sumWidth)}  ${'embedded'.padStart(valueWidth)}  PostgreSQL`);
  for (const { column, source, target } of report.sums) {
    lines.push(`${column.padEnd(sumWidth)}  ${source.padStart(valueWidth)}  ${target}`);
  }
  return lines.join('\n');
}
