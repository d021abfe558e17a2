import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Branch } from '@quan/contract/branch';
import type { Envelope } from '@quan/contract/common';
import { apiClient } from '../../../lib/api-client';

export const branchesQueryKey = ['branches'] as const;

/** The branches the signed-in person works in (an admin: every branch of the chain), in the chain's order. */
export async function listBranches(): Promise<Branch[]> {
  const response = await apiClient.get<Envelope<Branch[]>>('/api/branches');
  return response.data.data;
}

export function branchesQueryOptions() {
  return queryOptions({ queryKey: branchesQueryKey, queryFn: listBranches });
}

export function useBranches({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...branchesQueryOptions(), enabled });
}
