import { emptyDataSchema, envelope } from '@quan/contract/common';
import { createTableBodySchema, tableParamsSchema, tableSchema, updateTableBodySchema } from '@quan/contract/table';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { OrdersService } from '../orders/service';
import type { TablesService } from './service';

export const tableRoutes: FastifyPluginAsync<{ tables: TablesService; orders: OrdersService }> = async (
  fastify,
  { tables, orders },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Tables'];

  app.get(
    '/',
    { config: { access: 'tables:read' }, schema: { tags, response: { 200: envelope(z.array(tableSchema)) } } },
    async (request) => ok(await tables.list(currentUser(request).branchId)),
  );

  app.post(
    '/',
    {
      config: { access: 'tables:manage' },
      schema: { tags, body: createTableBodySchema, response: { 201: envelope(tableSchema) } },
    },
    async (request, reply) => {
      const table = await tables.create(currentUser(request).branchId, request.body);
      return reply.status(201).send(ok(table, `Table ${table.tableNo} created`));
    },
  );

  app.put(
    '/:tableId',
    {
      config: { access: 'tables:seat' },
      schema: {
        tags,
        params: tableParamsSchema,
        body: updateTableBodySchema,
        response: { 200: envelope(tableSchema) },
      },
    },
    async (request) => {
      const { orderId, ...changes } = request.body;
      const { tableId } = request.params;
      const actor = currentUser(request);
      if (orderId) {
        if (Object.keys(changes).length > 0) await tables.update(actor, tableId, changes);
        await orders.moveToTable(actor, orderId, tableId);
        const table = await tables.get(actor.branchId, tableId);
        return ok(table, `Order moved to table ${table.tableNo}`);
      }
      // orderId null frees the table, which is what status "available" does.
      const table = await tables.update(
        actor,
        tableId,
        orderId === null ? { ...changes, status: 'available' } : changes,
      );
      return ok(table, `Table ${table.tableNo} saved`);
    },
  );

  app.delete(
    '/:tableId',
    {
      config: { access: 'tables:manage' },
      schema: { tags, params: tableParamsSchema, response: { 200: envelope(emptyDataSchema) } },
    },
    async (request) => {
      await tables.remove(currentUser(request).branchId, request.params.tableId);
      return ok(null, 'Table deleted');
    },
  );
};
