import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Coupon } from '@quan/contract/coupon';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const couponsQueryKey = [...queryRoots.coupons, 'list'] as const;

/** Every coupon, newest first, including the single-use prizes the spin wheel issued (staff may read them). */
export async function listCoupons(): Promise<Coupon[]> {
  const response = await apiClient.get<Envelope<Coupon[]>>('/api/coupons');
  return response.data.data;
}

export function couponsQueryOptions() {
  return queryOptions({ queryKey: couponsQueryKey, queryFn: listCoupons });
}

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}

/** After a coupon is written: the list, and the spin wheel, whose prizes are the coupons with a spin weight. */
export function invalidateCoupons(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryRoots.coupons }),
    queryClient.invalidateQueries({ queryKey: queryRoots.spinWheel }),
  ]);
}
