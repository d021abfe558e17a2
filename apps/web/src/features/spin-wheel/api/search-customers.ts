import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Customer } from '@quan/contract/customer';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Enough to pick someone at the counter; a longer list means the search needs another letter. */
const MATCHES_SHOWN = 8;
/** One letter or digit matches half the customers; two narrow it to a useful list. */
export const MIN_SEARCH_LENGTH = 2;

/** Under the customers' root, so a change to a customer refreshes what the picker shows. */
export const customerSearchQueryKey = (search: string) =>
  [...queryRoots.customers, 'spin-wheel-picker', search] as const;

/** Customers whose name, phone or email matches (accents ignored by the server). */
export async function searchCustomers(search: string): Promise<Customer[]> {
  const response = await apiClient.get<Envelope<Customer[]>>('/api/customers', {
    params: { search, limit: MATCHES_SHOWN },
  });
  return response.data.data;
}

export function customerSearchQueryOptions(search: string) {
  return queryOptions({ queryKey: customerSearchQueryKey(search), queryFn: () => searchCustomers(search) });
}

export function useCustomerSearch(search: string) {
  return useQuery({
    ...customerSearchQueryOptions(search),
    enabled: search.length >= MIN_SEARCH_LENGTH,
    // The previous matches stay while the next letters are looked up, so the list does not flash empty.
    placeholderData: keepPreviousData,
  });
}
