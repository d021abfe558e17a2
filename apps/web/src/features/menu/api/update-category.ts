import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Category, UpdateCategoryBody } from '@quan/contract/menu';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export async function updateCategory({ id, ...body }: { id: string } & UpdateCategoryBody): Promise<Category> {
  const response = await apiClient.put<Envelope<Category>>(`/api/category/${encodeURIComponent(id)}`, body);
  return response.data.data;
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    // Items carry their category's name, so the whole menu is refreshed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
  });
}
