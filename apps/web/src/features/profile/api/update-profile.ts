import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { CurrentUser, UpdateProfileBody } from '@quan/contract/user';
import { apiClient } from '../../../lib/api-client';
import { showStaffLanguage } from '../../../lib/staff-language';

export async function updateProfile(body: UpdateProfileBody): Promise<CurrentUser> {
  const response = await apiClient.put<Envelope<CurrentUser>>('/api/user', body);
  await showStaffLanguage(response.data.data.screenLanguage);
  return response.data.data;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
