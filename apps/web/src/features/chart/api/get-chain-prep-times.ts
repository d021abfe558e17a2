import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { ChainPrepTimes, RevenueQuery } from '@quan/contract/report';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Every branch's preparation times over the range and the chain's, averaged over all the branches' dishes:
 * the owners' view ('reports:chain').
 */
export async function getChainPrepTimes(range: RevenueQuery): Promise<ChainPrepTimes> {
  const response = await apiClient.get<Envelope<ChainPrepTimes>>('/api/order/prep-times', {
    params: { ...range, scope: 'chain' },
  });
  return response.data.data;
}

/** Beside the branch's times under the reports' root, so the same live events refresh both. */
export const chainPrepTimesQueryKey = (range: RevenueQuery) =>
  [...queryRoots.reports, 'prep-times', 'chain', range] as const;

export function chainPrepTimesQueryOptions(range: RevenueQuery) {
  return queryOptions({
    queryKey: chainPrepTimesQueryKey(range),
    queryFn: () => getChainPrepTimes(range),
    placeholderData: keepPreviousData,
  });
}

export function useChainPrepTimes(range: RevenueQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...chainPrepTimesQueryOptions(range), enabled });
}
