import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import {
  foreignKeys,
  ident,
  onSource,
  onTarget,
  sequencePositions,
  type ForeignKey,
  type TableShape,
} from './move-catalog';
import { checkCopy, compareSchemas, refuseUnlessEmpty, seededTables } from './move-checks';
import type { MoveReport } from './move-to-postgres';

// The copy of db:move (move-to-postgres.ts): every table in one transaction on the target, parents before
// children, from one snapshot of the source, checked (move-checks.ts) before the commit.

/** Rows per insert (and per fetch from the source), fewer for wide tables: PostgreSQL takes 65535 parameters. */
const BATCH_ROWS = 1000;
const MAX_PARAMETERS = 65_535;

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

export async function copyAll(
  source: PGlite,
  target: pg.Client,
  log: (line: string) => void,
): Promise<Omit<MoveReport, 'backup'>> {
  const to = onTarget(target);
  // One snapshot of the source for the copy and its checks (nothing else writes to it: DATA_DIR is ours).
  return source.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    const from = onSource(tx);

    const { tables, targetShapes, sequences } = await compareSchemas(from, to);

    await target.query('begin');
    try {
      // Checked again inside the transaction: another move may have filled it since.
      await refuseUnlessEmpty(to);

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

      const sums = await checkCopy(from, to, copied, { names: sequences, positions });
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
