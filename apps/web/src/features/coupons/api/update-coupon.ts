import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Coupon, UpdateCouponBody } from '@quan/contract/coupon';
import { apiClient } from '../../../lib/api-client';
import { invalidateCoupons } from './list-coupons';

/** Any subset of the fields; the server checks the rules on the coupon as it would be after the change. */
export async function updateCoupon({ id, ...body }: { id: string } & UpdateCouponBody): Promise<Coupon> {
  const response = await apiClient.put<Envelope<Coupon>>(`/api/coupons/${encodeURIComponent(id)}`, body);
  return response.data.data;
}

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCoupon, onSettled: () => invalidateCoupons(queryClient) });
}
