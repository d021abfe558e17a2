import type { FastifyInstance } from 'fastify';

/**
 * Stopping without dropping a request (main.ts calls `shutdown` on SIGTERM and SIGINT):
 *
 * 1. Drain (`drainMs`): /readyz answers 503 at once so that balancers send new requests elsewhere, while this
 *    instance still serves what reaches it, every response with `Connection: close` so that keep-alive clients
 *    open their next connection to another instance.
 * 2. Stop (preClose hooks, then Fastify closes the server): no new connections; the idle ones are closed;
 *    sockets are told to reconnect (plugins/realtime.ts); requests still running finish, within `graceMs`,
 *    after which their connections are cut.
 * 3. Close (onClose hooks): the database, the event bus and the rate limits' Redis.
 *
 * Why not Fastify's close alone: Node closes the connections that are idle at the moment the server closes,
 * once. A keep-alive connection whose request was still running then gets its response with
 * `Connection: keep-alive` (Fastify only refuses the requests that arrive after closing began) and stays open
 * until the client leaves or the keep-alive timeout ends (72 s), and the server's close waits for it.
 */
export interface Lifecycle {
  /** True from the start of a shutdown: /readyz answers 503 and every response closes its connection. */
  readonly draining: boolean;
  /** Drains, stops and closes the app as above; every call returns the first call's promise. */
  shutdown(reason: string): Promise<void>;
  /** Ends the drain now, if one is running (a second signal: the operator does not want to wait). */
  endDrain(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Draining and stopping (plugins/lifecycle.ts). */
    lifecycle: Lifecycle;
  }
}

/** How often, while the server closes, connections that became idle since are closed too. */
const IDLE_SWEEP_MS = 100;

/** Registers the hooks on the root instance (before the routes, so that they apply to every one). */
export function registerLifecycle(app: FastifyInstance, options: { drainMs: number; graceMs: number }): Lifecycle {
  let draining = false;
  let closing = false;
  let endDrain: () => void = () => undefined;
  let stopped: Promise<void> | null = null;

  // A callback hook: it runs on every response.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining || closing) reply.header('connection', 'close');
    done(null, payload);
  });

  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = true;
    // Fastify closes the server right after the preClose hooks. A response that finishes after that closes
    // its connection (above); this catches the rest, such as a response written outside Fastify's hooks.
    if (app.server.listening) {
      sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      sweep.unref();
    }
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    done();
  });

  async function run(reason: string): Promise<void> {
    draining = true;
    if (options.drainMs > 0) {
      app.log.info(
        `${reason}: draining for ${options.drainMs} ms (/readyz answers 503, every response closes its connection), then stopping`,
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.drainMs);
        endDrain = () => {
          clearTimeout(timer);
          app.log.info('drain ended early');
          resolve();
        };
      });
      endDrain = () => undefined;
    }
    app.log.info(
      `${options.drainMs > 0 ? 'Drained' : reason}: stopping (no new connections; requests still running get ${options.graceMs} ms)`,
    );
    const cut = setTimeout(() => {
      app.log.warn(`requests still running after ${options.graceMs} ms: closing their connections`);
      app.server.closeAllConnections();
    }, options.graceMs);
    try {
      await app.close();
    } finally {
      clearTimeout(cut);
    }
    app.log.info('stopped: connections, sockets, database and Redis closed');
  }

  const lifecycle: Lifecycle = {
    get draining() {
      return draining;
    },
    shutdown(reason) {
      stopped ??= run(reason);
      return stopped;
    },
    endDrain: () => endDrain(),
  };
  app.decorate('lifecycle', lifecycle);
  return lifecycle;
}
