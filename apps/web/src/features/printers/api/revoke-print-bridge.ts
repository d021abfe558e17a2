import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { PrintBridge } from '@quan/contract/printers';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Its key stops working at once; answers the bridge as it is now, revoked. */
export async function revokePrintBridge(id: string): Promise<PrintBridge> {
  const response = await apiClient.delete<Envelope<PrintBridge>>(`/api/printers/bridges/${encodeURIComponent(id)}`);
  return response.data.data;
}

export function useRevokePrintBridge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokePrintBridge,
    // The printers that went through it say so on their cards, and the form no longer offers it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.printers }),
  });
}
