import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export async function deleteTable(tableId: string): Promise<void> {
  await apiClient.delete(`/api/table/${encodeURIComponent(tableId)}`);
}

export function useDeleteTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.tables }),
  });
}
