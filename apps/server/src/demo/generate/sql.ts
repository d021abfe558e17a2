import { sql, type SQL } from 'drizzle-orm';
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

/**
 * The VAT and total of `computeBill` (packages/contract/src/bill.ts) for a bill without service charge, in SQL
 * over whole VND and basis points: the VAT a price holding it contains (`taxContained`), or the VAT added on top
 * (`percentOf`), each rounded half up. `afterDiscount` is the subtotal less the discount.
 */
export function billSql(afterDiscount: SQL, taxRate: SQL, pricesIncludeTax: SQL): { tax: SQL; total: SQL } {
  const basisPoints = sql`round((${taxRate})::numeric * 100)::bigint`;
  const tax = sql`(case when ${pricesIncludeTax}
    then (2 * (${afterDiscount})::bigint * ${basisPoints} + 10000 + ${basisPoints}) / (2 * (10000 + ${basisPoints}))
    else ((${afterDiscount})::bigint * ${basisPoints} + 5000) / 10000 end)::int`;
  return { tax, total: sql`((${afterDiscount}) + case when ${pricesIncludeTax} then 0 else ${tax} end)::int` };
}
