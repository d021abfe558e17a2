import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { CreatedPrintBridge, CreatePrintBridgeBody } from '@quan/contract/printers';
import { apiClient } from '../../../lib/api-client';
import { printBridgesQueryKey } from './list-print-bridges';

/** Makes a bridge; the answer carries its key, which the server never shows again. */
export async function createPrintBridge(body: CreatePrintBridgeBody): Promise<CreatedPrintBridge> {
  const response = await apiClient.post<Envelope<CreatedPrintBridge>>('/api/printers/bridges', body);
  return response.data.data;
}

export function useCreatePrintBridge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrintBridge,
    // The answer holds the key: gone from the mutation cache once its dialog closes, not kept minutes in memory.
    gcTime: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: printBridgesQueryKey }),
  });
}
