import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Category } from '@quan/contract/menu';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const categoriesQueryKey = [...queryRoots.menu, 'categories'] as const;

/** Categories by sortOrder, then name, each with its number of items. */
export async function listCategories(): Promise<Category[]> {
  const response = await apiClient.get<Envelope<Category[]>>('/api/category');
  return response.data.data;
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: categoriesQueryKey, queryFn: listCategories });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
