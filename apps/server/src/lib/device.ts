import { DEVICE_ID_HEADER, deviceIdSchema } from '@quan/contract/payments';
import type { FastifyRequest } from 'fastify';

/**
 * The staff device a request came from (the id it sent in `X-Device-Id`), or null when it sent none or
 * a malformed one: a payment is then counted in the restaurant's only open shift, if there is exactly one.
 */
export function deviceIdOf(request: FastifyRequest): string | null {
  const parsed = deviceIdSchema.safeParse(request.headers[DEVICE_ID_HEADER]);
  return parsed.success ? parsed.data : null;
}
