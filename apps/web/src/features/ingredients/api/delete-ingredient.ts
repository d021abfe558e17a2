import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Refused with 409 while a dish's recipe uses the ingredient; the message names the dishes. */
export async function deleteIngredient(id: string): Promise<void> {
  await apiClient.delete(`/api/ingredient/${encodeURIComponent(id)}`);
}

export function useDeleteIngredient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIngredient,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.ingredients }),
  });
}
