import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Refused with 409 while the category still has items. */
export async function deleteCategory(id: string): Promise<void> {
  await apiClient.delete(`/api/category/${encodeURIComponent(id)}`);
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
  });
}
