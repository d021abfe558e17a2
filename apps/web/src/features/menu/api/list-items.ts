import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Item, ListItemsQuery } from '@quan/contract/menu';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const itemsQueryRoot = [...queryRoots.menu, 'items'] as const;

export function itemsQueryKey(query: ListItemsQuery = {}) {
  return [...itemsQueryRoot, { categoryId: query.categoryId ?? null, all: query.all === 'true' }] as const;
}

/**
 * The items of the menu the current branch sells, at its prices, available or not; all of them, or those of
 * one category. `all: 'true'` (the menu editor) adds the dishes the branch does not sell.
 */
export async function listItems(query: ListItemsQuery = {}): Promise<Item[]> {
  const chosen = {
    ...(query.categoryId ? { categoryId: query.categoryId } : {}),
    ...(query.all === 'true' ? { all: 'true' } : {}),
  };
  const params = Object.keys(chosen).length ? chosen : undefined;
  const response = await apiClient.get<Envelope<Item[]>>('/api/item', { params });
  return response.data.data;
}

export function itemsQueryOptions(query: ListItemsQuery = {}) {
  return queryOptions({ queryKey: itemsQueryKey(query), queryFn: () => listItems(query) });
}

export function useItems(query: ListItemsQuery = {}) {
  return useQuery(itemsQueryOptions(query));
}
