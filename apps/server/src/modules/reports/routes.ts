import { envelope } from '@quan/contract/common';
import {
  chartDataSchema,
  optionSalesSchema,
  prepTimesSchema,
  revenueFiguresQuerySchema,
  revenueQuerySchema,
  revenueSchema,
  topDishesQuerySchema,
  topDishesSchema,
} from '@quan/contract/report';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import type { ReportsService } from './service';

/**
 * GET /api/order/revenue and /api/order/chart-data: the figures of those who may read reports, and
 * GET /api/order/top-dishes: today's best sellers for everyone who sees orders. All from completed orders only.
 * They share the `/api/order` prefix with the orders' routes: their static paths win over `/:id`.
 */
export const reportRoutes: FastifyPluginAsync<{ reports: ReportsService }> = async (fastify, { reports }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Reports'];

  app.get(
    '/revenue',
    {
      config: { access: 'reports:read' },
      schema: { tags, querystring: revenueFiguresQuerySchema, response: { 200: envelope(revenueSchema) } },
    },
    async (request) => ok(await reports.revenue(request.query)),
  );

  app.get(
    '/option-sales',
    {
      config: { access: 'reports:read' },
      schema: {
        tags,
        description: 'Portions and revenue of each option sold, over completed orders of the range.',
        querystring: revenueQuerySchema,
        response: { 200: envelope(optionSalesSchema) },
      },
    },
    async (request) => ok(await reports.optionSales(request.query)),
  );

  app.get(
    '/prep-times',
    {
      config: { access: 'reports:read' },
      schema: {
        tags,
        description: 'Average preparation time per station and per dish, over rounds sent in the range.',
        querystring: revenueQuerySchema,
        response: { 200: envelope(prepTimesSchema) },
      },
    },
    async (request) => ok(await reports.prepTimes(request.query)),
  );

  app.get(
    '/chart-data',
    { config: { access: 'reports:read' }, schema: { tags, response: { 200: envelope(chartDataSchema) } } },
    async () => ok(await reports.chartData()),
  );

  app.get(
    '/top-dishes',
    {
      config: { access: 'orders:read' },
      schema: { tags, querystring: topDishesQuerySchema, response: { 200: envelope(topDishesSchema) } },
    },
    async (request) => ok(await reports.topDishes(request.query)),
  );
};
