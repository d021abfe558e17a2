import { envelope, idParamsSchema } from '@quan/contract/common';
import { createOrderBodySchema, listOrdersQuerySchema, orderSchema, updateOrderBodySchema } from '@quan/contract/order';
import { dinerOrderBodySchema, dinerOrderResultSchema } from '@quan/contract/public';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { forbidden } from '../../lib/app-error';
import { deviceIdOf } from '../../lib/device';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import { dinerOrderLimit } from '../../plugins/rate-limit';
import type { Approvals } from '../users/approvals';
import { idempotencyHeaders, tags } from './routes/common';
import { registerPaymentRoutes } from './routes/payments';
import { registerPrintRoutes } from './routes/prints';
import { registerRoundRoutes } from './routes/rounds';
import { registerTabRoutes } from './routes/tabs';
import type { OrdersService } from './service';

/**
 * The orders API under /api/order: orders placed, listed, read and moved here; the routes of rounds, of a
 * tab's dishes and of the bill in routes/, declared on the same instance in this order.
 */
export const orderRoutes: FastifyPluginAsync<{
  orders: OrdersService;
  config: Config;
  /** A manager's approval typed on the device of a request, counted with the sign-ins. */
  approvals: Approvals;
}> = async (fastify, { orders, config, approvals }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limitDinerOrders = dinerOrderLimit(fastify, config.rateLimit);

  // POST /api/order has two doors (one pipeline behind them): a request with a token is a staff order
  // from the POS, one without is a diner's order from the table page. Each door is its own route with
  // its own body; the API docs show the staff door with both bodies (plugins/docs.ts).
  app.post(
    '/',
    {
      constraints: { caller: 'staff' },
      config: {
        access: 'orders:place',
        alsoAccepts: { body: dinerOrderBodySchema, answers: envelope(dinerOrderResultSchema) },
      },
      schema: {
        tags,
        description:
          'Signed in: a staff order from the POS (the first body), in the kitchen at once. Without a token: a ' +
          "diner's order from the table page (the second body: tableNo, tableKey, customerDetails?, items, " +
          'note?), pending until staff accept it and answered with a trackingToken. The same Idempotency-Key ' +
          'and body within 24 hours answers the first order again (200).',
        headers: idempotencyHeaders,
        body: createOrderBodySchema,
        response: { 200: envelope(orderSchema), 201: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { order, replayed } = await orders.placeStaffOrder(currentUser(request), request.body, key);
      if (replayed) {
        return reply
          .status(200)
          .header('idempotent-replayed', 'true')
          .send(ok(order, `Order ${order.orderNo} was already placed`));
      }
      return reply.status(201).send(ok(order, `Order ${order.orderNo} placed`));
    },
  );

  app.post(
    '/',
    {
      constraints: { caller: 'diner' },
      config: { access: 'public' },
      // A phone without the table's key is told to scan the code, before any field is checked.
      preValidation: async (request) => {
        const tableKey = (request.body as { tableKey?: unknown } | null)?.tableKey;
        if (typeof tableKey !== 'string' || tableKey === '')
          throw forbidden('Scan the QR code on your table to order').because('TABLE_KEY_INVALID');
      },
      schema: {
        hide: true,
        headers: idempotencyHeaders,
        body: dinerOrderBodySchema,
        response: { 200: envelope(dinerOrderResultSchema), 201: envelope(dinerOrderResultSchema) },
      },
    },
    async (request, reply) => {
      // This door names no branch: it is the first branch's, whose QR codes were printed before there were branches.
      const branchId = await orders.firstBranchId();
      await limitDinerOrders(request, reply, branchId, request.body.tableNo);
      const { order, replayed } = await orders.placeDinerOrder(
        branchId,
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
    '/',
    {
      config: { access: 'orders:read' },
      schema: { tags, querystring: listOrdersQuerySchema, response: { 200: envelope(z.array(orderSchema)) } },
    },
    async (request) => {
      const { orders: page, pagination } = await orders.list(currentUser(request), request.query);
      return { ...ok(page), pagination };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'orders:read' },
      schema: { tags, params: idParamsSchema, response: { 200: envelope(orderSchema) } },
    },
    async (request) => ok(await orders.get(currentUser(request), request.params.id)),
  );

  app.put(
    '/:id',
    {
      config: { access: 'orders:update' },
      schema: {
        tags,
        description:
          'Moves an order along its status machine (completing it pays what is due in `paymentMethod`), or ' +
          'edits its payment method, note or customer. The same Idempotency-Key and body within 24 hours ' +
          'changes nothing again and answers the order as it is now (200).',
        params: idParamsSchema,
        headers: idempotencyHeaders,
        body: updateOrderBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const { order, replayed } = await orders.update(
        currentUser(request),
        deviceIdOf(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return ok(order, `Order ${order.orderNo} is ${order.status.replace('_', ' ')}`);
    },
  );

  registerRoundRoutes(app, { orders });
  registerTabRoutes(app, { orders, approvals });
  registerPaymentRoutes(app, { orders });
  registerPrintRoutes(app, { orders });
};
