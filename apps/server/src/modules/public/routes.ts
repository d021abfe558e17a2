import { envelope } from '@quan/contract/common';
import { idempotencyKeySchema } from '@quan/contract/order';
import {
  dinerOrderBodySchema,
  dinerOrderResultSchema,
  publicMenuSchema,
  publicOrderParamsSchema,
  publicOrderQuerySchema,
  publicOrderSchema,
  publicTableParamsSchema,
  publicTableQuerySchema,
  publicTableSchema,
} from '@quan/contract/public';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { forbidden } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { dinerOrderLimit } from '../../plugins/rate-limit';
import { chooseEncoding } from '../../plugins/web';
import type { OrdersService } from '../orders/service';
import type { TablesService } from '../tables/service';
import { branchSlugParamsSchema, type DinerBranches } from './diner-branch';
import type { PublicMenuCache, SerializedMenu } from './service';

/**
 * Pages diners use without an account. The original calls (/api/public-menu, /api/public/tables/{n}) are the
 * first branch's, as every QR code printed before there were branches expects; /api/public/b/{slug}/… are the
 * named branch's (404 BRANCH_LINK_UNKNOWN naming a slug the restaurant does not have).
 */
export const publicRoutes: FastifyPluginAsync<{
  publicMenu: PublicMenuCache;
  dinerBranches: DinerBranches;
  tables: TablesService;
  orders: OrdersService;
  config: Config;
}> = async (fastify, { publicMenu, dinerBranches, tables, orders, config: appConfig }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Public'];
  const config = { access: 'public' as const };
  const limitDinerOrders = dinerOrderLimit(fastify, appConfig.rateLimit);

  const sendMenu = (request: FastifyRequest, reply: FastifyReply, { body, etag, compressed }: SerializedMenu) => {
    // Short: phones revalidate often, and a 304 costs almost nothing.
    reply.header('etag', etag).header('cache-control', 'public, max-age=10, must-revalidate');
    reply.header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    const encoding = chooseEncoding(request.headers['accept-encoding'], compressed);
    if (!encoding) return reply.send(body);
    return reply.header('content-encoding', encoding).send(compressed[encoding]);
  };
  // Registered untyped: it sends the cached bytes as they are (Fastify does not serialise a Buffer), and
  // the schema stays for the API docs. Not an async function: once the menu is built, it answers without
  // a promise, the cheapest path a route has.
  fastify.get(
    '/public-menu',
    { config, schema: { tags, response: { 200: envelope(publicMenuSchema), 304: z.null() } } },
    (request, reply) => {
      const firstId = dinerBranches.peekFirstId();
      const menu = firstId ? publicMenu.current(firstId) : null;
      if (!menu) {
        return dinerBranches
          .first()
          .then((first) => publicMenu.get(first.id))
          .then((built) => sendMenu(request, reply, built));
      }
      sendMenu(request, reply, menu);
    },
  );

  fastify.get<{ Params: { slug: string } }>(
    '/public/b/:slug/menu',
    {
      config,
      schema: {
        tags,
        description: "A branch's public menu: its prices, without the dishes it does not sell.",
        params: branchSlugParamsSchema,
        response: { 200: envelope(publicMenuSchema), 304: z.null() },
      },
    },
    // As /public-menu: without a promise once the branch's menu is built.
    (request, reply) => {
      const branchId = dinerBranches.peekIdOf(request.params.slug);
      const menu = branchId ? publicMenu.current(branchId) : null;
      if (!menu) {
        return dinerBranches
          .bySlug(request.params.slug)
          .then((branch) => publicMenu.get(branch.id))
          .then((built) => sendMenu(request, reply, built));
      }
      sendMenu(request, reply, menu);
    },
  );

  app.get(
    '/public/tables/:tableNo',
    {
      config,
      schema: {
        tags,
        params: publicTableParamsSchema,
        querystring: publicTableQuerySchema,
        response: { 200: envelope(publicTableSchema) },
      },
    },
    async (request) => {
      const branch = await dinerBranches.first();
      return ok(await tables.publicTable(branch.id, request.params.tableNo, request.query.key));
    },
  );

  app.get(
    '/public/b/:slug/tables/:tableNo',
    {
      config,
      schema: {
        tags,
        description: "A table of the branch, as a diner's phone may know it.",
        params: publicTableParamsSchema.extend(branchSlugParamsSchema.shape),
        querystring: publicTableQuerySchema,
        response: { 200: envelope(publicTableSchema) },
      },
    },
    async (request) => {
      const branch = await dinerBranches.bySlug(request.params.slug);
      return ok(await tables.publicTable(branch.id, request.params.tableNo, request.query.key));
    },
  );

  app.post(
    '/public/b/:slug/orders',
    {
      config,
      // A phone without the table's key is told to scan the code, before any field is checked.
      preValidation: async (request) => {
        const tableKey = (request.body as { tableKey?: unknown } | null)?.tableKey;
        if (typeof tableKey !== 'string' || tableKey === '')
          throw forbidden('Scan the QR code on your table to order').because('TABLE_KEY_INVALID');
      },
      schema: {
        tags,
        description:
          "A diner's order from a table of the branch (the table page of /b/{slug}/table/{n}), as POST /api/order " +
          "without a token is for the first branch's tables: the dishes wait for the staff of that branch.",
        params: branchSlugParamsSchema,
        headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
        body: dinerOrderBodySchema,
        response: { 200: envelope(dinerOrderResultSchema), 201: envelope(dinerOrderResultSchema) },
      },
    },
    async (request, reply) => {
      const branch = await dinerBranches.bySlug(request.params.slug);
      await limitDinerOrders(request, reply, branch.id, request.body.tableNo);
      const { order, replayed } = await orders.placeDinerOrder(
        branch.id,
        request.body,
        request.headers['idempotency-key'],
      );
      const message = replayed
        ? `Order ${order.orderNo} was already sent`
        : `Order ${order.orderNo} sent to the kitchen`;
      return reply.status(replayed ? 200 : 201).send(ok(order, message));
    },
  );

  app.get(
    '/public/orders/:id',
    {
      config,
      schema: {
        tags,
        params: publicOrderParamsSchema,
        querystring: publicOrderQuerySchema,
        response: { 200: envelope(publicOrderSchema) },
      },
    },
    async (request) => ok(await orders.getForDiner(request.params.id, request.query.token)),
  );
};
