import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// The generator writes with raw set-based SQL; these are its small helpers for it.

/** Rows of a raw query; both drivers (node-postgres and PGlite) answer with `{ rows }`. */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A PostgreSQL array literal ('{a,b}'), bound as one text parameter and cast in the query. */
export const pgArray = (values: readonly (string | number | null)[]) =>
  `{${values.map((v) => JSON.stringify(v)).join(',')}}`;
