import { envelope, idParamsSchema } from '@quan/contract/common';
import {
  createOrderBodySchema,
  idempotencyKeySchema,
  listOrdersQuerySchema,
  orderSchema,
  updateOrderBodySchema,
} from '@quan/contract/order';
import { dinerOrderBodySchema, dinerOrderResultSchema } from '@quan/contract/public';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { forbidden } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import { parseRequestBody } from '../../plugins/errors';
import { dinerOrderLimit } from '../../plugins/rate-limit';
import type { OrdersService } from './service';

export const orderRoutes: FastifyPluginAsync<{ orders: OrdersService; config: Config }> = async (
  fastify,
  { orders, config },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Orders'];
  const limitDinerOrders = dinerOrderLimit(fastify, config.rateLimit);

  // Staff (signed in) send a POS order; a diner's phone (no token) sends a table order with the table's
  // QR key. The body's schema depends on which, so the handler validates it.
  app.post(
    '/',
    {
      config: { access: 'optional' },
      schema: {
        tags,
        description:
          'Signed in: a staff order (createOrderBody). Without a token: a diner order from the table page ' +
          '(dinerOrderBody: tableNo, tableKey, customerDetails?, items, note?), answered with a trackingToken.',
        headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
        response: {
          200: envelope(z.union([orderSchema, dinerOrderResultSchema])),
          201: envelope(z.union([orderSchema, dinerOrderResultSchema])),
        },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (!request.auth) {
        const tableKey = (request.body as { tableKey?: unknown } | null)?.tableKey;
        if (typeof tableKey !== 'string' || tableKey === '') throw forbidden('Scan the QR code on your table to order');
        const body = parseRequestBody(dinerOrderBodySchema, request.body);
        await limitDinerOrders(request, reply, body.tableNo);
        const { order, replayed } = await orders.createForDiner(body, key);
        const message = replayed
          ? `Order ${order.orderNo} was already sent`
          : `Order ${order.orderNo} sent to the kitchen`;
        return reply.status(replayed ? 200 : 201).send(ok(order, message));
      }
      const body = parseRequestBody(createOrderBodySchema, request.body);
      const { order, replayed } = await orders.create(currentUser(request), body, key);
      if (replayed) {
        return reply
          .status(200)
          .header('idempotent-replayed', 'true')
          .send(ok(order, `Order ${order.orderNo} was already placed`));
      }
      return reply.status(201).send(ok(order, `Order ${order.orderNo} placed`));
    },
  );

  app.get(
    '/',
    { schema: { tags, querystring: listOrdersQuerySchema, response: { 200: envelope(z.array(orderSchema)) } } },
    async (request) => {
      const { orders: page, pagination } = await orders.list(request.query);
      return { ...ok(page), pagination };
    },
  );

  app.get(
    '/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: envelope(orderSchema) } } },
    async (request) => ok(await orders.get(request.params.id)),
  );

  app.put(
    '/:id',
    { schema: { tags, params: idParamsSchema, body: updateOrderBodySchema, response: { 200: envelope(orderSchema) } } },
    async (request) => {
      const order = await orders.update(currentUser(request), request.params.id, request.body);
      return ok(order, `Order ${order.orderNo} is ${order.status.replace('_', ' ')}`);
    },
  );
};
