import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../../..');
// The built server, unless SERVER_ENTRY names another bundle of it (one built elsewhere, while this checkout's
// server is half edited).
const serverEntry = resolve(repoRoot, process.env.SERVER_ENTRY || 'apps/server/dist/main.js');
// The server serves apps/web/dist unless WEB_DIST_DIR names another build (the server reads it too), e.g.
// `npx vite build --outDir /tmp/web-dist` then `WEB_DIST_DIR=/tmp/web-dist npx vitest run --project e2e`.
const webIndex = join(resolve(repoRoot, process.env.WEB_DIST_DIR || 'apps/web/dist'), 'index.html');

export interface RunningServer {
  url: string;
  /** Kills the server at once (SIGKILL), as a power cut would; its data stays for `restart`. */
  crash(): Promise<void>;
  /** Starts it again on the same port and data, after `crash`. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The address a starting server (or `npm run serve`) says it serves on, read from its output; rejects if it exits
 * first or takes longer than 90 s (generous: a busy two-core machine builds the embedded database slowly), and
 * then kills it.
 */
export function servingUrl(child: ChildProcess): Promise<string> {
  let output = '';
  return new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 90 s:\n${output}`));
    }, 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving on (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** Spawns the built server and resolves with the child and the address it says it is serving on. */
async function spawnServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      // The journeys read the staff screens in English unless one says otherwise (a new restaurant speaks
      // Vietnamese).
      RESTAURANT_LANGUAGE: 'en',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await servingUrl(child);
  return { child, url };
}

async function killed(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill(signal);
  await exited;
}

/**
 * Starts the built server as a person would (`node apps/server/dist/main.js`) on a free port with a
 * fresh data dir, and resolves once it says where it is serving.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(serverEntry) || !existsSync(webIndex)) {
    throw new Error('The app is not built: run "npm run build" (npm test does it first)');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'quan-e2e-'));
  let running: { child: ChildProcess; url: string };
  try {
    running = await spawnServer({ PORT: '0', DATA_DIR: dataDir, ...env });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { url } = running;
  return {
    url,
    crash: () => killed(running.child, 'SIGKILL'),
    async restart() {
      // The port it had is free again at once after a kill, unless another process took it as its own in the
      // meantime (a busy machine hands out ports fast): wait and try again, up to 30 s.
      for (let attempt = 1; ; attempt++) {
        try {
          running = await spawnServer({ PORT: new URL(url).port, DATA_DIR: dataDir, ...env });
          return;
        } catch (error) {
          if (attempt === 30 || !String(error).includes('EADDRINUSE')) throw error;
          await new Promise((resume) => setTimeout(resume, 1000));
        }
      }
    },
    async stop() {
      await killed(running.child, 'SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
