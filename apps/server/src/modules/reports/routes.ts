import { envelope } from '@quan/contract/common';
import {
  chainChartDataSchema,
  chainPrepTimesSchema,
  chainRevenueSchema,
  chartDataQuerySchema,
  chartDataSchema,
  optionSalesSchema,
  prepTimesQuerySchema,
  prepTimesSchema,
  revenueFiguresQuerySchema,
  revenueQuerySchema,
  revenueSchema,
  topDishesQuerySchema,
  topDishesSchema,
} from '@quan/contract/report';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import { wantsChain } from './chain-access';
import type { ReportsService } from './service';

/**
 * GET /api/order/revenue and /api/order/chart-data: the figures of those who may read reports, and
 * GET /api/order/top-dishes: today's best sellers for everyone who sees orders. All from completed orders only.
 * They share the `/api/order` prefix with the orders' routes: their static paths win over `/:id`.
 * Every figure is the session's branch's; revenue, charts and preparation times answer the whole chain with
 * `scope=chain` ('reports:chain'): a column per branch and their total.
 */
export const reportRoutes: FastifyPluginAsync<{ reports: ReportsService }> = async (fastify, { reports }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Reports'];

  app.get(
    '/revenue',
    {
      config: { access: 'reports:read' },
      schema: {
        tags,
        description:
          "The branch's figures of the range; with scope=chain (admins), each branch's and their total " +
          '(403 for a manager). With compare=previous, each also carries the figures it is compared with.',
        querystring: revenueFiguresQuerySchema,
        response: { 200: envelope(z.union([revenueSchema, chainRevenueSchema])) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(
        wantsChain(user, request.query.scope)
          ? await reports.chainRevenue(request.query)
          : await reports.revenue(user.branchId, request.query),
      );
    },
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
    async (request) => ok(await reports.optionSales(currentUser(request).branchId, request.query)),
  );

  app.get(
    '/prep-times',
    {
      config: { access: 'reports:read' },
      schema: {
        tags,
        description:
          'Average preparation time per station and per dish, over rounds sent in the range; with scope=chain ' +
          "(admins), each branch's and the chain's over all their lines (403 for a manager).",
        querystring: prepTimesQuerySchema,
        response: { 200: envelope(z.union([prepTimesSchema, chainPrepTimesSchema])) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(
        wantsChain(user, request.query.scope)
          ? await reports.chainPrepTimes(request.query)
          : await reports.prepTimes(user.branchId, request.query),
      );
    },
  );

  app.get(
    '/chart-data',
    {
      config: { access: 'reports:read' },
      schema: {
        tags,
        description: "The branch's last 30 days; with scope=chain (admins), each branch's and their sums.",
        querystring: chartDataQuerySchema,
        response: { 200: envelope(z.union([chartDataSchema, chainChartDataSchema])) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(
        wantsChain(user, request.query.scope) ? await reports.chainChartData() : await reports.chartData(user.branchId),
      );
    },
  );

  app.get(
    '/top-dishes',
    {
      config: { access: 'orders:read' },
      schema: { tags, querystring: topDishesQuerySchema, response: { 200: envelope(topDishesSchema) } },
    },
    async (request) => ok(await reports.topDishes(currentUser(request).branchId, request.query)),
  );
};
