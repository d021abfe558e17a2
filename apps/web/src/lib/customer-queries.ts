import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Envelope, Pagination } from '@quan/contract/common';
import {
  CUSTOMER_PAGE_SIZE,
  type Customer,
  type CustomerSort,
  type CustomerStats,
  type CustomerStatus,
  type MembershipLevel,
} from '@quan/contract/customer';
import { apiClient } from './api-client';
import { queryRoots } from './query-keys';

/**
 * The one way the web app reads customers: these fetchers and keys serve the customer page (through the
 * customers slice's thunks) and the look-ups at the POS alike, so every answer sits once in the query cache,
 * under the customers root, and a change to a customer invalidates that root alone. It lives in lib/ because
 * the store and several features read it.
 */

/** A query of GET /api/customers; a filter left out means "any". */
export interface CustomerListParams {
  search?: string;
  status?: CustomerStatus;
  membershipLevel?: MembershipLevel;
  sort?: CustomerSort;
  page?: number;
  limit?: number;
}

/** One page of the list, with where it stands among the others. */
export interface CustomerPage {
  customers: Customer[];
  pagination: Pagination;
}

export const customerQueryKeys = {
  all: queryRoots.customers,
  list: (params: CustomerListParams) => [...queryRoots.customers, 'list', params] as const,
  one: (id: string) => [...queryRoots.customers, 'one', id] as const,
  stats: [...queryRoots.customers, 'stats'] as const,
};

const customerPath = (id: string) => `/api/customers/${encodeURIComponent(id)}`;

/** GET /api/customers: the customers that match, one page of them (a server without paging sends them all). */
export async function listCustomers(params: CustomerListParams, signal?: AbortSignal): Promise<CustomerPage> {
  const response = await apiClient.get<Envelope<Customer[]>>('/api/customers', { params, signal });
  const customers = response.data.data;
  const pagination = response.data.pagination ?? {
    currentPage: params.page ?? 1,
    totalPages: 1,
    totalItems: customers.length,
    itemsPerPage: params.limit ?? CUSTOMER_PAGE_SIZE,
  };
  return { customers, pagination };
}

/** GET /api/customers/{id}: one customer as they stand now. */
export async function getCustomer(id: string, signal?: AbortSignal): Promise<Customer> {
  const response = await apiClient.get<Envelope<Customer>>(customerPath(id), { signal });
  return response.data.data;
}

/** GET /api/customers/stats: the loyalty programme's figures. */
export async function getCustomerStats(signal?: AbortSignal): Promise<CustomerStats> {
  const response = await apiClient.get<Envelope<CustomerStats>>('/api/customers/stats', { signal });
  return response.data.data;
}

// The query function passes the cache's signal on, so a cancelled query stops its request too.
export const customerListQueryOptions = (params: CustomerListParams) =>
  queryOptions({ queryKey: customerQueryKeys.list(params), queryFn: ({ signal }) => listCustomers(params, signal) });

export const customerQueryOptions = (id: string) =>
  queryOptions({ queryKey: customerQueryKeys.one(id), queryFn: ({ signal }) => getCustomer(id, signal) });

export const customerStatsQueryOptions = () =>
  queryOptions({ queryKey: customerQueryKeys.stats, queryFn: ({ signal }) => getCustomerStats(signal) });

/** After any change to customers: every cached answer about them is stale, and a screen showing one asks again. */
export function invalidateCustomers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: customerQueryKeys.all });
}

/** Fewer letters than this match half the customers: a picker waits for more. */
export const MIN_CUSTOMER_SEARCH_LENGTH = 2;

/**
 * The customers a picker offers for what was typed (name, phone or email; the server ignores case and accents):
 * the first `limit` of the list, fetched and cached as the customer page's pages are. The matches for the previous
 * letters stay while the next ones load, instead of flashing empty.
 */
export function useCustomerMatches(search: string, limit: number) {
  return useQuery({
    ...customerListQueryOptions({ search, limit }),
    select: (page) => page.customers,
    placeholderData: keepPreviousData,
    enabled: search.length >= MIN_CUSTOMER_SEARCH_LENGTH,
  });
}
