import { getTableName, type Column } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsDir } from '../lib/server-root';
import {
  appliedMigrations,
  ident,
  publicTables,
  sequenceNames,
  sequencePositions,
  tableShapes,
  type Query,
  type TableShape,
} from './move-catalog';
import type { MoveReport } from './move-to-postgres';
import * as schema from './schema/index';

// What db:move checks (move-to-postgres.ts): that the target is empty before anything is written, that both
// databases have the same tables before the copy, and that the copy matches its source before the commit.

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
  schema.orderPayments.rounding,
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

/** Refuses a target that is not empty (TargetNotEmptyError). */
export async function refuseUnlessEmpty(query: Query): Promise<void> {
  const refusal = await whyNotEmpty(query);
  if (refusal) throw new TargetNotEmptyError(notEmpty(refusal));
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

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * Before the copy: both databases have the same migrations, every table the same columns, and the target
 * every sequence of the source. Answers what the copy needs of them: the tables, their shapes on the target
 * and the sequences; throws (nothing copied) otherwise.
 */
export async function compareSchemas(
  from: Query,
  to: Query,
): Promise<{ tables: string[]; targetShapes: Map<string, TableShape>; sequences: string[] }> {
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
      throw new Error(`Table ${table} has other columns on the target (${b.join(', ') || 'none'}); nothing was copied`);
    }
  }
  const sequences = await sequenceNames(from);
  const targetSequences = new Set(await sequenceNames(to));
  const missing = sequences.filter((name) => !targetSequences.has(name));
  if (missing.length > 0) {
    throw new Error(`The target lacks the sequence(s) ${missing.join(', ')}; nothing was copied`);
  }
  return { tables, targetShapes, sequences };
}

/**
 * After the copy, before the commit (on a difference nothing is kept): the rows of every table, where every
 * sequence stands and the sum of every money column, on both sides. Answers the sums for the report.
 */
export async function checkCopy(
  from: Query,
  to: Query,
  copied: MoveReport['tables'],
  sequences: { names: string[]; positions: Map<string, { last: string; called: boolean }> },
): Promise<MoveReport['sums']> {
  const problems: string[] = [];
  for (const { table, rows } of copied) {
    const [there, here] = [await count(from, table), await count(to, table)];
    if (there !== here || rows !== there) problems.push(`${table}: ${there} rows, ${here} on the target`);
  }
  const after = await sequencePositions(to, sequences.names);
  for (const [name, position] of sequences.positions) {
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
    if (sum.source !== sum.target) problems.push(`sum of ${sum.column}: ${sum.source}, ${sum.target} on the target`);
  }
  if (problems.length > 0) {
    throw new Error(`The copy does not match its source, nothing was kept:\n  ${problems.join('\n  ')}`);
  }
  return sums;
}
