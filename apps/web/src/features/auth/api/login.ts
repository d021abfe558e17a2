import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { LoginBody, LoginResult } from '@quan/contract/user';
import { apiClient } from '../../../lib/api-client';

export async function login(body: LoginBody): Promise<LoginResult> {
  const response = await apiClient.post<Envelope<LoginResult>>('/api/user/login', body);
  return response.data.data;
}

export function useLogin() {
  // A refused sign-in is final; retrying would only spend one of the rate limiter's attempts.
  return useMutation({ mutationFn: login, retry: false });
}
