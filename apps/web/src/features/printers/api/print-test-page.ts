import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Queues the printer's test page (in both modes for a printer in text mode); it prints when the printer takes it. */
export async function printTestPage(printerId: string): Promise<{ jobId: string }> {
  const response = await apiClient.post<Envelope<{ jobId: string }>>(
    `/api/printers/${encodeURIComponent(printerId)}/test-page`,
  );
  return response.data.data;
}

export function usePrintTestPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: printTestPage,
    // One more job waits for the printer until it takes it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.printers }),
  });
}
