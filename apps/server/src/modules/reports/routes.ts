import { envelope } from '@quan/contract/common';
import { chartDataSchema, revenueQuerySchema, revenueSchema } from '@quan/contract/report';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import type { ReportsService } from './service';

const managers = ['manager', 'admin'] as const;

/** GET /api/order/revenue and /api/order/chart-data: managers' figures, from completed orders only. */
export const reportRoutes: FastifyPluginAsync<{ reports: ReportsService }> = async (fastify, { reports }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Reports'];

  app.get(
    '/revenue',
    {
      config: { access: managers },
      schema: { tags, querystring: revenueQuerySchema, response: { 200: envelope(revenueSchema) } },
    },
    async (request) => ok(await reports.revenue(request.query)),
  );

  app.get(
    '/chart-data',
    { config: { access: managers }, schema: { tags, response: { 200: envelope(chartDataSchema) } } },
    async () => ok(await reports.chartData()),
  );
};
