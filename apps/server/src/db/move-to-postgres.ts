import pg from 'pg';
import { DATABASE_TIMEOUT_DEFAULTS } from '../config';
import { backupBeforeMigrations, type Backup } from './backup';
import { openDatabase } from './client';
import { claimDataDir } from './data-dir-lock';
import { assertEmbeddedDatabase, embeddedClientOf } from './embedded';
import { onTarget } from './move-catalog';
import { refuseUnlessEmpty } from './move-checks';
import { copyAll } from './move-copy';

/**
 * `npm run db:move -- --to postgres://…`: copies DATA_DIR's embedded database into an empty PostgreSQL
 * database, so that the restaurant can go on as a chain on DATABASE_URL with everything it had.
 *
 * 1. DATA_DIR is claimed (refused while the server runs: it would go on writing to the copy's source).
 * 2. The target is checked to be empty (move-checks.ts) before anything is written anywhere.
 * 3. The embedded database gets the migrations the server would apply at its next start (backed up first if
 *    there are any), and the target the same ones, through db/client.ts as a server would: both then have the
 *    same tables, and the target's migration record says so, so the server starts on it without migrating.
 * 4. One transaction on the target copies every table of the `public` schema, parents before children, in
 *    batches of parameterised inserts, from one snapshot of the source; sets every sequence (order and shift
 *    numbers) where the source's stands; then counts the rows and sums the money columns on both sides and
 *    commits only if they agree. A failure anywhere leaves the target as it was (its migrations aside).
 *    The copy is move-copy.ts, its checks move-checks.ts, what both read of the catalogs move-catalog.ts.
 */

export interface MoveReport {
  tables: { table: string; rows: number }[];
  sequences: { sequence: string; value: string | null }[];
  /** Each money column's sum on the source and on the target (equal, or the move would have failed). */
  sums: { column: string; source: string; target: string }[];
  /** The backup taken because the embedded database had migrations to apply first; null when it had none. */
  backup: Backup | null;
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
      await refuseUnlessEmpty(onTarget(target));

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
