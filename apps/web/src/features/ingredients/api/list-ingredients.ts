import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Ingredient } from '@quan/contract/ingredient';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const ingredientsQueryKey = [...queryRoots.ingredients, 'list'] as const;

/** Every ingredient with its stock and whether it is low (any signed-in user may read them). */
export async function listIngredients(): Promise<Ingredient[]> {
  const response = await apiClient.get<Envelope<Ingredient[]>>('/api/ingredient');
  return response.data.data;
}

export function ingredientsQueryOptions() {
  return queryOptions({ queryKey: ingredientsQueryKey, queryFn: listIngredients });
}

export function useIngredients({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...ingredientsQueryOptions(), enabled });
}
