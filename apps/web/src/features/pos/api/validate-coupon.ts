import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { CouponValidation, ValidateCouponBody } from '@quan/contract/coupon';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const couponValidationQueryKey = ({ code, subtotal, customerId }: ValidateCouponBody) =>
  [...queryRoots.coupons, 'validate', code, subtotal, customerId ?? null] as const;

/** What a coupon takes off this subtotal, or a 409 with the reason it does not apply. */
export async function validateCoupon(body: ValidateCouponBody): Promise<CouponValidation> {
  const response = await apiClient.post<Envelope<CouponValidation>>('/api/coupons/validate', body);
  return response.data.data;
}

export function couponValidationQueryOptions(body: ValidateCouponBody) {
  return queryOptions({
    queryKey: couponValidationQueryKey(body),
    queryFn: () => validateCoupon(body),
    // A coupon can be used up or expire at any moment: an answer is not kept once nobody shows it.
    gcTime: 0,
    // While a new subtotal is checked, the same code's last answer stays on screen.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === body.code ? previous : undefined),
  });
}

export function useCouponValidation(body: ValidateCouponBody | null) {
  return useQuery({
    ...couponValidationQueryOptions(body ?? { code: '', subtotal: 0 }),
    enabled: body !== null,
  });
}
