import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { TopDish } from '@quan/contract/report';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Today's best-selling dishes from completed orders, best first; the server decides which day is today. */
export async function getTopDishes(limit: number): Promise<TopDish[]> {
  const response = await apiClient.get<Envelope<TopDish[]>>('/api/order/top-dishes', { params: { limit } });
  return response.data.data;
}

/**
 * Under the reports' root: completing an order refreshes it with the other figures. `day` (the restaurant's
 * day as the screen sees it) only keys the cache, so the ranking starts afresh after midnight.
 */
export function topDishesQueryOptions(day: string, limit: number) {
  return queryOptions({
    queryKey: [...queryRoots.reports, 'top-dishes', day, limit] as const,
    queryFn: () => getTopDishes(limit),
  });
}

export function useTopDishes(day: string, limit = 5) {
  return useQuery(topDishesQueryOptions(day, limit));
}
