import { emptyDataSchema, envelope, idParamsSchema } from '@quan/contract/common';
import {
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
    async (request) => ok(await menu.listItems(request.query.categoryId)),
  );
  app.post(
    '/',
    {
      config: { access: 'menu:manage' },
      schema: { tags, body: createItemBodySchema, response: { 201: envelope(itemSchema) } },
    },
    async (request, reply) => reply.status(201).send(ok(await menu.createItem(request.body), 'Dish added to the menu')),
  );
  app.put(
    '/:id',
    {
      config: { access: 'menu:manage' },
      schema: { tags, params: idParamsSchema, body: updateItemBodySchema, response: { 200: envelope(itemSchema) } },
    },
    async (request) => ok(await menu.updateItem(request.params.id, request.body), 'Dish saved'),
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
