import { chmodSync, lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds the database (password hashes, orders, customers), its backups, the token secret and the
 * keys of the local certificate authority: no other account of the machine may read or write any of it.
 * The server and the commands set the umask to 0o077 at start, so that what they write themselves is
 * private; but PGlite sets the modes of its own files whatever the umask (0o666 for a new database's files,
 * 0o644 for the catalog cache it writes each time it opens one), and a DATA_DIR made by an older version, or
 * copied in by hand, may be open to others. So `makePrivate` walks DATA_DIR before a process uses it, and
 * again once the database has been opened.
 */

export interface MadePrivate {
  /** Files and folders that other users could read, write or enter, now the owner's alone; relative paths. */
  fixed: string[];
  /** Those this user may not change or look into, since another user owns them. */
  refused: string[];
}

/**
 * Takes every permission of the group and of others off `dir` and everything under it, leaving the owner's.
 * Symbolic links are not followed (chmod would change what they point to, which may be outside); `dir`
 * itself may be one, as the operator's DATA_DIR may. A missing `dir` has nothing to fix.
 */
export function makePrivate(dir: string): MadePrivate {
  const made: MadePrivate = { fixed: [], refused: [] };
  const visit = (path: string, name: string, stats: Stats) => {
    if (stats.isSymbolicLink()) return;
    try {
      if ((stats.mode & 0o077) !== 0) {
        chmodSync(path, stats.mode & 0o700);
        made.fixed.push(name);
      }
      if (!stats.isDirectory()) return;
      for (const entry of readdirSync(path)) {
        const child = join(path, entry);
        const childStats = statOrNull(child, false);
        if (childStats) visit(child, name === '.' ? entry : join(name, entry), childStats);
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EPERM' && code !== 'EACCES') throw error;
      made.refused.push(name);
    }
  };
  const stats = statOrNull(dir, true);
  if (stats) visit(dir, '.', stats);
  return made;
}

/** A few of many paths, for one line of the log. */
const some = (paths: string[]) => `${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', …' : ''}`;

/** The warning for what `makePrivate` found open to other users; null when there was nothing. */
export function describeMadePrivate(dir: string, made: MadePrivate): string | null {
  const lines: string[] = [];
  if (made.fixed.length > 0) {
    lines.push(
      `Made ${dir} private to this server's user: ${made.fixed.length} files and folders (${some(made.fixed)}) were open to other users of this machine`,
    );
  }
  if (made.refused.length > 0) {
    lines.push(
      `${made.refused.length} files and folders in ${dir} (${some(made.refused)}) belong to another user, so this server cannot make them private: give them to its user (chown)`,
    );
  }
  return lines.length > 0 ? lines.join('; ') : null;
}

/** Null for a file deleted in the meantime (a temporary one), which is no longer anyone's concern. */
function statOrNull(path: string, follow: boolean): Stats | null {
  try {
    return follow ? statSync(path) : lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
