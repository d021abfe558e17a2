import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { SpinBody, SpinResult } from '@quan/contract/spin-wheel';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { recentSpinsQueryKey } from './list-spins';

/**
 * The server draws the segment and issues the prize coupon; 409 when the customer has spun today already or
 * is inactive.
 */
export async function spin(body: SpinBody): Promise<SpinResult> {
  const response = await apiClient.post<Envelope<SpinResult>>('/api/spin-wheel/spin', body);
  return response.data.data;
}

export function useSpin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: spin,
    // A prize is a new coupon. The recent spins wait for the wheel to stop (they would give the result away),
    // except after a failure: a refused or lost answer may hide a spin that did happen.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.coupons }),
    onError: () => queryClient.invalidateQueries({ queryKey: recentSpinsQueryKey }),
  });
}
