import { useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { ChainChartData } from '@quan/contract/report';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Every branch's last 30 days and the chain's sums: the owners' charts ('reports:chain'). */
export async function getChainChartData(): Promise<ChainChartData> {
  const response = await apiClient.get<Envelope<ChainChartData>>('/api/order/chart-data', {
    params: { scope: 'chain' },
  });
  return response.data.data;
}

/** `day` keys the cache as the branch's charts do: after midnight the page asks again. */
export function useChainChartData(day: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...queryRoots.reports, 'chart-data', 'chain', day] as const,
    queryFn: getChainChartData,
    enabled,
  });
}
