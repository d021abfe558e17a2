import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { UpdateProfileBody, User } from '@quan/contract/user';
import { apiClient } from '../../../lib/api-client';

export async function updateProfile(body: UpdateProfileBody): Promise<User> {
  const response = await apiClient.put<Envelope<User>>('/api/user', body);
  return response.data.data;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
