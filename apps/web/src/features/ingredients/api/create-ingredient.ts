import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { CreateIngredientBody, Ingredient } from '@quan/contract/ingredient';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Adds an ingredient; its starting quantity is recorded in the history as `initial`. */
export async function createIngredient(body: CreateIngredientBody): Promise<Ingredient> {
  const response = await apiClient.post<Envelope<Ingredient>>('/api/ingredient', body);
  return response.data.data;
}

export function useCreateIngredient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIngredient,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.ingredients }),
  });
}
