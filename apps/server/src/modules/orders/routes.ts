import { envelope, idParamsSchema } from '@quan/contract/common';
import {
  addRoundBodySchema,
  createOrderBodySchema,
  idempotencyKeySchema,
  listOrdersQuerySchema,
  orderSchema,
  roundParamsSchema,
  updateOrderBodySchema,
  updateRoundBodySchema,
  updateStationWorkBodySchema,
  stationRoundParamsSchema,
  printTicketBodySchema,
  printTicketResultSchema,
  voidLinesBodySchema,
  billPartParamsSchema,
  mergeOrderBodySchema,
  moveLinesBodySchema,
  payBillPartBodySchema,
  splitBillBodySchema,
} from '@quan/contract/order';
import { paymentParamsSchema, refundPaymentBodySchema, takePaymentBodySchema } from '@quan/contract/payments';
import { dinerOrderBodySchema, dinerOrderResultSchema } from '@quan/contract/public';
import { formatVnd } from '@quan/contract/money';
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
import type { OrdersService } from './service';

const idempotencyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

export const orderRoutes: FastifyPluginAsync<{
  orders: OrdersService;
  config: Config;
  /** A manager's approval typed on the device of a request, counted with the sign-ins. */
  approvals: Approvals;
}> = async (fastify, { orders, config, approvals }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Orders'];
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
        if (typeof tableKey !== 'string' || tableKey === '') throw forbidden('Scan the QR code on your table to order');
      },
      schema: {
        hide: true,
        headers: idempotencyHeaders,
        body: dinerOrderBodySchema,
        response: { 200: envelope(dinerOrderResultSchema), 201: envelope(dinerOrderResultSchema) },
      },
    },
    async (request, reply) => {
      await limitDinerOrders(request, reply, request.body.tableNo);
      const { order, replayed } = await orders.placeDinerOrder(request.body, request.headers['idempotency-key']);
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
      const { orders: page, pagination } = await orders.list(request.query);
      return { ...ok(page), pagination };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'orders:read' },
      schema: { tags, params: idParamsSchema, response: { 200: envelope(orderSchema) } },
    },
    async (request) => ok(await orders.get(request.params.id)),
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

  app.post(
    '/:id/rounds',
    {
      config: { access: 'orders:place' },
      schema: {
        tags,
        description:
          'More dishes for an open order, priced from the menu now, in the kitchen at once as its own ' +
          'ticket. The same Idempotency-Key and body within 24 hours answers the order again (200).',
        params: idParamsSchema,
        headers: idempotencyHeaders,
        body: addRoundBodySchema,
        response: { 200: envelope(orderSchema), 201: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { order, roundNo, replayed } = await orders.addRound(
        currentUser(request),
        request.params.id,
        request.body,
        key,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      const message = `Round ${roundNo} of order ${order.orderNo} ${replayed ? 'was already sent' : 'sent to the kitchen'}`;
      return reply.status(replayed ? 200 : 201).send(ok(order, message));
    },
  );

  app.patch(
    '/:id/rounds/:roundNo',
    {
      config: { access: 'orders:update' },
      schema: {
        tags,
        description:
          'Moves one round (one kitchen ticket): accept, reject, ready, served. The same Idempotency-Key ' +
          'and body within 24 hours moves nothing again and answers the order as it is now (200).',
        params: roundParamsSchema,
        headers: idempotencyHeaders,
        body: updateRoundBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const { id, roundNo } = request.params;
      const key = request.headers['idempotency-key'];
      const { order, replayed } = await orders.updateRound(currentUser(request), id, roundNo, request.body, key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      const status = request.body.status.replace('_', ' ');
      const message = replayed
        ? `Round ${roundNo} of order ${order.orderNo} was already moved to ${status}`
        : `Round ${roundNo} of order ${order.orderNo} is ${status}`;
      return ok(order, message);
    },
  );

  app.patch(
    '/:id/rounds/:roundNo/stations/:stationId',
    {
      config: { access: 'orders:update' },
      schema: {
        tags,
        description:
          'One station is done with its lines of a started round (ready: true), or takes that back while the round is not ready. The round turns ready when every station with lines in it is done.',
        params: stationRoundParamsSchema,
        body: updateStationWorkBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) => {
      const { id, roundNo, stationId } = request.params;
      const order = await orders.updateStationWork(
        currentUser(request),
        { orderId: id, roundNo, stationId },
        request.body,
      );
      return ok(
        order,
        `Round ${roundNo} of order ${order.orderNo}: ${request.body.ready ? 'station done' : 'station back at work'}`,
      );
    },
  );

  app.post(
    '/:id/rounds/:roundNo/tickets',
    {
      config: { access: 'orders:update' },
      schema: {
        tags,
        description:
          "Counts a print of a station's ticket of a round (the whole round's without stationId); copy 2 and later are reprints.",
        params: roundParamsSchema,
        body: printTicketBodySchema,
        response: { 200: envelope(printTicketResultSchema) },
      },
    },
    async (request) => {
      const { id, roundNo } = request.params;
      const result = await orders.printTicket({ orderId: id, roundNo, stationId: request.body.stationId ?? null });
      return ok(result, result.copy > 1 ? `Reprint ${result.copy - 1}` : 'Ticket printed');
    },
  );

  app.post(
    '/:id/voids',
    {
      config: { access: 'orders:void' },
      schema: {
        tags,
        description:
          "Takes lines (or part of their quantity) off an open order's bill with a reason. Dishes the " +
          'kitchen has started need a manager: signed in, or approving with `approval` (their email and password).',
        params: idParamsSchema,
        body: voidLinesBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const approve = approvals(request, reply);
      const order = await orders.voidLines(currentUser(request), request.params.id, request.body, approve);
      return ok(order, `Voided on order ${order.orderNo}; the bill is now ${formatVnd(order.bills.total)}`);
    },
  );

  app.post(
    '/:id/merge',
    {
      config: { access: 'orders:update' },
      schema: {
        tags,
        description: "Another table's open order joins this one; its table is freed.",
        params: idParamsSchema,
        body: mergeOrderBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) => {
      const order = await orders.merge(currentUser(request), request.params.id, request.body);
      return ok(order, `Merged into order ${order.orderNo}; the bill is now ${formatVnd(order.bills.total)}`);
    },
  );

  app.post(
    '/:id/move-lines',
    {
      config: { access: 'orders:update' },
      schema: {
        tags,
        description: "Chosen dishes (or portions of them) go to another table's open order.",
        params: idParamsSchema,
        body: moveLinesBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) => {
      const order = await orders.moveLines(currentUser(request), request.params.id, request.body);
      return ok(order, `Dishes moved; order ${order.orderNo}'s bill is now ${formatVnd(order.bills.total)}`);
    },
  );

  app.post(
    '/:id/split',
    {
      config: { access: 'orders:update' },
      schema: {
        tags,
        description:
          'Splits the bill by lines or evenly between guests; the parts add up exactly to the bill and ' +
          'are paid one by one.',
        params: idParamsSchema,
        body: splitBillBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) => {
      const order = await orders.split(currentUser(request), request.params.id, request.body);
      return ok(order, `Order ${order.orderNo}'s bill is split into ${order.billParts.length} parts`);
    },
  );

  app.post(
    '/:id/parts/:partNo/pay',
    {
      config: { access: 'orders:update' },
      schema: {
        tags,
        description:
          'What is left of one part of a split bill is paid in one method; the payment that settles ' +
          'the bill completes the order once it is ready or served. The same Idempotency-Key and body within ' +
          '24 hours pays nothing again and answers the order as it is now (200).',
        params: billPartParamsSchema,
        headers: idempotencyHeaders,
        body: payBillPartBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const { id, partNo } = request.params;
      const { order, replayed } = await orders.payBillPart(
        currentUser(request),
        deviceIdOf(request),
        { orderId: id, partNo },
        request.body,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      const done = order.status === 'completed' ? `; order ${order.orderNo} is paid` : '';
      return ok(order, `Part ${partNo} ${replayed ? 'was already paid' : 'paid'}${done}`);
    },
  );

  app.post(
    '/:id/payments',
    {
      config: { access: 'payments:take' },
      schema: {
        tags,
        description:
          'A payment towards the bill, or towards one part of a split bill (`partNo`). It pays at most ' +
          'what is due; cash may be handed over in excess (`tendered`) and the change is in the answer. The ' +
          'payment that settles a ready or served order completes it. Counted in the shift of the device ' +
          '(X-Device-Id header). The same Idempotency-Key and body within 24 hours takes nothing again and ' +
          'answers the order as it is now, with the same change (200).',
        params: idParamsSchema,
        headers: idempotencyHeaders,
        body: takePaymentBodySchema,
        response: { 200: envelope(orderSchema), 201: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const { order, change, replayed } = await orders.takePayment(
        currentUser(request),
        deviceIdOf(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      const paid = order.due === 0 ? `order ${order.orderNo} is paid` : `${formatVnd(order.due)} left to pay`;
      const message = `Payment of ${formatVnd(request.body.amount)} ${replayed ? 'was already taken' : 'taken'}; ${paid}${change > 0 ? `; change ${formatVnd(change)}` : ''}`;
      return reply.status(replayed ? 200 : 201).send(ok(order, message));
    },
  );

  app.post(
    '/:id/payments/:paymentId/refunds',
    {
      config: { access: 'payments:refund' },
      schema: {
        tags,
        description:
          'A manager refunds part or all of a payment, with the reason (audited). On an open order the ' +
          "amount is due again; a completed order's revenue goes down.",
        params: paymentParamsSchema,
        body: refundPaymentBodySchema,
        response: { 201: envelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const { id, paymentId } = request.params;
      const order = await orders.refundPayment(
        currentUser(request),
        deviceIdOf(request),
        { orderId: id, paymentId },
        request.body,
      );
      return reply.status(201).send(ok(order, `Refunded ${formatVnd(request.body.amount)} on order ${order.orderNo}`));
    },
  );
};
