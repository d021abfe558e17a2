import type { FastifyPluginAsync } from 'fastify';

/** Liveness and readiness for a process supervisor or a load balancer; outside /api and unauthenticated. */
export const healthRoutes: FastifyPluginAsync<{ pingDatabase: () => Promise<void> }> = async (
  app,
  { pingDatabase },
) => {
  const hide = { hide: true };
  app.get('/healthz', { schema: hide, config: { access: 'public' } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: hide, config: { access: 'public' } }, async (request, reply) => {
    try {
      await pingDatabase();
      return { status: 'ready', database: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'not ready', database: 'unreachable' });
    }
  });
};
