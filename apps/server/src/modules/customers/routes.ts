import { envelope, idParamsSchema } from '@quan/contract/common';
import {
  createCustomerBodySchema,
  customerSchema,
  customerStatsSchema,
  listCustomersQuerySchema,
  updateCustomerBodySchema,
  updateMembershipsResultSchema,
  vipEmailSchema,
} from '@quan/contract/customer';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { CustomersService } from './service';

/** Staff look customers up, add and edit them at the counter; managers delete and run the programme. */
export const customerRoutes: FastifyPluginAsync<{ customers: CustomersService }> = async (fastify, { customers }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Customers'];

  app.get(
    '/',
    {
      config: { access: 'customers:read' },
      schema: { tags, querystring: listCustomersQuerySchema, response: { 200: envelope(z.array(customerSchema)) } },
    },
    async (request) => {
      const { customers: page, pagination } = await customers.list(request.query);
      return { ...ok(page), pagination };
    },
  );

  app.get(
    '/stats',
    { config: { access: 'customers:read' }, schema: { tags, response: { 200: envelope(customerStatsSchema) } } },
    async () => ok(await customers.stats()),
  );

  app.get(
    '/vip-emails',
    {
      config: { access: 'customers:manage-loyalty' },
      schema: { tags, response: { 200: envelope(z.array(vipEmailSchema)) } },
    },
    async () => ok(await customers.vipEmails()),
  );

  app.post(
    '/update-memberships',
    {
      config: { access: 'customers:manage-loyalty' },
      schema: { tags, response: { 200: envelope(updateMembershipsResultSchema) } },
    },
    async (request) => {
      const updated = await customers.updateMemberships(currentUser(request).branchId);
      const changed = updated === 1 ? '1 customer changed level' : `${updated} customers changed level`;
      return ok({ updated }, `Memberships updated: ${changed}`);
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'customers:read' },
      schema: { tags, params: idParamsSchema, response: { 200: envelope(customerSchema) } },
    },
    async (request) => ok(await customers.get(request.params.id)),
  );

  app.post(
    '/',
    {
      config: { access: 'customers:edit' },
      schema: { tags, body: createCustomerBodySchema, response: { 201: envelope(customerSchema) } },
    },
    async (request, reply) => reply.status(201).send(ok(await customers.create(request.body), 'Customer created')),
  );

  app.put(
    '/:id',
    {
      config: { access: 'customers:edit' },
      schema: {
        tags,
        params: idParamsSchema,
        body: updateCustomerBodySchema,
        response: { 200: envelope(customerSchema) },
      },
    },
    async (request) => ok(await customers.update(request.params.id, request.body), 'Customer saved'),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'customers:delete' },
      schema: { tags, params: idParamsSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await customers.remove(request.params.id);
      return ok(null, 'Customer deleted successfully');
    },
  );
};
