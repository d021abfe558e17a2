import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { RegisterBody, User } from '@quan/contract/user';
import { apiClient } from '../../../lib/api-client';

export interface RegisterResult {
  user: User;
  /** The server says whether the account is the first (admin) one or waits for approval. */
  message: string | undefined;
}

export async function register(body: RegisterBody): Promise<RegisterResult> {
  const response = await apiClient.post<Envelope<User>>('/api/user/register', body);
  return { user: response.data.data, message: response.data.message };
}

export function useRegister() {
  // Never retried: a second attempt after a lost answer would fail with "email already used".
  return useMutation({ mutationFn: register, retry: false });
}
