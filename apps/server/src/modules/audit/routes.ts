import { auditEntrySchema, listAuditQuerySchema } from '@quan/contract/audit';
import { envelope } from '@quan/contract/common';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { AuditService } from './service';

/** GET /api/audit: the trail of voids, merges, splits and moves, for managers. */
export const auditRoutes: FastifyPluginAsync<{ audit: AuditService }> = async (fastify, { audit }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      config: { access: 'audit:read' },
      schema: {
        tags: ['Audit'],
        description:
          "The current branch's trail, newest first; filter by kind, by the person who made or approved a change, and by dates.",
        querystring: listAuditQuerySchema,
        response: { 200: envelope(z.array(auditEntrySchema)) },
      },
    },
    async (request) => {
      const { entries, pagination } = await audit.list(currentUser(request).branchId, request.query);
      return { ...ok(entries), pagination };
    },
  );
};
