import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Coupon, CreateCouponBody } from '@quan/contract/coupon';
import { apiClient } from '../../../lib/api-client';
import { invalidateCoupons } from './list-coupons';

/** Managers only; 409 when the code exists, 400 with a message per field when a rule is broken. */
export async function createCoupon(body: CreateCouponBody): Promise<Coupon> {
  const response = await apiClient.post<Envelope<Coupon>>('/api/coupons', body);
  return response.data.data;
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCoupon, onSettled: () => invalidateCoupons(queryClient) });
}
