import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus text at /metrics: request counts and durations by route pattern and status, plus the
 * process metrics. A registry per app keeps test instances from sharing counters.
 */
export function registerMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds by method, route pattern and status code',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL, so ids and query strings do not explode the label set.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
