import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BranchMembership, SetUserBranchesBody } from '@quan/contract/branch';
import type { Envelope } from '@quan/contract/common';
import { apiClient } from '../../../lib/api-client';
import { usersQueryKey } from './list-users';

/** Sets, whole, the branches a person works in and their role in each. */
export async function setUserBranches({
  userId,
  branches,
}: SetUserBranchesBody & { userId: string }): Promise<BranchMembership[]> {
  const response = await apiClient.put<Envelope<BranchMembership[]>>(
    `/api/branches/members/${encodeURIComponent(userId)}`,
    { branches },
  );
  return response.data.data;
}

export function useSetUserBranches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserBranches,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
