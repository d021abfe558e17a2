import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Order } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** How many of a customer's orders their details show. */
export const RECENT_ORDER_COUNT = 5;

// Under the orders root: the live order events that refresh the order screens refresh this list too.
export const customerOrdersQueryKey = (customerId: string) =>
  [...queryRoots.orders, 'customer', customerId, RECENT_ORDER_COUNT] as const;

/** A customer's latest orders, newest first (GET /api/order?customerId: one page, not every order). */
export async function listCustomerOrders(customerId: string): Promise<Order[]> {
  const response = await apiClient.get<Envelope<Order[]>>('/api/order', {
    params: { customerId, limit: RECENT_ORDER_COUNT },
  });
  return response.data.data;
}

export function customerOrdersQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: customerOrdersQueryKey(customerId),
    queryFn: () => listCustomerOrders(customerId),
  });
}

export function useCustomerOrders(customerId: string) {
  return useQuery(customerOrdersQueryOptions(customerId));
}
