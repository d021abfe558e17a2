import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export async function deleteItem(id: string): Promise<void> {
  await apiClient.delete(`/api/item/${encodeURIComponent(id)}`);
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
  });
}
