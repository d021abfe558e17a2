import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export async function logout(): Promise<void> {
  await apiClient.post('/api/user/logout');
}

export function useLogout() {
  // The person is signed out locally whatever the answer, so waiting for a retry would only delay it.
  return useMutation({ mutationFn: logout, retry: false });
}
