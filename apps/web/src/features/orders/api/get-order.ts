import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Order } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const orderQueryKey = (id: string) => [...queryRoots.orders, 'detail', id] as const;

export async function getOrder(id: string): Promise<Order> {
  const response = await apiClient.get<Envelope<Order>>(`/api/order/${encodeURIComponent(id)}`);
  return response.data.data;
}

export function orderQueryOptions(id: string) {
  return queryOptions({ queryKey: orderQueryKey(id), queryFn: () => getOrder(id) });
}

export function useOrder(id: string | null) {
  return useQuery({ ...orderQueryOptions(id ?? ''), enabled: id !== null });
}
