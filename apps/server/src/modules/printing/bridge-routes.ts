import { emptyDataSchema, envelope, idParamsSchema } from '@quan/contract/common';
import { bridgeJobResultBodySchema, bridgeJobSchema } from '@quan/contract/printers';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { MAX_WAIT_SECONDS, type createBridgeDelivery } from './bridge-delivery';

/** A bridge signs its calls with its key as a bearer token (no person's session is involved). */
const keyOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : null;
};

/**
 * /api/print-bridge: what a print bridge in the restaurant calls. Public to the access guard (a bridge is no
 * person): each call is checked against the bridge's key, and a revoked key is refused at once.
 */
export const printBridgeRoutes: FastifyPluginAsync<{ delivery: ReturnType<typeof createBridgeDelivery> }> = async (
  fastify,
  { delivery },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Printers'];

  app.get(
    '/next',
    {
      config: { access: 'public' },
      schema: {
        tags,
        querystring: z.strictObject({
          waitSeconds: z.coerce.number().int().min(0).max(MAX_WAIT_SECONDS).default(MAX_WAIT_SECONDS),
        }),
        response: { 200: envelope(bridgeJobSchema.nullable()) },
      },
    },
    async (request, reply) => {
      // The response closing before it was written: the bridge hung up (or stopped) while it waited.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      return ok(await delivery.next(keyOf(request), request.query.waitSeconds, gone.signal));
    },
  );
  app.post(
    '/jobs/:id/result',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: idParamsSchema,
        body: bridgeJobResultBodySchema,
        response: { 200: envelope(emptyDataSchema) },
      },
    },
    async (request) => {
      await delivery.report(keyOf(request), request.params.id, request.body);
      return ok(null, 'Recorded');
    },
  );
};
