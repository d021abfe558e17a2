import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Category, CreateCategoryBody } from '@quan/contract/menu';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export async function createCategory(body: CreateCategoryBody): Promise<Category> {
  const response = await apiClient.post<Envelope<Category>>('/api/category', body);
  return response.data.data;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
  });
}
