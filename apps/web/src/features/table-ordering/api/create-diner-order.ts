import type { DinerOrderBody, DinerOrderResult } from '@quan/contract/public';
import { publicRequest } from '../../../lib/public-api';
import { branchApiPath } from '../../../lib/diner-branch';

/**
 * POST /api/order without a token (a table of the first branch) or POST /api/public/b/{slug}/orders (a table
 * of that branch): a diner's order from the table page. The body carries dishes and quantities only (the
 * server prices them); the same Idempotency-Key and body return the same order, so a resend after a lost
 * answer never orders twice.
 */
export function createDinerOrder(
  body: DinerOrderBody,
  idempotencyKey: string,
  slug: string | null = null,
): Promise<DinerOrderResult> {
  return publicRequest<DinerOrderResult>('POST', slug ? `${branchApiPath(slug)}/orders` : '/api/order', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
