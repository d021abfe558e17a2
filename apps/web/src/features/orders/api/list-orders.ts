import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Envelope, Pagination } from '@quan/contract/common';
import type { Order, OrderStatus } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** The most orders one page of GET /api/order holds (the contract's `listOrdersQuerySchema`). */
export const maxOrdersPerPage = 200;

export interface OrderFilters {
  /** ISO instants: orders created from `startDate` to `endDate`, both included. */
  startDate?: string;
  endDate?: string;
  status?: readonly OrderStatus[];
  tableId?: string;
  /** Newest first unless `oldest` (the kitchen's order: the longest wait on top). */
  sort?: 'newest' | 'oldest';
  page?: number;
  limit?: number;
}

export interface OrderPage {
  orders: Order[];
  pagination: Pagination;
}

const orderListRoot = [...queryRoots.orders, 'list'] as const;

export const orderListQueryKey = (filters: OrderFilters) => [...orderListRoot, filters] as const;

/** The filters of a cached order list, or null for any other query under the orders' root. */
export function orderListFiltersOf(queryKey: readonly unknown[]): OrderFilters | null {
  const [root, kind, filters] = queryKey;
  return queryKey.length === 3 && root === orderListRoot[0] && kind === orderListRoot[1] && typeof filters === 'object'
    ? (filters as OrderFilters)
    : null;
}

export async function listOrders(filters: OrderFilters): Promise<OrderPage> {
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

export function useOrders(filters: OrderFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...ordersQueryOptions(filters), enabled });
}

/** Whether the server would list this order under these filters. */
function orderMatches(order: Order, filters: OrderFilters): boolean {
  const createdAt = Date.parse(order.createdAt);
  return (
    (!filters.status || filters.status.includes(order.status)) &&
    (!filters.startDate || createdAt >= Date.parse(filters.startDate)) &&
    (!filters.endDate || createdAt <= Date.parse(filters.endDate)) &&
    (!filters.tableId || order.table?._id === filters.tableId)
  );
}

/** The server's order of a list: by creation time, then id, newest or oldest first. */
function compareOrders(sort: OrderFilters['sort']) {
  const direction = sort === 'oldest' ? 1 : -1;
  return (a: Order, b: Order) =>
    direction * (Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

/**
 * A cached page of orders with one order as it now stands (from a live event): replaced where it is
 * (unless the page already holds a later version of it), inserted where the server would put it, or taken
 * out when it no longer matches the filters. Undefined when the page alone cannot tell the new answer (other
 * pages exist, whose orders would slide in or out, or the page would overflow): that list has to be asked
 * for again.
 */
export function withOrder(page: OrderPage, order: Order, filters: OrderFilters): OrderPage | undefined {
  const listedAs = page.orders.find((listed) => listed._id === order._id);
  // An answer or event that arrives after a later one must not bring back the older order: the screen
  // would send its older version with the next move and be refused.
  if (listedAs && listedAs.version > order.version) return page;
  const isListed = listedAs !== undefined;
  const matches = orderMatches(order, filters);
  if (isListed && matches) {
    return { ...page, orders: page.orders.map((listed) => (listed._id === order._id ? order : listed)) };
  }

  const { pagination } = page;
  const isWholeList = pagination.currentPage === 1 && pagination.totalItems === page.orders.length;
  if (!isWholeList) return undefined;
  if (!isListed && !matches) return page;
  if (isListed) {
    return {
      orders: page.orders.filter((listed) => listed._id !== order._id),
      pagination: { ...pagination, totalItems: pagination.totalItems - 1 },
    };
  }
  if (page.orders.length >= (filters.limit ?? pagination.itemsPerPage)) return undefined;
  return {
    orders: [...page.orders, order].sort(compareOrders(filters.sort)),
    pagination: { ...pagination, totalItems: pagination.totalItems + 1 },
  };
}

/**
 * The cached lists with the order a change of it answered: written where it is listed at once, so the next
 * action on it sends the version this one left instead of waiting for the refetch. A list already holding a
 * later version (from a live event) keeps it.
 */
export function putAnsweredOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueriesData<OrderPage>(
    { queryKey: queryRoots.orders, predicate: (query) => orderListFiltersOf(query.queryKey) !== null },
    (page) =>
      page?.orders.some((listed) => listed._id === order._id && listed.version <= order.version)
        ? { ...page, orders: page.orders.map((listed) => (listed._id === order._id ? order : listed)) }
        : page,
  );
}

/**
 * After any change of an order, answered or refused: a refusal (409) means it changed elsewhere, and a
 * change may free or fill a table (a merge frees one, a last part paid completes the order).
 */
export async function refreshOrdersAndTables(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
    queryClient.invalidateQueries({ queryKey: queryRoots.tables }),
  ]);
}
