import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Signs in to the provider with the branch's saved account; a refusal comes back with the provider's message. */
export async function checkEinvoiceSettings(): Promise<void> {
  await apiClient.post('/api/einvoice-settings/check');
}

export function useCheckEinvoiceSettings() {
  return useMutation({ mutationFn: checkEinvoiceSettings });
}
