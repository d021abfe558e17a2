import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { OptionGroup, UpdateOptionGroupBody } from '@quan/contract/options';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Edits a group. Options sent replace the group's options: an existing one keeps its `_id` (and the sales
 * counted under it), one left out is no longer offered.
 */
export async function updateOptionGroup({ id, ...body }: { id: string } & UpdateOptionGroupBody): Promise<OptionGroup> {
  const response = await apiClient.put<Envelope<OptionGroup>>(`/api/option-group/${encodeURIComponent(id)}`, body);
  return response.data.data;
}

export function useUpdateOptionGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOptionGroup,
    // Dishes carry their groups' options and prices, so the whole menu is refreshed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
  });
}
