import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { LoginBody, LoginResult } from '@quan/contract/user';
import { apiClient } from '../../../lib/api-client';
import { showStaffLanguage } from '../../../lib/staff-language';

export async function login(body: LoginBody): Promise<LoginResult> {
  const response = await apiClient.post<Envelope<LoginResult>>('/api/user/login', body);
  // The screens switch to this person's language before the home page shows.
  await showStaffLanguage(response.data.data.user.screenLanguage);
  return response.data.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
