import { envelope } from '@quan/contract/common';
import { settingsSchema, updateSettingsBodySchema } from '@quan/contract/settings';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { SettingsService } from './service';

export const settingsRoutes: FastifyPluginAsync<{ settings: SettingsService }> = async (fastify, { settings }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Settings'];

  app.get(
    '/',
    { config: { access: 'settings:read' }, schema: { tags, response: { 200: envelope(settingsSchema) } } },
    async (request) => ok(await settings.get(currentUser(request).branchId)),
  );

  app.put(
    '/',
    {
      config: { access: 'settings:manage' },
      schema: { tags, body: updateSettingsBodySchema, response: { 200: envelope(settingsSchema) } },
    },
    async (request) => ok(await settings.update(currentUser(request).branchId, request.body), 'Settings saved'),
  );
};
