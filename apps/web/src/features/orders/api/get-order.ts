import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Order } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Under the orders' root, so every order event and order mutation refreshes it too; `detail` keeps it apart
 * from the cached lists (see `orderListFiltersOf`).
 */
export const orderQueryKey = (id: string) => [...queryRoots.orders, 'detail', id] as const;

/** One order, whole: its rounds, lines, bill and version. */
export async function getOrder(id: string): Promise<Order> {
  const response = await apiClient.get<Envelope<Order>>(`/api/order/${encodeURIComponent(id)}`);
  return response.data.data;
}

export function orderQueryOptions(id: string) {
  return queryOptions({ queryKey: orderQueryKey(id), queryFn: () => getOrder(id) });
}

/** The order with this id; nothing is loaded while `id` is null. */
export function useOrder(id: string | null) {
  return useQuery({ ...orderQueryOptions(id ?? ''), enabled: id !== null });
}
