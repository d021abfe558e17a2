import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { SpinRecord } from '@quan/contract/spin-wheel';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const recentSpinsQueryKey = [...queryRoots.spinWheel, 'spins'] as const;

/** The latest 20 spins, newest first: who spun for whom, what they won and the code issued. */
export async function listRecentSpins(): Promise<SpinRecord[]> {
  const response = await apiClient.get<Envelope<SpinRecord[]>>('/api/spin-wheel/spins');
  return response.data.data;
}

export function recentSpinsQueryOptions() {
  return queryOptions({ queryKey: recentSpinsQueryKey, queryFn: listRecentSpins });
}

export function useRecentSpins() {
  return useQuery(recentSpinsQueryOptions());
}
