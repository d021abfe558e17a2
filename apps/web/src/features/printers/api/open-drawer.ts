import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Queues the pulse that opens the cash drawer hanging on the printer; the server records who asked. */
export async function openDrawer(printerId: string): Promise<void> {
  await apiClient.post(`/api/printers/${encodeURIComponent(printerId)}/open-drawer`);
}

export function useOpenDrawer() {
  return useMutation({ mutationFn: openDrawer });
}
