import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { User } from '@quan/contract/user';
import { apiClient } from '../../../lib/api-client';

export const currentUserQueryKey = ['user', 'current'] as const;

export async function getCurrentUser(): Promise<User> {
  const response = await apiClient.get<Envelope<User>>('/api/user');
  return response.data.data;
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    // Fixed product behaviour: the session loader asks the server once; a failure sends the person to /auth.
    retry: false,
  });
}

export function useCurrentUser({ enabled }: { enabled: boolean }) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}
