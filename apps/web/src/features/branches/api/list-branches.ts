import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Branch, BranchList } from '@quan/contract/branch';
import { apiClient } from '../../../lib/api-client';

export const branchesQueryKey = ['branches'] as const;

/**
 * GET /api/branches as it answers: the branches the signed-in person works in (an admin: every branch of the
 * chain), in the chain's order, and how many branches the chain has.
 */
export async function listBranches(): Promise<BranchList> {
  const response = await apiClient.get<BranchList>('/api/branches');
  return response.data;
}

export function branchesQueryOptions() {
  return queryOptions({ queryKey: branchesQueryKey, queryFn: listBranches });
}

const branchesOf = (answer: BranchList): Branch[] => answer.data;

/** The branches the signed-in person works in (an admin: every branch of the chain), in the chain's order. */
export function useBranches({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...branchesQueryOptions(), enabled, select: branchesOf });
}

/** The person's branches (`data`) and the chain's size: someone in one branch of a chain still works in a chain. */
export function useBranchChain({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...branchesQueryOptions(), enabled });
}
