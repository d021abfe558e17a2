import { envelope } from '@quan/contract/common';
import {
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
import { ok } from '../../lib/reply';
import { chooseEncoding } from '../../plugins/web';
import type { OrdersService } from '../orders/service';
import type { TablesService } from '../tables/service';
import type { PublicMenuCache, SerializedMenu } from './service';

/** Pages diners use without an account. */
export const publicRoutes: FastifyPluginAsync<{
  publicMenu: PublicMenuCache;
  tables: TablesService;
  orders: OrdersService;
}> = async (fastify, { publicMenu, tables, orders }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Public'];
  const config = { access: 'public' as const };

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
      const menu = publicMenu.current();
      if (!menu) return publicMenu.get().then((built) => sendMenu(request, reply, built));
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
    async (request) => ok(await tables.publicTable(request.params.tableNo, request.query.key)),
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
