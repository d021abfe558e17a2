import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { PrepTimes, RevenueQuery } from '@quan/contract/report';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** How long the kitchen took per station and per dish, over the rounds sent in the range. */
export async function getPrepTimes(range: RevenueQuery): Promise<PrepTimes> {
  const response = await apiClient.get<Envelope<PrepTimes>>('/api/order/prep-times', { params: range });
  return response.data.data;
}

/** Under the reports' root, so the live events that refresh the figures refresh these times too. */
export const prepTimesQueryKey = (range: RevenueQuery) => [...queryRoots.reports, 'prep-times', range] as const;

export function prepTimesQueryOptions(range: RevenueQuery) {
  return queryOptions({
    queryKey: prepTimesQueryKey(range),
    queryFn: () => getPrepTimes(range),
    placeholderData: keepPreviousData,
  });
}

export function usePrepTimes(range: RevenueQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...prepTimesQueryOptions(range), enabled });
}
