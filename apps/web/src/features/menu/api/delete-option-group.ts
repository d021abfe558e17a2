import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Refused with 409, naming the dishes, while a dish still offers the group. */
export async function deleteOptionGroup(id: string): Promise<void> {
  await apiClient.delete(`/api/option-group/${encodeURIComponent(id)}`);
}

export function useDeleteOptionGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOptionGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
  });
}
