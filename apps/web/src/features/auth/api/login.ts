import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { LoginBody, LoginResult } from '@quan/contract/user';
import { apiClient } from '../../../lib/api-client';

export async function login(body: LoginBody): Promise<LoginResult> {
  const response = await apiClient.post<Envelope<LoginResult>>('/api/user/login', body);
  return response.data.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
