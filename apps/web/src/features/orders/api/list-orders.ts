import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope, Pagination } from '@quan/contract/common';
import type { Order, OrderStatus } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** The most orders one page of GET /api/order holds (API.md). */
export const maxOrdersPerPage = 200;

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
export const allOrdersQueryKey = (filters: OrderFilters) => [...queryRoots.orders, 'all', filters] as const;

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

/**
 * Every order matching the filters, page after page: for figures computed on the client (today's
 * popular dishes and revenue) that must not stop at the first page on a busy day.
 */
export async function listAllOrders(filters: Omit<OrderFilters, 'page' | 'limit'>): Promise<Order[]> {
  const first = await listOrders({ ...filters, page: 1, limit: maxOrdersPerPage });
  const orders = [...first.orders];
  for (let page = 2; page <= first.pagination.totalPages; page += 1) {
    orders.push(...(await listOrders({ ...filters, page, limit: maxOrdersPerPage })).orders);
  }
  return orders;
}

export function ordersQueryOptions(filters: OrderFilters) {
  return queryOptions({
    queryKey: orderListQueryKey(filters),
    queryFn: () => listOrders(filters),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(filters: OrderFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...ordersQueryOptions(filters), enabled });
}

export function useAllOrders(filters: Omit<OrderFilters, 'page' | 'limit'>) {
  return useQuery({ queryKey: allOrdersQueryKey(filters), queryFn: () => listAllOrders(filters) });
}
