import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { BranchOptionBody, OptionGroup } from '@quan/contract/options';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * The current branch's own price change of an option (null: the menu's) and whether the branch offers it.
 * Answers the option's whole group, as the branch sees it.
 */
export async function setBranchOption({ id, ...body }: { id: string } & BranchOptionBody): Promise<OptionGroup> {
  const response = await apiClient.put<Envelope<OptionGroup>>(
    `/api/option-group/option/${encodeURIComponent(id)}/branch`,
    body,
  );
  return response.data.data;
}

export function useSetBranchOption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBranchOption,
    // Dishes carry their groups' options and prices, so the whole menu is refreshed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
  });
}
