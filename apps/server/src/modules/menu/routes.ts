import { emptyDataSchema, envelope, idParamsSchema } from '@quan/contract/common';
import {
  branchItemBodySchema,
  categorySchema,
  createCategoryBodySchema,
  createItemBodySchema,
  itemSchema,
  listItemsQuerySchema,
  updateCategoryBodySchema,
  updateItemBodySchema,
} from '@quan/contract/menu';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { MenuService } from './service';

export const categoryRoutes: FastifyPluginAsync<{ menu: MenuService }> = async (fastify, { menu }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Menu'];

  app.get(
    '/',
    { config: { access: 'menu:read' }, schema: { tags, response: { 200: envelope(z.array(categorySchema)) } } },
    async () => ok(await menu.listCategories()),
  );
  app.post(
    '/',
    {
      config: { access: 'menu:manage' },
      schema: { tags, body: createCategoryBodySchema, response: { 201: envelope(categorySchema) } },
    },
    async (request, reply) => reply.status(201).send(ok(await menu.createCategory(request.body), 'Category created')),
  );
  app.put(
    '/:id',
    {
      config: { access: 'menu:manage' },
      schema: {
        tags,
        params: idParamsSchema,
        body: updateCategoryBodySchema,
        response: { 200: envelope(categorySchema) },
      },
    },
    async (request) => ok(await menu.updateCategory(request.params.id, request.body), 'Category saved'),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'menu:manage' },
      schema: { tags, params: idParamsSchema, response: { 200: envelope(emptyDataSchema) } },
    },
    async (request) => {
      await menu.deleteCategory(request.params.id);
      return ok(null, 'Category deleted');
    },
  );
};

export const itemRoutes: FastifyPluginAsync<{ menu: MenuService }> = async (fastify, { menu }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Menu'];

  app.get(
    '/',
    {
      config: { access: 'menu:read' },
      schema: { tags, querystring: listItemsQuerySchema, response: { 200: envelope(z.array(itemSchema)) } },
    },
    async (request) =>
      ok(
        await menu.listItems(currentUser(request).branchId, {
          categoryId: request.query.categoryId,
          all: request.query.all === 'true',
        }),
      ),
  );
  app.post(
    '/',
    {
      config: { access: 'menu:manage' },
      schema: { tags, body: createItemBodySchema, response: { 201: envelope(itemSchema) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await menu.createItem(currentUser(request).branchId, request.body), 'Dish added to the menu')),
  );
  app.put(
    '/:id',
    {
      config: { access: 'menu:manage' },
      schema: { tags, params: idParamsSchema, body: updateItemBodySchema, response: { 200: envelope(itemSchema) } },
    },
    async (request) =>
      ok(await menu.updateItem(currentUser(request).branchId, request.params.id, request.body), 'Dish saved'),
  );
  // The current branch's own price and availability of a dish; the menu's price stays as it is.
  app.put(
    '/:id/branch',
    {
      config: { access: 'menu:manage' },
      schema: { tags, params: idParamsSchema, body: branchItemBodySchema, response: { 200: envelope(itemSchema) } },
    },
    async (request) =>
      ok(
        await menu.setBranchItem(currentUser(request).branchId, request.params.id, request.body),
        'Dish saved for this branch',
      ),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'menu:manage' },
      schema: { tags, params: idParamsSchema, response: { 200: envelope(emptyDataSchema) } },
    },
    async (request) => {
      await menu.deleteItem(request.params.id);
      return ok(null, 'Dish removed from the menu');
    },
  );
};
