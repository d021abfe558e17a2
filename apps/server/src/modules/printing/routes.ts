import { emptyDataSchema, envelope, idParamsSchema } from '@quan/contract/common';
import {
  createdPrintBridgeSchema,
  createPrintBridgeBodySchema,
  createPrinterBodySchema,
  printBridgeSchema,
  printerSchema,
  queuedPrintJobSchema,
  updatePrinterBodySchema,
} from '@quan/contract/printers';
import { idempotencyKeySchema } from '@quan/contract/order';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { PrintingService } from './service';

/** /api/printers: the current branch's printers, their test page and status, the drawer, and the queue. */
export const printerRoutes: FastifyPluginAsync<{ printing: PrintingService }> = async (fastify, { printing }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Printers'];
  const byId = { tags, params: idParamsSchema };

  app.get(
    '/',
    { config: { access: 'printers:manage' }, schema: { tags, response: { 200: envelope(z.array(printerSchema)) } } },
    async (request) => ok(await printing.list(currentUser(request).branchId)),
  );
  app.post(
    '/',
    {
      config: { access: 'printers:manage' },
      schema: { tags, body: createPrinterBodySchema, response: { 201: envelope(printerSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await printing.create(currentUser(request).branchId, request.body), 'Printer added')),
  );
  app.put(
    '/:id',
    {
      config: { access: 'printers:manage' },
      schema: { ...byId, body: updatePrinterBodySchema, response: { 200: envelope(printerSchema) } },
    },
    async (request) =>
      ok(await printing.update(currentUser(request).branchId, request.params.id, request.body), 'Printer saved'),
  );
  app.delete(
    '/:id',
    { config: { access: 'printers:manage' }, schema: { ...byId, response: { 200: envelope(emptyDataSchema) } } },
    async (request) => {
      await printing.remove(currentUser(request).branchId, request.params.id);
      return ok(null, 'Printer deleted');
    },
  );
  app.post(
    '/:id/test-page',
    {
      config: { access: 'printers:manage' },
      schema: { ...byId, response: { 202: envelope(z.object({ jobId: z.string() })) } },
    },
    async (request, reply) =>
      reply.status(202).send(ok(await printing.testPage(currentUser(request), request.params.id), 'Test page queued')),
  );
  app.post(
    '/:id/status',
    { config: { access: 'printers:manage' }, schema: { ...byId, response: { 200: envelope(printerSchema) } } },
    async (request) => ok(await printing.readStatus(currentUser(request).branchId, request.params.id)),
  );
  app.post(
    '/:id/open-drawer',
    {
      config: { access: 'printers:drawer' },
      schema: {
        ...byId,
        headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
        response: { 202: envelope(emptyDataSchema) },
      },
    },
    async (request, reply) => {
      await printing.openDrawer(currentUser(request), request.params.id, request.headers['idempotency-key']);
      return reply.status(202).send(ok(null, 'Drawer opening'));
    },
  );
  app.get(
    '/bridges',
    {
      config: { access: 'printers:manage' },
      schema: { tags, response: { 200: envelope(z.array(printBridgeSchema)) } },
    },
    async (request) => ok(await printing.bridges.list(currentUser(request).branchId)),
  );
  app.post(
    '/bridges',
    {
      config: { access: 'printers:manage' },
      schema: { tags, body: createPrintBridgeBodySchema, response: { 201: envelope(createdPrintBridgeSchema) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await printing.bridges.create(currentUser(request).branchId, request.body), 'Print bridge made')),
  );
  app.delete(
    '/bridges/:id',
    { config: { access: 'printers:manage' }, schema: { ...byId, response: { 200: envelope(printBridgeSchema) } } },
    async (request) =>
      ok(await printing.bridges.revoke(currentUser(request).branchId, request.params.id), 'Print bridge revoked'),
  );
  app.get(
    '/queue',
    {
      config: { access: 'orders:read' },
      schema: { tags, response: { 200: envelope(z.array(queuedPrintJobSchema)) } },
    },
    async (request) => ok(await printing.queue(currentUser(request).branchId)),
  );
};
