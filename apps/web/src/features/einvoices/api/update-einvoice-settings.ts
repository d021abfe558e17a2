import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { EinvoiceSettings, UpdateEinvoiceSettingsBody } from '@quan/contract/einvoice';
import { apiClient } from '../../../lib/api-client';
import { einvoiceSettingsQueryKey } from './get-einvoice-settings';

export async function updateEinvoiceSettings(body: UpdateEinvoiceSettingsBody): Promise<EinvoiceSettings> {
  const response = await apiClient.put<Envelope<EinvoiceSettings>>('/api/einvoice-settings', body);
  return response.data.data;
}

export function useUpdateEinvoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEinvoiceSettings,
    onSuccess: (saved) => queryClient.setQueryData(einvoiceSettingsQueryKey, saved),
  });
}
