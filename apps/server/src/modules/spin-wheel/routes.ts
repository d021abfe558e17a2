import { envelope } from '@quan/contract/common';
import { spinBodySchema, spinPrizeSchema, spinRecordSchema, spinResultSchema } from '@quan/contract/spin-wheel';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { SpinWheelService } from './service';

/** The promotion any signed-in staff member runs for a customer at the counter. */
export const spinWheelRoutes: FastifyPluginAsync<{ spinWheel: SpinWheelService }> = async (fastify, { spinWheel }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Spin wheel'];

  app.get(
    '/prizes',
    { config: { access: 'spin-wheel:use' }, schema: { tags, response: { 200: envelope(z.array(spinPrizeSchema)) } } },
    async (request) => ok(await spinWheel.prizes(currentUser(request).branchId)),
  );

  app.post(
    '/spin',
    {
      config: { access: 'spin-wheel:use' },
      schema: { tags, body: spinBodySchema, response: { 200: envelope(spinResultSchema) } },
    },
    async (request) => {
      const result = await spinWheel.spin(currentUser(request), request.body.customerId);
      return ok(result, result.prize ? `Won: ${result.prize.label}` : 'No prize this time');
    },
  );

  app.get(
    '/spins',
    { config: { access: 'spin-wheel:use' }, schema: { tags, response: { 200: envelope(z.array(spinRecordSchema)) } } },
    async () => ok(await spinWheel.recent()),
  );
};
