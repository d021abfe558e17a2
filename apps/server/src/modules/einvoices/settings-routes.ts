import { envelope, errorResponseSchema, type ErrorResponse } from '@quan/contract/common';
import { einvoiceSettingsSchema, updateEinvoiceSettingsBodySchema } from '@quan/contract/einvoice';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Transact } from '../../events/transact';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { AuditService } from '../audit/service';
import { loadEinvoiceSettings } from './settings-repository';
import { checkEinvoiceSettings, ProviderUnreachable } from './settings-check';
import { saveEinvoiceSettings } from './settings-save';
import { toEinvoiceSettings } from './settings-view';

/** /api/einvoice-settings: the account the admin's branch issues its invoices with, and a check that it signs in. */
export const einvoiceSettingsRoutes: FastifyPluginAsync<{
  db: Database;
  transact: Transact;
  audit: AuditService;
}> = async (fastify, { db, transact, audit }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['E-invoices'];
  const access = 'einvoices:configure';

  app.get(
    '/',
    { config: { access }, schema: { tags, response: { 200: envelope(einvoiceSettingsSchema.nullable()) } } },
    async (request) => {
      const row = await loadEinvoiceSettings(db, currentUser(request).branchId);
      return ok(row && toEinvoiceSettings(row));
    },
  );

  app.put(
    '/',
    {
      config: { access },
      schema: { tags, body: updateEinvoiceSettingsBodySchema, response: { 200: envelope(einvoiceSettingsSchema) } },
    },
    async (request) =>
      ok(
        await saveEinvoiceSettings({ transact, audit }, currentUser(request), request.body),
        'E-invoice settings saved',
      ),
  );

  app.post(
    '/check',
    {
      config: { access },
      schema: { tags, response: { 200: envelope(z.object({ ok: z.literal(true) })), 502: errorResponseSchema } },
    },
    async (request, reply) => {
      try {
        await checkEinvoiceSettings(db, currentUser(request).branchId);
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
      return ok({ ok: true as const }, 'Signed in to the e-invoice provider');
    },
  );
};
