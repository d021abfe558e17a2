import type { Server } from 'node:http';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { prepareEmbeddedStart, type EmbeddedStart } from './db/backup';
import { DataDirInUseError } from './db/data-dir-lock';
import { closeHttpRedirect, listenHttpRedirect } from './lib/http-redirect';
import { describeMadePrivate, makePrivate } from './lib/private-files';

/** Beyond the drain and the grace for running requests, what closing the database and Redis may take. */
const HARD_STOP_MARGIN_MS = 5_000;

async function main(): Promise<void> {
  // What the server writes in DATA_DIR (the lock, the token secret, certificates, backups) is its user's alone.
  process.umask(0o077);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Before anything opens DATA_DIR: what an older version, or a copy by hand, left open to other users (logged
  // once there is a log).
  const wasOpen = config.dataDir ? describeMadePrivate(config.dataDir, makePrivate(config.dataDir)) : null;

  // The embedded database is one process's: claim DATA_DIR (released when the process exits) and back the
  // database up if migrations are about to change it (db/backup.ts).
  let embedded: EmbeddedStart | null = null;
  if (config.database.driver === 'pglite' && config.database.dataDir) {
    try {
      embedded = await prepareEmbeddedStart(config.database.dataDir, config.backups);
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
    process.on('exit', embedded.release);
  }

  const app = await buildApp(config);
  // Again now that PGlite has opened the database: it sets the modes of its own files (lib/private-files.ts).
  if (config.dataDir) makePrivate(config.dataDir);
  if (wasOpen) app.log.warn(wasOpen);
  embedded?.started(app);
  const address = await app.listen({ host: config.host, port: config.port });
  const port = Number(new URL(address).port);
  // The e2e harness reads this line's URL: keep its shape.
  const localUrl = `${config.https ? 'https' : 'http'}://localhost:${port}`;
  app.log.info(
    `Quán is serving on ${localUrl} (database: ${config.database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}${config.redis ? ', Redis adapter on' : ''})`,
  );
  if (app.localAuthority) {
    // What staff compare on a tablet before trusting it; the key is never logged.
    app.log.info(
      `HTTPS with this server's own certificate authority, for tablets to trust once: ${app.localAuthority.file ?? 'kept in memory only'} (a tablet downloads it at /api/tls/ca.crt), SHA-256 fingerprint ${app.localAuthority.fingerprint256}`,
    );
  }
  let redirect: Server | null = null;
  if (config.https && config.httpRedirectPort !== null) {
    redirect = await listenHttpRedirect({ host: config.host, port: config.httpRedirectPort, httpsPort: port });
    app.log.info(`Plain HTTP on port ${config.httpRedirectPort} redirects to HTTPS on port ${port}`);
  }
  if (config.database.driver === 'postgres' && !config.jwt.secret) {
    app.log.warn('JWT_SECRET is not set: every instance must share one for sessions to work across a chain');
  }
  if (!(await app.services.users.hasAccounts())) {
    const firstStep = `No accounts yet: open ${localUrl}/auth and register; the first account becomes the admin`;
    app.log.warn(firstStep);
    // The one thing a new install must do next stands out at a terminal, apart from the log lines.
    if (process.stdout.isTTY) process.stdout.write(`\n  \u001b[1;33m→ ${firstStep}\u001b[0m\n\n`);
  }

  // Drain, stop, close (plugins/lifecycle.ts), then exit 0. A second signal ends the drain early; the hard stop
  // is the last resort for a close that hangs.
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.lifecycle.endDrain();
      return;
    }
    stopping = true;
    const { drainMs, graceMs } = config.shutdown;
    const budgetMs = drainMs + graceMs + HARD_STOP_MARGIN_MS;
    const hardStop = setTimeout(() => {
      app.log.error(
        `Shutdown did not finish within ${budgetMs} ms (drain ${drainMs} + grace ${graceMs} + ${HARD_STOP_MARGIN_MS} to close the database and Redis); exiting`,
      );
      process.exit(1);
    }, budgetMs);
    hardStop.unref();
    try {
      await app.lifecycle.shutdown(`${signal} received`);
      // Up until now, so that a tablet given http:// finds its way during the drain too.
      if (redirect) await closeHttpRedirect(redirect);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));
}

main().catch((error: unknown) => {
  console.error('Quán failed to start:', error);
  process.exit(1);
});
