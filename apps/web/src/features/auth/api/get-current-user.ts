import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { CurrentUser } from '@quan/contract/user';
import { apiClient } from '../../../lib/api-client';
import { showStaffLanguage } from '../../../lib/staff-language';

export const currentUserQueryKey = ['user', 'current'] as const;

/** The signed-in person; their screens follow the language it names (theirs, else the restaurant's). */
export async function getCurrentUser(): Promise<CurrentUser> {
  const response = await apiClient.get<Envelope<CurrentUser>>('/api/user');
  await showStaffLanguage(response.data.data.screenLanguage);
  return response.data.data;
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    // The session loader asks the server once; a failure sends the person to /auth (docs/compatibility.md).
    retry: false,
  });
}

/**
 * The signed-in person read again for their language (the profile's choice, the screens after the restaurant's
 * changed): a query of its own, so that a failure here never counts as the session check failing.
 */
export function ownLanguageQueryOptions() {
  return queryOptions({ queryKey: [...currentUserQueryKey, 'language'], queryFn: getCurrentUser, retry: false });
}

export function useCurrentUser({ enabled }: { enabled: boolean }) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}
