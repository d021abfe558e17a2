import { emptyDataSchema, envelope, idParamsSchema } from '@quan/contract/common';
import {
  createIngredientBodySchema,
  ingredientHistoryQuerySchema,
  ingredientHistorySchema,
  ingredientSchema,
  updateIngredientBodySchema,
} from '@quan/contract/ingredient';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { IngredientsService } from './service';

/**
 * Everyone signed in reads their branch's stock (the kitchen needs it); managers and admins change it. The
 * catalogue (name, unit, cost, supplier) is the chain's; quantities, thresholds and history are the branch's.
 */
export const ingredientRoutes: FastifyPluginAsync<{ ingredients: IngredientsService }> = async (
  fastify,
  { ingredients },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Ingredients'];

  app.get(
    '/',
    {
      config: { access: 'ingredients:read' },
      schema: { tags, response: { 200: envelope(z.array(ingredientSchema)) } },
    },
    async (request) => ok(await ingredients.list(currentUser(request).branchId)),
  );

  app.post(
    '/',
    {
      config: { access: 'ingredients:manage' },
      schema: { tags, body: createIngredientBodySchema, response: { 201: envelope(ingredientSchema) } },
    },
    async (request, reply) => {
      const created = await ingredients.create(currentUser(request), request.body);
      return reply.status(201).send(ok(created, `${created.name} added`));
    },
  );

  app.put(
    '/:id',
    {
      config: { access: 'ingredients:manage' },
      schema: {
        tags,
        params: idParamsSchema,
        body: updateIngredientBodySchema,
        response: { 200: envelope(ingredientSchema) },
      },
    },
    async (request) => {
      const saved = await ingredients.update(currentUser(request), request.params.id, request.body);
      return ok(saved, `${saved.name} saved`);
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'ingredients:manage' },
      schema: { tags, params: idParamsSchema, response: { 200: envelope(emptyDataSchema) } },
    },
    async (request) => {
      await ingredients.remove(currentUser(request).branchId, request.params.id);
      return ok(null, 'Ingredient deleted');
    },
  );

  app.get(
    '/:id/history',
    {
      config: { access: 'ingredients:read' },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: ingredientHistoryQuerySchema,
        response: { 200: envelope(z.array(ingredientHistorySchema)) },
      },
    },
    async (request) => {
      const { entries, pagination } = await ingredients.history(
        currentUser(request).branchId,
        request.params.id,
        request.query,
      );
      return { ...ok(entries), pagination };
    },
  );
};
