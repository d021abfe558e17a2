import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Settings, UpdateSettingsBody } from '@quan/contract/settings';
import { apiClient } from '../../../lib/api-client';
import { settingsQueryKey } from './get-settings';

export async function updateSettings(body: UpdateSettingsBody): Promise<Settings> {
  const response = await apiClient.put<Envelope<Settings>>('/api/settings', body);
  return response.data.data;
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}
