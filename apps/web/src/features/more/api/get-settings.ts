import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Settings } from '@quan/contract/settings';
import { apiClient } from '../../../lib/api-client';

export const settingsQueryKey = ['settings'] as const;

export async function getSettings(): Promise<Settings> {
  const response = await apiClient.get<Envelope<Settings>>('/api/settings');
  return response.data.data;
}

export function settingsQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
