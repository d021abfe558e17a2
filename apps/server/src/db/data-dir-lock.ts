import { hostname } from 'node:os';
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Who is using a DATA_DIR's embedded database. PGlite is PostgreSQL compiled to run inside one process, without
 * PostgreSQL's own guard against a second one: two processes that open the same files (a server, and a backup,
 * restore or move started beside it) both write to them and ruin the database. So the server, and each of the
 * commands while it runs, keeps this small file in DATA_DIR, and the others refuse to start while it names a
 * process that is still alive.
 *
 * A file whose process is gone (the server was killed, the machine lost power) does not count: its pid is
 * checked on this machine. A file written on another host (another container sharing the folder) cannot be
 * checked from here; the commands refuse it and say how to remove it, the server takes it over with a warning,
 * so that a restaurant's server always starts again after a crash.
 */
export const LOCK_FILE = 'server.lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  /** What holds it: "server", "db:backup", "db:restore", "db:move". */
  what: string;
  since: string;
}

export interface Holder extends LockHolder {
  /** `running`: a live process on this machine; `unknown`: written on another host, so it cannot be checked. */
  status: 'running' | 'unknown';
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export const lockPath = (dataDir: string) => join(dataDir, LOCK_FILE);

function read(dataDir: string): LockHolder | null {
  let text: string;
  try {
    text = readFileSync(lockPath(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string') return null;
    return { pid: parsed.pid, hostname: parsed.hostname, what: parsed.what ?? 'server', since: parsed.since ?? '' };
  } catch {
    // Half-written by a process that died while writing it: it protects nothing.
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0); // Signal 0 only checks that the process exists.
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (a server run as a service account).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process that uses DATA_DIR now, other than this one; null when none does (or its file is stale). */
export function currentHolder(dataDir: string): Holder | null {
  const holder = read(dataDir);
  if (!holder) return null;
  if (holder.hostname !== hostname()) return { ...holder, status: 'unknown' };
  if (holder.pid === process.pid || !alive(holder.pid)) return null;
  return { ...holder, status: 'running' };
}

export function describeHolder(dataDir: string, holder: Holder): string {
  const who = holder.what === 'server' ? 'a Quán server' : `\`npm run ${holder.what}\``;
  const since = holder.since ? `, since ${holder.since}` : '';
  if (holder.status === 'running') {
    return `${dataDir} is in use by ${who} (process ${holder.pid}${since}): stop it first`;
  }
  return (
    `${dataDir} is in use by ${who} on another machine or container (${holder.hostname}, process ${holder.pid}` +
    `${since}), which cannot be checked from here: stop it first, or delete ${lockPath(dataDir)} if it is not running`
  );
}

/**
 * Marks DATA_DIR as used by this process, or throws DataDirInUseError naming who uses it. With
 * `takeOverUnknown`, a file from another host is replaced instead (the server's choice, see above). Returns the
 * release, which removes the file only while it is still this process's.
 */
export function claimDataDir(
  dataDir: string,
  what: string,
  options: { takeOverUnknown?: boolean } = {},
): { release: () => void; replaced: Holder | null } {
  const holder = currentHolder(dataDir);
  if (holder && (holder.status === 'running' || !options.takeOverUnknown)) {
    throw new DataDirInUseError(describeHolder(dataDir, holder));
  }
  const mine: LockHolder = { pid: process.pid, hostname: hostname(), what, since: new Date().toISOString() };
  // Replaces a stale file. Two processes that start within the same millisecond could both pass the check
  // above; the file narrows that window, it does not close it (the server and these commands are started by
  // a person, one at a time).
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lockPath(dataDir), `${JSON.stringify(mine)}\n`);
  let released = false;
  return {
    replaced: holder,
    release() {
      if (released) return;
      released = true;
      const now = read(dataDir);
      if (now && now.pid === mine.pid && now.hostname === mine.hostname) {
        try {
          unlinkSync(lockPath(dataDir));
        } catch {
          // Already gone (DATA_DIR removed): nothing to release.
        }
      }
    },
  };
}
