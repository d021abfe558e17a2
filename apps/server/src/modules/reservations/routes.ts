import { envelope, idParamsSchema } from '@quan/contract/common';
import {
  createReservationBodySchema,
  listReservationsQuerySchema,
  publicBookingBodySchema,
  publicBookingDaySchema,
  publicBookingParamsSchema,
  publicBookingQuerySchema,
  publicBookingResultSchema,
  publicReservationSchema,
  declinedRequestsSchema,
  reservationSchema,
  reservationStatusBodySchema,
  updateReservationBodySchema,
} from '@quan/contract/reservations';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import { addressKey, bookingLimit } from '../../plugins/rate-limit';
import type { ReservationsService } from './service';

/** /api/reservations: tables held for a party at a time, with dishes ordered ahead. */
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
        description: "The day's book: the reservations starting on that day (the restaurant's time zone), by time.",
        querystring: listReservationsQuerySchema,
        response: { 200: envelope(z.array(reservationSchema)) },
      },
    },
    async (request) => ok(await reservations.list(request.query)),
  );

  app.get(
    '/requests',
    {
      config: { access: 'reservations:read' },
      schema: {
        tags,
        description:
          "Guests' bookings asked for online and waiting for the staff to accept or decline them (any day, " +
          'until their time has passed), by time.',
        response: { 200: envelope(z.array(reservationSchema)) },
      },
    },
    async () => ok(await reservations.listRequests()),
  );

  app.get(
    '/:id',
    {
      config: { access: 'reservations:read' },
      schema: {
        tags,
        description: 'One reservation with its tables and pre-order.',
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
          'Books a party: the phone finds or creates the loyalty customer; the pre-order is priced from ' +
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
          'Changes a booked reservation (a pre-order given replaces the one before); the same checks as ' +
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
          'Moves a reservation: requested (a guest asked online) → booked (accepted, on its table or, if the ' +
          'staff have booked that one since, the smallest free one that seats the party, else 409; the phone ' +
          'finds or creates the loyalty customer), declined or cancelled; booked → arrived (needs a table; its pre-order goes to the kitchen once, ' +
          'as an order at its first table or a round of the order already there), cancelled or no_show (409 ' +
          'while its fired order is still on); arrived → done. Any other move is a 409.',
        params: idParamsSchema,
        body: reservationStatusBodySchema,
        response: { 200: envelope(reservationSchema) },
      },
    },
    async (request) => ok(await reservations.move(currentUser(request), request.params.id, request.body)),
  );

  app.post(
    '/:id/decline-alike',
    {
      config: { access: 'reservations:manage' },
      schema: {
        tags,
        description:
          "Declines this guest's request and every other request still waiting that was asked with the " +
          'same phone number or from the same connection; 409 when this one is not waiting.',
        params: idParamsSchema,
        response: { 200: envelope(declinedRequestsSchema) },
      },
    },
    async (request) => {
      const result = await reservations.declineAlike(request.params.id);
      return ok(result, `Declined ${result.declined} request${result.declined === 1 ? '' : 's'}`);
    },
  );
};

/**
 * Booking online, for guests without an account, when the restaurant's settings allow it (403 with reason
 * BOOKING_OFF otherwise): the free times of a day, a request, and the guest's secret link to follow or cancel it.
 */
export const publicBookingRoutes: FastifyPluginAsync<{ reservations: ReservationsService; config: Config }> = async (
  fastify,
  { reservations, config },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Public'];
  const access = { access: 'public' as const };
  const limitBookings = bookingLimit(fastify, config.rateLimit);

  app.get(
    '/booking',
    {
      config: access,
      schema: {
        tags,
        description:
          "A day's opening spans and the times a booking may start online for a party (from an hour ahead, " +
          'on a 15-minute grid, the last a whole booking before closing), each with whether a table that seats ' +
          'the party is free then.',
        querystring: publicBookingQuerySchema,
        response: { 200: envelope(publicBookingDaySchema) },
      },
    },
    async (request) => ok(await reservations.bookingDay(request.query)),
  );

  app.post(
    '/reservations',
    {
      config: access,
      preHandler: limitBookings,
      schema: {
        tags,
        description:
          'A guest asks for a table at one of the times offered: the smallest free table that seats the ' +
          'party is held against other guests (never against a staff booking) while the staff accept or ' +
          "decline, for 12 hours at most (then the request expires). The answer carries the secret key of the guest's " +
          'page (/booking/<key>), given this once. 400 for a time too soon, too far ahead or not offered, or a ' +
          'party larger than any table; 409 when no table is free then, or the phone has 3 bookings ahead (booked, ' +
          'or waiting from this connection); 429 ' +
          'beyond BOOKING_RATE_LIMIT_PER_IP requests an hour from one address.',
        body: publicBookingBodySchema,
        response: { 201: envelope(publicBookingResultSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await reservations.requestBooking(request.body, addressKey(request)))),
  );

  app.get(
    '/reservations/:key',
    {
      config: access,
      schema: {
        tags,
        description: "The guest's booking, by the secret key of their link.",
        params: publicBookingParamsSchema,
        response: { 200: envelope(publicReservationSchema) },
      },
    },
    async (request) => ok(await reservations.getForGuest(request.params.key)),
  );

  app.post(
    '/reservations/:key/cancel',
    {
      config: access,
      schema: {
        tags,
        description:
          'The guest cancels their booking while it waits or is booked and its time has not come (409 ' +
          'otherwise: they call the restaurant).',
        params: publicBookingParamsSchema,
        response: { 200: envelope(publicReservationSchema) },
      },
    },
    async (request) => ok(await reservations.cancelForGuest(request.params.key), 'Your booking is cancelled'),
  );
};
