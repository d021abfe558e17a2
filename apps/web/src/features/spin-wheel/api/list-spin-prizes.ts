import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { SpinPrize } from '@quan/contract/spin-wheel';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const spinPrizesQueryKey = [...queryRoots.spinWheel, 'prizes'] as const;

/** The wheel's segments in order: the prize coupons by weight, last "Better luck next time". */
export async function listSpinPrizes(): Promise<SpinPrize[]> {
  const response = await apiClient.get<Envelope<SpinPrize[]>>('/api/spin-wheel/prizes');
  return response.data.data;
}

export function spinPrizesQueryOptions() {
  return queryOptions({ queryKey: spinPrizesQueryKey, queryFn: listSpinPrizes });
}

export function useSpinPrizes() {
  return useQuery(spinPrizesQueryOptions());
}
