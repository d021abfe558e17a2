import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Customer } from '@quan/contract/customer';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** The most matches the POS offers: enough to pick from, few enough to tap. */
export const MEMBER_MATCH_LIMIT = 5;
/** Fewer letters than this match half the customers: wait for more. */
export const MIN_MEMBER_SEARCH_LENGTH = 2;

export const customerSearchQueryKey = (search: string) => [...queryRoots.customers, 'search', search] as const;

/** Customers whose name, phone or email matches (the server ignores case and accents). */
export async function searchCustomers(search: string): Promise<Customer[]> {
  const response = await apiClient.get<Envelope<Customer[]>>('/api/customers', {
    params: { search, limit: MEMBER_MATCH_LIMIT },
  });
  return response.data.data;
}

export function customerSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: customerSearchQueryKey(search),
    queryFn: () => searchCustomers(search),
    // The matches for the previous letters stay while the next ones load, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSearch(search: string) {
  return useQuery({ ...customerSearchQueryOptions(search), enabled: search.length >= MIN_MEMBER_SEARCH_LENGTH });
}
