import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { BranchItemBody, Item } from '@quan/contract/menu';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** The current branch's own price of a dish (null: the menu's) and whether the branch sells it. */
export async function setBranchItem({ id, ...body }: { id: string } & BranchItemBody): Promise<Item> {
  const response = await apiClient.put<Envelope<Item>>(`/api/item/${encodeURIComponent(id)}/branch`, body);
  return response.data.data;
}

export function useSetBranchItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBranchItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
  });
}
