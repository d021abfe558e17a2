import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { UserWithBranches } from '@quan/contract/branch';
import { apiClient } from '../../../lib/api-client';

export const usersQueryKey = ['users'] as const;

/** The accounts the viewer manages, each with the branches the person works in. */
export async function listUsers(): Promise<UserWithBranches[]> {
  const response = await apiClient.get<Envelope<UserWithBranches[]>>('/api/user/users');
  return response.data.data;
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: usersQueryKey, queryFn: listUsers });
}

export function useUsers({ enabled }: { enabled: boolean }) {
  return useQuery({ ...usersQueryOptions(), enabled });
}
