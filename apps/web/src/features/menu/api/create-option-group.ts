import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { CreateOptionGroupBody, OptionGroup } from '@quan/contract/options';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export async function createOptionGroup(body: CreateOptionGroupBody): Promise<OptionGroup> {
  const response = await apiClient.post<Envelope<OptionGroup>>('/api/option-group', body);
  return response.data.data;
}

export function useCreateOptionGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOptionGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.menu }),
  });
}
