import { exportParamsSchema, exportQuerySchema } from '@quan/contract/shifts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { wantsChain } from '../reports/chain-access';
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
          "The branch's orders placed, payments taken or shifts opened on the local days [from, to] (the branch's " +
          "time zone); with scope=chain (admins; 403 for a manager) every branch's, a branch column first. As CSV (UTF-8 with a byte order mark, so Excel reads Vietnamese) or XLSX, with Vietnamese " +
          'column names and money in whole đồng. Sent as an attachment named quan-<kind>-<from>-<to>.<format>.',
        params: exportParamsSchema,
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const file = wantsChain(user, request.query.scope)
        ? await exports.exportChain(request.params.kind, request.query)
        : await exports.export(user.branchId, request.params.kind, request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
};
