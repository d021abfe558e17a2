import { envelope, idParamsSchema } from '@quan/contract/common';
import {
  addRoundBodySchema,
  orderSchema,
  printTicketBodySchema,
  printTicketResultSchema,
  roundParamsSchema,
  startRoundBodySchema,
  stationRoundParamsSchema,
  updateRoundBodySchema,
  updateStationWorkBodySchema,
} from '@quan/contract/order';
import { ok } from '../../../lib/reply';
import { currentUser } from '../../../plugins/auth';
import type { OrdersService } from '../service';
import { idempotencyHeaders, tags, type OrdersApp } from './common';

/** The kitchen's side of an order: more rounds, a round's moves, a station's start and work, printed tickets. */
export function registerRoundRoutes(app: OrdersApp, { orders }: { orders: OrdersService }): void {
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
    '/:id/rounds/:roundNo/start',
    {
      config: { access: 'orders:update' },
      schema: {
        tags,
        description:
          'The kitchen starts cooking an accepted round (a station its own lines of it, with stationId). From then voiding them needs a manager; before, staff void them during the first minutes after sending. Starting again changes nothing.',
        params: roundParamsSchema,
        body: startRoundBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) => {
      const { id, roundNo } = request.params;
      const order = await orders.startRound(currentUser(request), { orderId: id, roundNo }, request.body);
      return ok(order, `Round ${roundNo} of order ${order.orderNo} started`);
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
      const result = await orders.printTicket(currentUser(request), {
        orderId: id,
        roundNo,
        stationId: request.body.stationId ?? null,
      });
      return ok(result, result.copy > 1 ? `Reprint ${result.copy - 1}` : 'Ticket printed');
    },
  );
}
