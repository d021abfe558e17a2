import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Ingredient, UpdateIngredientBody } from '@quan/contract/ingredient';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Edits an ingredient or changes its stock: a signed `change` (restock +, waste −) or the counted `quantity`,
 * with the `reason` and `note` that go to its history.
 */
export async function updateIngredient({ id, ...body }: { id: string } & UpdateIngredientBody): Promise<Ingredient> {
  const response = await apiClient.put<Envelope<Ingredient>>(`/api/ingredient/${encodeURIComponent(id)}`, body);
  return response.data.data;
}

export function useUpdateIngredient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIngredient,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.ingredients }),
        // Recipes carry the ingredient's name and unit, and stock decides which dishes are sold out.
        queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
      ]),
  });
}
