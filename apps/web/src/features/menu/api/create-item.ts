import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { CreateItemBody, Item } from '@quan/contract/menu';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export async function createItem(body: CreateItemBody): Promise<Item> {
  const response = await apiClient.post<Envelope<Item>>('/api/item', body);
  return response.data.data;
}

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    // Categories count their items, so the whole menu is refreshed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
  });
}
