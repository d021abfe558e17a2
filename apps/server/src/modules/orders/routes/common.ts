import { idempotencyKeySchema } from '@quan/contract/order';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The orders plugin's instance with its zod schemas, on which each group of routes (routes/*.ts) is declared. */
export type OrdersApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export const tags = ['Orders'];

export const idempotencyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });
