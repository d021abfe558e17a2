import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { UpdateUserRoleBody, User } from '@quan/contract/user';
import { apiClient } from '../../../lib/api-client';
import { usersQueryKey } from './list-users';

export async function updateUserRole({ id, role }: { id: string } & UpdateUserRoleBody): Promise<User> {
  const response = await apiClient.patch<Envelope<User>>(`/api/user/users/${encodeURIComponent(id)}/role`, { role });
  return response.data.data;
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
