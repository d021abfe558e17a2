import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { ChainRevenue, RevenueFiguresQuery } from '@quan/contract/report';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** The chain's figures: a range and, with `compare`, what each branch's and the total's are compared with. */
type ChainRevenueQuery = Omit<RevenueFiguresQuery, 'scope'>;

/**
 * Every branch's figures of the range and their total: the owners' view of the chain ('reports:chain'). With
 * `compare`, each also carries the figures of the span it was compared with (`comparison`).
 */
export async function getChainRevenue(query: ChainRevenueQuery): Promise<ChainRevenue> {
  const response = await apiClient.get<Envelope<ChainRevenue>>('/api/order/revenue', {
    params: { ...query, scope: 'chain' },
  });
  return response.data.data;
}

export function useChainRevenue(query: ChainRevenueQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...queryRoots.reports, 'revenue', 'chain', query] as const,
    queryFn: () => getChainRevenue(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
