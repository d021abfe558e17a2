import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Item, UpdateItemBody } from '@quan/contract/menu';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Edits an item or switches its availability; fields left out keep their value (the recipe too). */
export async function updateItem({ id, ...body }: { id: string } & UpdateItemBody): Promise<Item> {
  const response = await apiClient.put<Envelope<Item>>(`/api/item/${encodeURIComponent(id)}`, body);
  return response.data.data;
}

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
  });
}
