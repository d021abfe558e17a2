import { exportParamsSchema, exportQuerySchema } from '@quan/contract/shifts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ExportsService } from './service';

/** GET /api/exports/{kind}: a period's orders, payments or shifts as a file for the accountant. */
export const exportRoutes: FastifyPluginAsync<{ exports: ExportsService }> = async (fastify, { exports }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:kind',
    {
      config: { access: 'exports:read' },
      schema: {
        tags: ['Exports'],
        description:
          "The orders placed, payments taken or shifts opened on the local days [from, to] (the restaurant's " +
          'time zone), as CSV (UTF-8 with a byte order mark, so Excel reads Vietnamese) or XLSX, with Vietnamese ' +
          'column names and money in whole đồng. Sent as an attachment named quan-<kind>-<from>-<to>.<format>.',
        params: exportParamsSchema,
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exports.export(request.params.kind, request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
};
