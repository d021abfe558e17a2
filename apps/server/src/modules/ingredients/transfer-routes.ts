import { envelope, idParamsSchema } from '@quan/contract/common';
import {
  listStockTransfersQuerySchema,
  receiveStockTransferBodySchema,
  sendStockTransferBodySchema,
  stockTransferSchema,
  transferDestinationSchema,
} from '@quan/contract/stock-transfer';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { StockTransfersService } from './transfers';

/**
 * /api/stock-transfers: everyone of a branch sees the goods it sent and those coming to it (the kitchen waits
 * for them); managers send and receive. Another branch's transfer is answered as if it did not exist.
 */
export const stockTransferRoutes: FastifyPluginAsync<{ stockTransfers: StockTransfersService }> = async (
  fastify,
  { stockTransfers },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Stock transfers'];

  app.get(
    '/',
    {
      config: { access: 'ingredients:read' },
      schema: {
        tags,
        querystring: listStockTransfersQuerySchema,
        response: { 200: envelope(z.array(stockTransferSchema)) },
      },
    },
    async (request) => {
      const { transfers, pagination } = await stockTransfers.list(currentUser(request).branchId, request.query);
      return { ...ok(transfers), pagination };
    },
  );

  app.get(
    '/branches',
    {
      config: { access: 'stock:transfer' },
      schema: { tags, response: { 200: envelope(z.array(transferDestinationSchema)) } },
    },
    async (request) => ok(await stockTransfers.destinations(currentUser(request).branchId)),
  );

  app.get(
    '/:id',
    {
      config: { access: 'ingredients:read' },
      schema: { tags, params: idParamsSchema, response: { 200: envelope(stockTransferSchema) } },
    },
    async (request) => ok(await stockTransfers.get(currentUser(request).branchId, request.params.id)),
  );

  app.post(
    '/',
    {
      config: { access: 'stock:transfer' },
      schema: { tags, body: sendStockTransferBodySchema, response: { 201: envelope(stockTransferSchema) } },
    },
    async (request, reply) => {
      const sent = await stockTransfers.send(currentUser(request), request.body);
      return reply.status(201).send(ok(sent, `Transfer #${sent.transferNo} sent to ${sent.toBranch.name}`));
    },
  );

  app.post(
    '/:id/receive',
    {
      config: { access: 'stock:transfer' },
      schema: {
        tags,
        params: idParamsSchema,
        body: receiveStockTransferBodySchema,
        response: { 200: envelope(stockTransferSchema) },
      },
    },
    async (request) => {
      const received = await stockTransfers.receive(currentUser(request), request.params.id, request.body);
      return ok(received, `Transfer #${received.transferNo} received`);
    },
  );
};
