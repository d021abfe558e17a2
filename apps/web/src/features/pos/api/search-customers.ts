import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customerListQueryOptions } from '../../../lib/customer-queries';

/** The most matches the POS offers: enough to pick from, few enough to tap. */
export const MEMBER_MATCH_LIMIT = 5;
/** Fewer letters than this match half the customers: wait for more. */
export const MIN_MEMBER_SEARCH_LENGTH = 2;

/**
 * Customers whose name, phone or email matches (the server ignores case and accents): a page of the customers'
 * list, fetched and cached as the customer page's are, of which the picker shows the customers.
 */
export function customerSearchQueryOptions(search: string) {
  return queryOptions({
    ...customerListQueryOptions({ search, limit: MEMBER_MATCH_LIMIT }),
    select: (page) => page.customers,
    // The matches for the previous letters stay while the next ones load, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSearch(search: string) {
  return useQuery({ ...customerSearchQueryOptions(search), enabled: search.length >= MIN_MEMBER_SEARCH_LENGTH });
}
