import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

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
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  // A callback hook, not an async one: it runs on every response, and a promise each costs more than the work.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      // The route pattern, never the raw URL, so ids and query strings do not explode the label set.
      route: request.routeOptions.url ?? 'unmatched',
      status_code: reply.statusCode,
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
