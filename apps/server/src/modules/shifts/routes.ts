import { envelope, idParamsSchema } from '@quan/contract/common';
import { formatVnd } from '@quan/contract/money';
import {
  cashMovementBodySchema,
  closeShiftBodySchema,
  currentShiftHeadersSchema,
  currentShiftSchema,
  listShiftsQuerySchema,
  openShiftBodySchema,
  reopenShiftBodySchema,
  shiftSchema,
  shiftSummarySchema,
} from '@quan/contract/shifts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceIdOf } from '../../lib/device';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { ShiftsService } from './service';

/** /api/shifts: the cash drawers' shifts, from the float counted in to the drawer counted out. */
export const shiftRoutes: FastifyPluginAsync<{ shifts: ShiftsService }> = async (fastify, { shifts }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Shifts'];

  app.get(
    '/current',
    {
      config: { access: 'shifts:use' },
      schema: {
        tags,
        description:
          "The shift open on this device (X-Device-Id header) in the session's branch with its running report, or null.",
        headers: currentShiftHeadersSchema,
        response: { 200: envelope(currentShiftSchema) },
      },
    },
    async (request) => ok(await shifts.current(currentUser(request).branchId, deviceIdOf(request))),
  );

  app.get(
    '/',
    {
      config: { access: 'shifts:read' },
      schema: {
        tags,
        description: "The branch's open and past shifts with their reports, newest first, paged.",
        querystring: listShiftsQuerySchema,
        response: { 200: envelope(z.array(shiftSummarySchema)) },
      },
    },
    async (request) => {
      const { shifts: page, pagination } = await shifts.list(currentUser(request).branchId, request.query);
      return { ...ok(page), pagination };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'shifts:read' },
      schema: {
        tags,
        description: 'One shift with its cash movements and its report (Z report once closed).',
        params: idParamsSchema,
        response: { 200: envelope(shiftSchema) },
      },
    },
    async (request) => ok(await shifts.get(currentUser(request).branchId, request.params.id)),
  );

  app.post(
    '/',
    {
      config: { access: 'shifts:use' },
      schema: {
        tags,
        description:
          'Opens a shift on a device with the float counted into its drawer; 409 while that device ' +
          'has a shift open.',
        body: openShiftBodySchema,
        response: { 201: envelope(shiftSchema) },
      },
    },
    async (request, reply) => {
      const shift = await shifts.open(currentUser(request), request.body);
      return reply.status(201).send(ok(shift, `Shift ${shift.shiftNo} opened on ${shift.deviceName}`));
    },
  );

  app.post(
    '/:id/cash-movements',
    {
      config: { access: 'shifts:use' },
      schema: {
        tags,
        description: 'Cash put into or taken out of the drawer by hand, with the reason (audited).',
        params: idParamsSchema,
        body: cashMovementBodySchema,
        response: { 201: envelope(shiftSchema) },
      },
    },
    async (request, reply) => {
      const shift = await shifts.addCashMovement(currentUser(request), request.params.id, request.body);
      const what = request.body.kind === 'in' ? 'Paid in' : 'Paid out';
      return reply.status(201).send(ok(shift, `${what} ${formatVnd(request.body.amount)}`));
    },
  );

  app.post(
    '/:id/close',
    {
      config: { access: 'shifts:use' },
      schema: {
        tags,
        description:
          'Closes the shift with the drawer counted (a total or note by note): the expected cash is ' +
          'frozen and the difference reported (audited). The last open shift cannot close while orders ' +
          'are open (409 listing them).',
        params: idParamsSchema,
        body: closeShiftBodySchema,
        response: { 200: envelope(shiftSchema) },
      },
    },
    async (request) => {
      const shift = await shifts.close(currentUser(request), request.params.id, request.body);
      return ok(shift, `Shift ${shift.shiftNo} closed`);
    },
  );

  app.post(
    '/:id/reopen',
    {
      config: { access: 'shifts:reopen' },
      schema: {
        tags,
        description: 'A manager reopens a closed shift, with the reason (audited); its count is cleared.',
        params: idParamsSchema,
        body: reopenShiftBodySchema,
        response: { 200: envelope(shiftSchema) },
      },
    },
    async (request) => {
      const shift = await shifts.reopen(currentUser(request), request.params.id, request.body);
      return ok(shift, `Shift ${shift.shiftNo} reopened`);
    },
  );
};
