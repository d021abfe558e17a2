import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope, Pagination } from '@quan/contract/common';
import type { Order, OrderStatus } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export interface OrderFilters {
  /** ISO strings (SPEC §3: startDate and endDate). */
  startDate?: string;
  endDate?: string;
  status?: readonly OrderStatus[];
  tableId?: string;
  page?: number;
  limit?: number;
}

export const orderListQueryKey = (filters: OrderFilters) => [...queryRoots.orders, 'list', filters] as const;

export async function listOrders(filters: OrderFilters): Promise<{ orders: Order[]; pagination: Pagination }> {
  const { status, ...rest } = filters;
  const response = await apiClient.get<Envelope<Order[]>>('/api/order', {
    params: { ...rest, status: status?.length ? status.join(',') : undefined },
  });
  const pagination = response.data.pagination ?? {
    currentPage: 1,
    totalPages: 1,
    totalItems: response.data.data.length,
    itemsPerPage: response.data.data.length,
  };
  return { orders: response.data.data, pagination };
}

export function ordersQueryOptions(filters: OrderFilters) {
  return queryOptions({
    queryKey: orderListQueryKey(filters),
    queryFn: () => listOrders(filters),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(filters: OrderFilters) {
  return useQuery(ordersQueryOptions(filters));
}
