import { envelope } from '@quan/contract/common';
import {
  einvoiceReconciliationQuerySchema,
  einvoiceReconciliationSchema,
  sendMissingInvoicesBodySchema,
  sentMissingInvoicesSchema,
} from '@quan/contract/einvoice';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { Transact } from '../../events/transact';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { AuditService } from '../audit/service';
import type { SettingsService } from '../settings/service';
import { readReconciliation } from './reconciliation';
import { sendMissingInvoices } from './send-missing-invoices';

export interface ReconciliationRoutesOptions {
  db: Database;
  transact: Transact;
  audit: AuditService;
  settings: Pick<SettingsService, 'get'>;
}

/**
 * /api/einvoices/reconciliation and /api/einvoices/send-missing: a manager checks a day of the branch's sales
 * against its e-invoices, and has the missing ones sent. The day is the branch's own, in its time zone.
 */
export const reconciliationRoutes: FastifyPluginAsync<ReconciliationRoutesOptions> = async (
  fastify,
  { db, transact, audit, settings },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['E-invoices'];

  app.get(
    '/reconciliation',
    {
      config: { access: 'einvoices:review' },
      schema: {
        tags,
        description:
          "The branch's orders completed on the day with their sale invoices, the day's revenue by VAT rate beside " +
          'what the issued invoices declare, and the orders that need a person.',
        querystring: einvoiceReconciliationQuerySchema,
        response: { 200: envelope(einvoiceReconciliationSchema) },
      },
    },
    async (request) => {
      const { branchId } = currentUser(request);
      const { timezone } = await settings.get(branchId);
      return ok(await readReconciliation(db, branchId, { day: request.query.date, timezone }));
    },
  );

  app.post(
    '/send-missing',
    {
      config: { access: 'einvoices:review' },
      schema: {
        tags,
        description:
          'Queues a sale invoice for each order completed on the day that has none, and lets its failed invoices ' +
          'try again (409 EINVOICE_DISABLED while e-invoicing is off).',
        body: sendMissingInvoicesBodySchema,
        response: { 200: envelope(sentMissingInvoicesSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { timezone } = await settings.get(user.branchId);
      const sent = await sendMissingInvoices({ transact, audit }, user, { day: request.body.date, timezone });
      return ok(sent, `${sent.queued} invoices queued, ${sent.retried} tried again`);
    },
  );
};
