import { emptyDataSchema, envelope, idParamsSchema } from '@quan/contract/common';
import {
  branchOptionBodySchema,
  createOptionGroupBodySchema,
  optionGroupSchema,
  updateOptionGroupBodySchema,
} from '@quan/contract/options';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { OptionGroupService } from './service';

/** /api/option-group: reusable option groups ("Size", "Topping") for dishes. */
export const optionGroupRoutes: FastifyPluginAsync<{ optionGroups: OptionGroupService }> = async (
  fastify,
  { optionGroups },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Menu'];

  app.get(
    '/',
    { config: { access: 'menu:read' }, schema: { tags, response: { 200: envelope(z.array(optionGroupSchema)) } } },
    async (request) => ok(await optionGroups.list(currentUser(request).branchId)),
  );
  app.post(
    '/',
    {
      config: { access: 'menu:manage' },
      schema: { tags, body: createOptionGroupBodySchema, response: { 201: envelope(optionGroupSchema) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await optionGroups.create(currentUser(request).branchId, request.body), 'Option group created')),
  );
  app.put(
    '/:id',
    {
      config: { access: 'menu:manage' },
      schema: {
        tags,
        params: idParamsSchema,
        body: updateOptionGroupBodySchema,
        response: { 200: envelope(optionGroupSchema) },
      },
    },
    async (request) =>
      ok(
        await optionGroups.update(currentUser(request).branchId, request.params.id, request.body),
        'Option group saved',
      ),
  );
  // The current branch's own price change and availability of one option; the menu's stay as they are.
  app.put(
    '/option/:id/branch',
    {
      config: { access: 'menu:manage' },
      schema: {
        tags,
        params: idParamsSchema,
        body: branchOptionBodySchema,
        response: { 200: envelope(optionGroupSchema) },
      },
    },
    async (request) =>
      ok(
        await optionGroups.setBranchOption(currentUser(request).branchId, request.params.id, request.body),
        'Option saved for this branch',
      ),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'menu:manage' },
      schema: { tags, params: idParamsSchema, response: { 200: envelope(emptyDataSchema) } },
    },
    async (request) => {
      await optionGroups.remove(request.params.id);
      return ok(null, 'Option group deleted');
    },
  );
};
