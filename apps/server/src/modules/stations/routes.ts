import { emptyDataSchema, envelope, idParamsSchema } from '@quan/contract/common';
import { createStationBodySchema, stationSchema, updateStationBodySchema } from '@quan/contract/stations';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { StationService } from './service';

/**
 * /api/station: the chain's kitchen stations, each with whether the person's branch runs it; every screen that
 * takes orders or makes them reads them.
 */
export const stationRoutes: FastifyPluginAsync<{ stations: StationService }> = async (fastify, { stations }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Menu'];

  app.get(
    '/',
    { config: { access: 'menu:read' }, schema: { tags, response: { 200: envelope(z.array(stationSchema)) } } },
    async (request) => ok(await stations.list(currentUser(request).branchId)),
  );
  app.post(
    '/',
    {
      config: { access: 'menu:manage' },
      schema: { tags, body: createStationBodySchema, response: { 201: envelope(stationSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await stations.create(currentUser(request).branchId, request.body), 'Station created')),
  );
  app.put(
    '/:id',
    {
      config: { access: 'menu:manage' },
      schema: {
        tags,
        params: idParamsSchema,
        body: updateStationBodySchema,
        response: { 200: envelope(stationSchema) },
      },
    },
    async (request) =>
      ok(await stations.update(currentUser(request).branchId, request.params.id, request.body), 'Station saved'),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'menu:manage' },
      schema: { tags, params: idParamsSchema, response: { 200: envelope(emptyDataSchema) } },
    },
    async (request) => {
      await stations.remove(request.params.id);
      return ok(null, 'Station deleted');
    },
  );
};
