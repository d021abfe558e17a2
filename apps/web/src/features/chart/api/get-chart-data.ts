import { useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { ChartData } from '@quan/contract/report';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** The last 30 days up to today, by day, by hour of the day and by category, in the restaurant's time zone. */
export async function getChartData(): Promise<ChartData> {
  const response = await apiClient.get<Envelope<ChartData>>('/api/order/chart-data');
  return response.data.data;
}

/**
 * `day` (the restaurant's day as the screen sees it) only keys the cache: the server picks the 30 days, and
 * after midnight the page asks again instead of showing yesterday's window.
 */
export function useChartData(day: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...queryRoots.reports, 'chart-data', day] as const,
    queryFn: getChartData,
    enabled,
  });
}
