import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { EinvoiceSettings } from '@quan/contract/einvoice';
import { apiClient } from '../../../lib/api-client';

export const einvoiceSettingsQueryKey = ['einvoice-settings'] as const;

/** The current branch's account at its e-invoice provider, without its password; null before the first save. */
export async function getEinvoiceSettings(): Promise<EinvoiceSettings | null> {
  const response = await apiClient.get<Envelope<EinvoiceSettings | null>>('/api/einvoice-settings');
  return response.data.data;
}

export function einvoiceSettingsQueryOptions() {
  return queryOptions({ queryKey: einvoiceSettingsQueryKey, queryFn: getEinvoiceSettings });
}

export function useEinvoiceSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...einvoiceSettingsQueryOptions(), enabled });
}
