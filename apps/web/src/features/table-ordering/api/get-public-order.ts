import type { PublicOrder } from '@quan/contract/public';
import { publicRequest } from '../../../lib/public-api';
import { usePublicData, type LoadContext } from '../../../lib/use-public-data';

export interface TrackedOrder {
  orderId: string;
  trackingToken: string;
  tableNo: number;
}

/** GET /api/public/orders/{id}?token=: the order as its diner may see it (404 without the right token). */
export function fetchPublicOrder(
  { orderId, trackingToken }: TrackedOrder,
  { signal }: LoadContext,
): Promise<PublicOrder> {
  const path = `/api/public/orders/${encodeURIComponent(orderId)}?token=${encodeURIComponent(trackingToken)}`;
  return publicRequest<PublicOrder>('GET', path, { signal, cache: 'no-store' });
}

export function usePublicOrder(tracked: TrackedOrder | null) {
  return usePublicData(tracked ? `order:${tracked.orderId}` : null, (context) =>
    tracked ? fetchPublicOrder(tracked, context) : Promise.reject(new Error('No order to load')),
  );
}
