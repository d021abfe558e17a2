import { emptyDataSchema, envelope, idParamsSchema } from '@quan/contract/common';
import { createOptionGroupBodySchema, optionGroupSchema, updateOptionGroupBodySchema } from '@quan/contract/options';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
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
    async () => ok(await optionGroups.list()),
  );
  app.post(
    '/',
    {
      config: { access: 'menu:manage' },
      schema: { tags, body: createOptionGroupBodySchema, response: { 201: envelope(optionGroupSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await optionGroups.create(request.body), 'Option group created')),
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
    async (request) => ok(await optionGroups.update(request.params.id, request.body), 'Option group saved'),
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
