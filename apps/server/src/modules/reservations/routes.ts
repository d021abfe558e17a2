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
import { branchSlugParamsSchema, type DinerBranches } from '../public/diner-branch';
import type { ReservationsService } from './service';

/** /api/reservations: the current branch's tables held for a party at a time, with dishes ordered ahead. */
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
    async (request) => ok(await reservations.list(currentUser(request).branchId, request.query)),
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
    async (request) => ok(await reservations.listRequests(currentUser(request).branchId)),
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
    async (request) => ok(await reservations.get(currentUser(request).branchId, request.params.id)),
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
    async (request) => ok(await reservations.update(currentUser(request).branchId, request.params.id, request.body)),
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
      const result = await reservations.declineAlike(currentUser(request).branchId, request.params.id);
      return ok(result, `Declined ${result.declined} request${result.declined === 1 ? '' : 's'}`);
    },
  );
};

/**
 * Booking online, for guests without an account, when the branch's settings allow it (403 with reason
 * BOOKING_OFF otherwise): the free times of a day, a request, and the guest's secret link to follow or cancel it.
 * /booking and /reservations are the first branch's (the original /book page); /b/{slug}/booking and
 * /b/{slug}/reservations the named branch's, with its hours and tables (404 BRANCH_LINK_UNKNOWN for a slug the
 * restaurant does not have). A guest's link finds its booking in whichever branch it was asked.
 */
export const publicBookingRoutes: FastifyPluginAsync<{
  reservations: ReservationsService;
  dinerBranches: DinerBranches;
  config: Config;
}> = async (fastify, { reservations, dinerBranches, config }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Public'];
  const access = { access: 'public' as const };
  const limitBookings = bookingLimit(fastify, config.rateLimit);
  const slugParams = branchSlugParamsSchema;
  const branchOf = async (slug?: string) => (slug ? dinerBranches.bySlug(slug) : dinerBranches.first());

  const bookingDayDescription =
    "A day's opening spans and the times a booking may start online for a party (from an hour ahead, " +
    'on a 15-minute grid, the last a whole booking before closing), each with whether a table that seats ' +
    'the party is free then.';
  app.get(
    '/booking',
    {
      config: access,
      schema: {
        tags,
        description: bookingDayDescription,
        querystring: publicBookingQuerySchema,
        response: { 200: envelope(publicBookingDaySchema) },
      },
    },
    async (request) => ok(await reservations.bookingDay((await branchOf()).id, request.query)),
  );
  app.get(
    '/b/:slug/booking',
    {
      config: access,
      schema: {
        tags,
        description: `${bookingDayDescription} The named branch's hours and tables.`,
        params: slugParams,
        querystring: publicBookingQuerySchema,
        response: { 200: envelope(publicBookingDaySchema) },
      },
    },
    async (request) => ok(await reservations.bookingDay((await branchOf(request.params.slug)).id, request.query)),
  );

  const requestBookingDescription =
    'A guest asks for a table at one of the times offered: the smallest free table that seats the ' +
    'party is held against other guests (never against a staff booking) while the staff accept or ' +
    "decline, for 12 hours at most (then the request expires). The answer carries the secret key of the guest's " +
    'page (/booking/<key>), given this once. 400 for a time too soon, too far ahead or not offered, or a ' +
    'party larger than any table; 409 when no table is free then, or the phone has 3 bookings ahead (booked, ' +
    'or waiting from this connection); 429 ' +
    'beyond BOOKING_RATE_LIMIT_PER_IP requests an hour from one address.';
  app.post(
    '/reservations',
    {
      config: access,
      preHandler: limitBookings,
      schema: {
        tags,
        description: requestBookingDescription,
        body: publicBookingBodySchema,
        response: { 201: envelope(publicBookingResultSchema) },
      },
    },
    async (request, reply) => {
      const branch = await branchOf();
      const result = await reservations.requestBooking(branch.id, request.body, addressKey(request));
      return reply.status(201).send(ok(result));
    },
  );
  app.post(
    '/b/:slug/reservations',
    {
      config: access,
      preHandler: limitBookings,
      schema: {
        tags,
        description: `${requestBookingDescription} At the named branch.`,
        params: slugParams,
        body: publicBookingBodySchema,
        response: { 201: envelope(publicBookingResultSchema) },
      },
    },
    async (request, reply) => {
      const branch = await branchOf(request.params.slug);
      const result = await reservations.requestBooking(branch.id, request.body, addressKey(request));
      return reply.status(201).send(ok(result));
    },
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
