/**
 * The scratch PostgreSQL databases the benchmarks create on a server and drop at the end (also on Ctrl-C), so
 * that nothing of a run is left behind and no run sees another's rows.
 */
import pg from 'pg';

/** Connects to `url` once; returns the server version, or why it could not. */
export async function probePostgres(url: string): Promise<{ version: string } | { error: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    // "15.20 (Debian 15.20-0+deb12u1)" → "15.20"
    return { version: rows[0]?.server_version.split(' ')[0] ?? 'unknown' };
  } catch (error) {
    return { error: error instanceof Error ? error.message || error.name : String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs one statement on its own connection to `url` (create or drop a database: no transaction around it). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Drops the scratch database `name` on the server at `url`. The app's pool.end() resolves before its sockets
 * have closed, and the pool has no 'error' listener, so `with (force)` right away can terminate a closing
 * connection and crash this process with an unhandled 'error' event. A plain DROP waits (up to 5 s) for those
 * sessions to end; force is the fallback for when closing the app failed and its connections are still open.
 */
export async function dropScratchDatabase(url: string, name: string): Promise<void> {
  try {
    await adminQuery(url, `drop database if exists "${name}"`);
  } catch {
    await adminQuery(url, `drop database if exists "${name}" with (force)`);
  }
}
