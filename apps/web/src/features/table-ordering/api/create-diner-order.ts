import type { DinerOrderBody, DinerOrderResult } from '@quan/contract/public';
import { publicRequest } from '../../../lib/public-api';

/**
 * POST /api/order without a token: a diner's order from the table page. The body carries dishes and
 * quantities only (the server prices them); the same Idempotency-Key and body return the same order, so a
 * resend after a lost answer never orders twice.
 */
export function createDinerOrder(body: DinerOrderBody, idempotencyKey: string): Promise<DinerOrderResult> {
  return publicRequest<DinerOrderResult>('POST', '/api/order', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
