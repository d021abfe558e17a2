import { envelope, idParamsSchema } from '@quan/contract/common';
import {
  couponSchema,
  couponValidationSchema,
  createCouponBodySchema,
  updateCouponBodySchema,
  validateCouponBodySchema,
} from '@quan/contract/coupon';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import type { CouponsService } from './service';

/** Staff read and validate coupons at the POS; managers write them. */
export const couponRoutes: FastifyPluginAsync<{ coupons: CouponsService }> = async (fastify, { coupons }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Coupons'];

  app.get(
    '/',
    { config: { access: 'coupons:read' }, schema: { tags, response: { 200: envelope(z.array(couponSchema)) } } },
    async () => ok(await coupons.list()),
  );

  app.post(
    '/validate',
    {
      config: { access: 'coupons:validate' },
      schema: { tags, body: validateCouponBodySchema, response: { 200: envelope(couponValidationSchema) } },
    },
    async (request) => ok(await coupons.validate(currentUser(request).branchId, request.body)),
  );

  app.post(
    '/',
    {
      config: { access: 'coupons:manage' },
      schema: { tags, body: createCouponBodySchema, response: { 201: envelope(couponSchema) } },
    },
    async (request, reply) => {
      const created = await coupons.create(request.body);
      return reply.status(201).send(ok(created, `Coupon ${created.code} created`));
    },
  );

  app.put(
    '/:id',
    {
      config: { access: 'coupons:manage' },
      schema: { tags, params: idParamsSchema, body: updateCouponBodySchema, response: { 200: envelope(couponSchema) } },
    },
    async (request) => {
      const saved = await coupons.update(request.params.id, request.body);
      return ok(saved, `Coupon ${saved.code} saved`);
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'coupons:manage' },
      schema: { tags, params: idParamsSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await coupons.remove(request.params.id);
      return ok(null, 'Coupon deleted');
    },
  );
};
