import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Branch, CreateBranchBody, UpdateBranchBody } from '@quan/contract/branch';
import type { Envelope } from '@quan/contract/common';
import { apiClient } from '../../../lib/api-client';
import { branchesQueryKey } from './list-branches';

export async function createBranch(body: CreateBranchBody): Promise<Branch> {
  const response = await apiClient.post<Envelope<Branch>>('/api/branches', body);
  return response.data.data;
}

export async function updateBranch({ branchId, ...body }: UpdateBranchBody & { branchId: string }): Promise<Branch> {
  const response = await apiClient.put<Envelope<Branch>>(`/api/branches/${encodeURIComponent(branchId)}`, body);
  return response.data.data;
}

export function useCreateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBranch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: branchesQueryKey }),
  });
}

export function useUpdateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBranch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: branchesQueryKey }),
  });
}
