import { envelope, idParamsSchema } from '@quan/contract/common';
import {
  createReservationBodySchema,
  listReservationsQuerySchema,
  reservationSchema,
  reservationStatusBodySchema,
  updateReservationBodySchema,
} from '@quan/contract/reservations';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { ReservationsService } from './service';

/** (ext) /api/reservations: tables held for a party at a time, with dishes ordered ahead. */
export const reservationRoutes: FastifyPluginAsync<{ reservations: ReservationsService }> = async (
  fastify,
  { reservations },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Reservations'];

  app.get(
    '/',
    {
      config: { access: 'reservations:read' },
      schema: {
        tags,
        description:
          "(ext) The day's book: the reservations starting on that day (the restaurant's time zone), by time.",
        querystring: listReservationsQuerySchema,
        response: { 200: envelope(z.array(reservationSchema)) },
      },
    },
    async (request) => ok(await reservations.list(request.query)),
  );

  app.get(
    '/:id',
    {
      config: { access: 'reservations:read' },
      schema: {
        tags,
        description: '(ext) One reservation with its tables and pre-order.',
        params: idParamsSchema,
        response: { 200: envelope(reservationSchema) },
      },
    },
    async (request) => ok(await reservations.get(request.params.id)),
  );

  app.post(
    '/',
    {
      config: { access: 'reservations:manage' },
      schema: {
        tags,
        description:
          '(ext) Books a party: the phone finds or creates the loyalty customer; the pre-order is priced from ' +
          'the menu and checked against the stock (taken only when it fires). 400 for a time in the past, a ' +
          'firing time after the booking or in the past, or more guests than the tables seat; 404 for an ' +
          'unknown table; 409 when a table is held by another reservation at an overlapping time.',
        body: createReservationBodySchema,
        response: { 201: envelope(reservationSchema) },
      },
    },
    async (request, reply) => {
      const reservation = await reservations.create(currentUser(request), request.body);
      return reply.status(201).send(ok(reservation, `Booked for ${reservation.name}`));
    },
  );

  app.patch(
    '/:id',
    {
      config: { access: 'reservations:manage' },
      schema: {
        tags,
        description:
          '(ext) Changes a booked reservation (a pre-order given replaces the one before); the same checks as ' +
          'booking; 409 when `expectedVersion` is stale, once it is no longer booked, or for the pre-order, its ' +
          'firing time or the tables once the pre-order went to the kitchen.',
        params: idParamsSchema,
        body: updateReservationBodySchema,
        response: { 200: envelope(reservationSchema) },
      },
    },
    async (request) => ok(await reservations.update(request.params.id, request.body)),
  );

  app.put(
    '/:id/status',
    {
      config: { access: 'reservations:manage' },
      schema: {
        tags,
        description:
          '(ext) Moves a reservation: booked → arrived (needs a table; its pre-order goes to the kitchen once, ' +
          'as an order at its first table or a round of the order already there), cancelled or no_show (409 ' +
          'while its fired order is still on); arrived → done. Any other move is a 409.',
        params: idParamsSchema,
        body: reservationStatusBodySchema,
        response: { 200: envelope(reservationSchema) },
      },
    },
    async (request) => ok(await reservations.move(currentUser(request), request.params.id, request.body)),
  );
};
