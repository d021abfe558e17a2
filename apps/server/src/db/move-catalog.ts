import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

// What db:move reads of the catalogs of both databases (move-to-postgres.ts): tables, columns, foreign keys,
// sequences and migrations, through queries that `pg` and PGlite answer alike.

/** A catalog name as an SQL identifier (names cannot be parameters; values always are, below). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface TableShape {
  name: string;
  /** Columns in table order, without generated ones (PostgreSQL computes those). */
  columns: string[];
  /** A GENERATED ALWAYS identity column (order_no, shift_no) takes a copied value only with OVERRIDING. */
  alwaysIdentity: boolean;
}

export interface ForeignKey {
  name: string;
  table: string;
  references: string;
  definition: string;
}

/** The queries the catalog reads need: `pg` and PGlite answer them alike. */
export type Query = <T>(text: string, values?: unknown[]) => Promise<T[]>;

export const onTarget =
  (client: pg.ClientBase): Query =>
  async <T>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows as T[];
export const onSource =
  (tx: Transaction | PGlite): Query =>
  async <T>(text: string, values: unknown[] = []) =>
    (await tx.query<T>(text, values)).rows;

export async function publicTables(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  return rows.map((row) => row.name);
}

export async function tableShapes(query: Query): Promise<Map<string, TableShape>> {
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

export async function foreignKeys(query: Query): Promise<ForeignKey[]> {
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

export async function sequenceNames(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    "select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename",
  );
  return rows.map((row) => row.name);
}

/**
 * The migrations a database has recorded, by the time stamp drizzle files them under: drizzle itself decides
 * what is applied by that time alone (drizzle-orm's pg-core dialect, `migrate`), not by the files' hashes.
 */
export async function appliedMigrations(query: Query): Promise<string[]> {
  const [table] = await query<{ exists: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as exists",
  );
  if (!table?.exists) return [];
  const rows = await query<{ at: string }>(
    'select created_at::text as at from drizzle.__drizzle_migrations order by created_at, id',
  );
  return rows.map((row) => row.at);
}

export async function sequencePositions(
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
