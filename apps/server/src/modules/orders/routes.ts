import { envelope, idParamsSchema } from '@quan/contract/common';
import {
  createOrderBodySchema,
  idempotencyKeySchema,
  listOrdersQuerySchema,
  orderSchema,
  updateOrderBodySchema,
} from '@quan/contract/order';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { OrdersService } from './service';

export const orderRoutes: FastifyPluginAsync<{ orders: OrdersService }> = async (fastify, { orders }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Orders'];

  app.post(
    '/',
    {
      schema: {
        tags,
        headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
        body: createOrderBodySchema,
        response: { 200: envelope(orderSchema), 201: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const { order, replayed } = await orders.create(
        currentUser(request),
        request.body,
        request.headers['idempotency-key'],
      );
      if (replayed)
        return reply
          .status(200)
          .header('idempotent-replayed', 'true')
          .send(ok(order, `Order ${order.orderNo} was already placed`));
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
      const order = await orders.update(request.params.id, request.body);
      return ok(order, `Order ${order.orderNo} is ${order.status.replace('_', ' ')}`);
    },
  );
};
