import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { servingUrl } from './server';

const repoRoot = resolve(import.meta.dirname, '../../..');

describe('stopping the server started through npm', () => {
  it('SIGTERM to `npm run serve` reaches the server, which closes and exits', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quan-e2e-serve-'));
    // A process group of its own, so that whatever is left can be killed at the end, also on failure.
    const npm = spawn('npm', ['run', '--silent', 'serve'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    try {
      const url = await servingUrl(npm);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);

      const exited = new Promise<number | null>((done) => npm.once('exit', (code) => done(code)));
      npm.kill('SIGTERM');
      expect(await exited).toBe(0);
      // Nothing serves there any more: the server itself stopped, not only npm.
      await expect(fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) })).rejects.toThrow();
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // Already gone, as it should be.
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
