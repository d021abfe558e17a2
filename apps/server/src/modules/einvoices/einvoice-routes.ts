import { envelope, idParamsSchema } from '@quan/contract/common';
import { einvoiceListSchema, invoiceBuyerBodySchema, listEinvoicesQuerySchema } from '@quan/contract/einvoice';
import { orderSchema } from '@quan/contract/order';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { Transact } from '../../events/transact';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { AuditService } from '../audit/service';
import { listEinvoices } from './list-einvoices';
import { retryInvoice } from './retry-invoice';
import { setInvoiceBuyer } from './set-invoice-buyer';

export interface OrderInvoiceRoutesDeps {
  transact: Transact;
  audit: Pick<AuditService, 'record'>;
}

const tags = ['E-invoices'];

/** /api/order/{id}/invoice…: who an order's e-invoice is for, and a failed one sent again. */
export const orderInvoiceRoutes: FastifyPluginAsync<OrderInvoiceRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/:id/invoice-buyer',
    {
      config: { access: 'payments:take' },
      schema: {
        tags,
        description:
          "Who the order's e-invoice is for: a company (name, tax code, address, e-mail) or a walk-in guest. " +
          'Allowed until the invoice is issued; a failed invoice takes the new buyer and waits to be sent again.',
        params: idParamsSchema,
        body: invoiceBuyerBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) => {
      const order = await setInvoiceBuyer(deps, currentUser(request), request.params.id, request.body);
      return ok(order, `Order ${order.orderNo}'s e-invoice buyer saved`);
    },
  );
  app.post(
    '/:id/invoice/retry',
    {
      config: { access: 'payments:take' },
      schema: {
        tags,
        description: "Sends the order's failed e-invoice to the provider again now; its attempts are kept.",
        params: idParamsSchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) => {
      const order = await retryInvoice(deps, currentUser(request), request.params.id);
      return ok(order, `Order ${order.orderNo}'s e-invoice will be sent again`);
    },
  );
};

/** /api/einvoices: the branch's invoices in one state (the failed ones, for a person to look at). */
export const einvoiceListRoutes: FastifyPluginAsync<{ db: Database }> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      config: { access: 'einvoices:review' },
      schema: {
        tags,
        description: "The caller's branch's e-invoices in one state, oldest first (`failed` by default).",
        querystring: listEinvoicesQuerySchema,
        response: { 200: envelope(einvoiceListSchema) },
      },
    },
    async (request) => ok(await listEinvoices(db, currentUser(request).branchId, request.query)),
  );
};
