import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listBackups, writeBackup } from '../src/db/backup';
import { openEmbedded } from '../src/db/embedded';
import { describeMadePrivate, makePrivate } from '../src/lib/private-files';

/** DATA_DIR, and all the server writes in it, private to the server's user (lib/private-files.ts). */
const serverDir = resolve(import.meta.dirname, '..');
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quan-private-'));
  dirs.push(dir);
  return dir;
}

/** Every file and folder under `dir` (itself included) whose mode is not 0700 for a folder, 0600 for a file. */
function notPrivate(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) return;
    const wanted = stats.isDirectory() ? 0o700 : 0o600;
    if ((stats.mode & 0o777) !== wanted)
      found.push(`${relative(dir, path) || '.'} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  visit(dir);
  return found;
}

/** A DATA_DIR as an older version, or a copy by hand, leaves it: open to every user of the machine. */
function openDataDir(): { dataDir: string; outside: string } {
  const dataDir = tempDir();
  chmodSync(dataDir, 0o755);
  writeFileSync(join(dataDir, 'notes.txt'), 'the fridge code', { mode: 0o644 });
  // A link to a file elsewhere, which is not DATA_DIR's to change.
  const outside = join(tempDir(), 'shared.txt');
  writeFileSync(outside, 'not ours', { mode: 0o644 });
  chmodSync(outside, 0o644);
  symlinkSync(outside, join(dataDir, 'shared-link'));
  return { dataDir, outside };
}

describe('makePrivate', () => {
  it("takes the group's and others' permissions off a folder and all under it, without following links", () => {
    const { dataDir, outside } = openDataDir();
    mkdirSync(join(dataDir, 'pglite', 'base'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dataDir, 'pglite', 'base', '1259'), '', { mode: 0o666 });
    chmodSync(join(dataDir, 'pglite', 'base', '1259'), 0o666);
    writeFileSync(join(dataDir, 'jwt-secret'), 'secret', { mode: 0o600 });

    const made = makePrivate(dataDir);
    expect(made.fixed.sort()).toEqual(['.', 'notes.txt', 'pglite', 'pglite/base', 'pglite/base/1259']);
    expect(made.refused).toEqual([]);
    expect(notPrivate(dataDir)).toEqual([]);
    expect(statSync(outside).mode & 0o777).toBe(0o644);
    expect(describeMadePrivate(dataDir, made)).toBe(
      `Made ${dataDir} private to this server's user: 5 files and folders (., notes.txt, pglite, …) were open to other users of this machine`,
    );

    // Once private, nothing to say; a DATA_DIR not made yet has nothing to fix.
    expect(describeMadePrivate(dataDir, makePrivate(dataDir))).toBeNull();
    expect(makePrivate(join(dataDir, 'missing'))).toEqual({ fixed: [], refused: [] });
  });
});

describe('DATA_DIR of a running server', () => {
  it('is made private at start with a warning, stays so, and so does a backup by the command', async () => {
    const { dataDir, outside } = openDataDir();
    const webDist = tempDir();
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Quán</title>');
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      // The embedded database, whatever the suite runs on.
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_FORMAT: 'json',
      HTTPS: 'self-signed',
    };
    // src/main.ts as `npm run dev` runs it, in a process group of its own so that it can be killed on failure.
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => server.once('exit', done));
    try {
      await new Promise<void>((done, fail) => {
        const timer = setInterval(() => {
          if (!/Quán is serving on/.test(output)) return;
          clearInterval(timer);
          done();
        }, 50);
        void exited.then((code) => {
          clearInterval(timer);
          fail(new Error(`the server exited with ${code}:\n${output}`));
        });
      });
      expect(output).toContain(
        `Made ${dataDir} private to this server's user: 2 files and folders (., notes.txt) were open to other users of this machine`,
      );
      // What the server and PGlite wrote since (a new database, its catalog cache, the certificates, the lock)
      // is private too.
      expect(readdirSync(dataDir).sort()).toEqual([
        'jwt-secret',
        'notes.txt',
        'pglite',
        'server.lock',
        'shared-link',
        'tls',
      ]);
      expect(readdirSync(join(dataDir, 'pglite', 'global'))).toContain('pg_internal.init');
      expect(notPrivate(dataDir)).toEqual([]);
      server.kill('SIGTERM');
      expect(await exited, output).toBe(0);
    } finally {
      try {
        process.kill(-server.pid!, 'SIGKILL');
      } catch {
        // Already gone, as it should be.
      }
    }
    expect(notPrivate(dataDir)).toEqual([]);
    expect(statSync(outside).mode & 0o777).toBe(0o644);

    // `npm run db:backup`: nothing to fix before it, and its backup, and what PGlite wrote, private after it.
    const backup = spawnSync(process.execPath, ['--import', 'tsx', 'src/db/cli.ts', 'backup'], {
      cwd: serverDir,
      env,
      encoding: 'utf8',
    });
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).not.toContain('private to this server');
    expect(listBackups(dataDir)).toHaveLength(1);
    expect(notPrivate(dataDir)).toEqual([]);
  }, 180_000);

  it("writes a backup that only the server's user can read, whatever the umask", async () => {
    const dataDir = tempDir();
    const pg = await openEmbedded(join(dataDir, 'pglite'));
    try {
      const { file } = await writeBackup(pg, dataDir, 'manual');
      expect(statSync(join(dataDir, 'backups')).mode & 0o777).toBe(0o700);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      await pg.close();
    }
  }, 60_000);
});
