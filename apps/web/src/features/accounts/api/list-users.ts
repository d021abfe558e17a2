import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { User } from '@quan/contract/user';
import { apiClient } from '../../../lib/api-client';

export const usersQueryKey = ['users'] as const;

export async function listUsers(): Promise<User[]> {
  const response = await apiClient.get<Envelope<User[]>>('/api/user/users');
  return response.data.data;
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: usersQueryKey, queryFn: listUsers });
}

export function useUsers({ enabled }: { enabled: boolean }) {
  return useQuery({ ...usersQueryOptions(), enabled });
}
