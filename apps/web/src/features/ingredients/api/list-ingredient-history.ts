import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { IngredientHistory } from '@quan/contract/ingredient';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const ingredientHistoryQueryKey = (ingredientId: string) =>
  [...queryRoots.ingredients, 'history', ingredientId] as const;

/** Every change of one ingredient's stock, newest first. */
export async function listIngredientHistory(ingredientId: string): Promise<IngredientHistory[]> {
  const response = await apiClient.get<Envelope<IngredientHistory[]>>(
    `/api/ingredient/${encodeURIComponent(ingredientId)}/history`,
  );
  return response.data.data;
}

export function ingredientHistoryQueryOptions(ingredientId: string) {
  return queryOptions({
    queryKey: ingredientHistoryQueryKey(ingredientId),
    queryFn: () => listIngredientHistory(ingredientId),
  });
}

export function useIngredientHistory(ingredientId: string) {
  return useQuery(ingredientHistoryQueryOptions(ingredientId));
}
