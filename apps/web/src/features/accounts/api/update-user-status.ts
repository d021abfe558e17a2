import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { UpdateUserStatusBody, User } from '@quan/contract/user';
import { apiClient } from '../../../lib/api-client';
import { usersQueryKey } from './list-users';

export async function updateUserStatus({ id, status }: { id: string } & UpdateUserStatusBody): Promise<User> {
  const response = await apiClient.patch<Envelope<User>>(`/api/user/users/${encodeURIComponent(id)}/status`, {
    status,
  });
  return response.data.data;
}

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
