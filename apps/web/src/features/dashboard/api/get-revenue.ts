import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Revenue, RevenueFiguresQuery } from '@quan/contract/report';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * The figures of completed orders with `startDate ≤ completedAt < endDate`; no range means today. With
 * `compare`, the server adds those of the span it compared them with (`comparison`).
 */
export async function getRevenue(range: RevenueFiguresQuery = {}): Promise<Revenue> {
  const response = await apiClient.get<Envelope<Revenue>>('/api/order/revenue', { params: range });
  return response.data.data;
}

export const revenueQueryKey = (range: RevenueFiguresQuery) => [...queryRoots.reports, 'revenue', range] as const;

export function revenueQueryOptions(range: RevenueFiguresQuery) {
  return queryOptions({
    queryKey: revenueQueryKey(range),
    queryFn: () => getRevenue(range),
    // Switching periods keeps the last figures on screen instead of flashing empty cards.
    placeholderData: keepPreviousData,
  });
}

export function useRevenue(range: RevenueFiguresQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...revenueQueryOptions(range), enabled });
}

/**
 * Today's figures: the call goes without a range, so the server decides which day is today in the
 * restaurant's time zone. `day` (the restaurant's day as the screen sees it) only keys the cache, so the
 * figures move on to the new day after midnight.
 */
export function useTodaysRevenue(day: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...queryRoots.reports, 'revenue', 'today', day] as const,
    queryFn: () => getRevenue(),
    enabled,
  });
}
