import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { OptionSales, RevenueQuery } from '@quan/contract/report';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** How often each option was sold and what it added, over the orders completed in the range. */
export async function getOptionSales(range: RevenueQuery): Promise<OptionSales> {
  const response = await apiClient.get<Envelope<OptionSales>>('/api/order/option-sales', { params: range });
  return response.data.data;
}

/** Under the reports' root: completing an order refreshes it with the other figures. */
export const optionSalesQueryKey = (range: RevenueQuery) => [...queryRoots.reports, 'option-sales', range] as const;

export function optionSalesQueryOptions(range: RevenueQuery) {
  return queryOptions({
    queryKey: optionSalesQueryKey(range),
    queryFn: () => getOptionSales(range),
    // Switching periods keeps the last table on screen instead of flashing a loading line.
    placeholderData: keepPreviousData,
  });
}

export function useOptionSales(range: RevenueQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...optionSalesQueryOptions(range), enabled });
}
