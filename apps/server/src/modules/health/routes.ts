import type { FastifyPluginAsync } from 'fastify';

/**
 * How long /readyz waits for the database before it answers 503: under a second, so that a balancer's
 * check (often given one or two seconds) hears "not ready" rather than nothing.
 */
export const READY_TIMEOUT_MS = 800;

/**
 * Liveness and readiness for a process supervisor or a load balancer; outside /api and unauthenticated.
 * /healthz: the process is up and serving (restart it if not). /readyz: send it traffic; 503 while it drains
 * for a shutdown (plugins/lifecycle.ts) or when the database does not answer within READY_TIMEOUT_MS.
 */
export const healthRoutes: FastifyPluginAsync<{ pingDatabase: () => Promise<void> }> = async (
  app,
  { pingDatabase },
) => {
  const hide = { hide: true };
  app.get('/healthz', { schema: hide, config: { access: 'public' } }, async () => ({ status: 'ok' }));

  // One ping at a time: while the database does not answer, checks share the ping in flight instead of piling
  // up a connection each. The ping itself ends within the pool's timeouts (db/client.ts), so that a new one
  // can find a database that answers again.
  let inFlight: Promise<void> | null = null;
  const ping = (): Promise<void> => {
    inFlight ??= pingDatabase().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  app.get('/readyz', { schema: hide, config: { access: 'public' } }, async (request, reply) => {
    if (app.lifecycle.draining) {
      return reply.status(503).send({ status: 'draining', database: 'not checked' });
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the database did not answer within ${READY_TIMEOUT_MS} ms`)),
        READY_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([ping(), timedOut]);
      return { status: 'ready', database: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'not ready', database: 'unreachable' });
    } finally {
      clearTimeout(timer);
    }
  });
};
