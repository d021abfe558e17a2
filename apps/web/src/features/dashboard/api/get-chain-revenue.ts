import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { ChainRevenue, RevenueQuery } from '@quan/contract/report';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Every branch's figures of the range and their total: the owners' view of the chain ('reports:chain'). */
export async function getChainRevenue(range: RevenueQuery): Promise<ChainRevenue> {
  const response = await apiClient.get<Envelope<ChainRevenue>>('/api/order/revenue', {
    params: { ...range, scope: 'chain' },
  });
  return response.data.data;
}

export function useChainRevenue(range: RevenueQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...queryRoots.reports, 'revenue', 'chain', range] as const,
    queryFn: () => getChainRevenue(range),
    placeholderData: keepPreviousData,
    enabled,
  });
}
