import { envelope, idParamsSchema, type ErrorResponse } from '@quan/contract/common';
import { einvoiceListSchema, invoiceBuyerBodySchema, listEinvoicesQuerySchema } from '@quan/contract/einvoice';
import { orderSchema } from '@quan/contract/order';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { Transact } from '../../events/transact';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { AuditService } from '../audit/service';
import { fetchInvoiceFile } from './invoice-file';
import { listEinvoices } from './list-einvoices';
import { retryInvoice } from './retry-invoice';
import { setInvoiceBuyer } from './set-invoice-buyer';
import { ProviderUnreachable } from './settings-check';

export interface OrderInvoiceRoutesDeps {
  db: Database;
  transact: Transact;
  audit: Pick<AuditService, 'record'>;
}

const tags = ['E-invoices'];

/** /api/order/{id}/invoice…: who an order's e-invoice is for, a failed one sent again, and its PDF. */
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
  app.get(
    '/:id/invoice/file',
    {
      config: { access: 'payments:take' },
      schema: {
        tags,
        description:
          "The order's issued (or cancelled) e-invoice as the provider prints it, a PDF sent as an attachment " +
          'named <invoice number>.pdf. 404 when the order has no issued invoice; 409 `EINVOICE_FILE_NOT_READY` ' +
          "while the provider is still making the file (a minute after issuing); 422 with the provider's message " +
          'when it refuses; 502 when it cannot be reached.',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      try {
        const file = await fetchInvoiceFile(deps.db, currentUser(request), request.params.id);
        // The provider's numbers are letters and digits; anything else is replaced so that it cannot break the header.
        const fileName = `${file.invoiceNumber.replace(/[^\w-]/g, '_')}.pdf`;
        return reply
          .header('content-type', file.mimeType)
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(file.bytes));
      } catch (error) {
        if (!(error instanceof ProviderUnreachable)) throw error;
        // No answer to trust from the provider: neither the caller's fault (4xx) nor this server's (500).
        return reply.status(502).send({
          success: false,
          message: error.message,
          code: 'EINVOICE_PROVIDER_UNREACHABLE',
          params: { message: error.message },
        } satisfies ErrorResponse);
      }
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
