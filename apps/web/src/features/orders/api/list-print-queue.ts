import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { QueuedPrintJob } from '@quan/contract/printers';
import { apiClient, getApiStatus } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { indexPrintQueue } from '../model/print-queue-index';

/** Under the printers' root: `print:queue-changed` refreshes it with the printers' list. */
export const printQueueQueryKey = [...queryRoots.printers, 'queue'] as const;

/**
 * The jobs of the branch still waiting for their printer, oldest first. Asked only beside orders already shown, so
 * only by people who may read orders (all the queue asks). A branch without printers has none; a server or role that
 * does not offer the queue (403, 404) has nothing to mark either, rather than an error to show on the kitchen screen.
 */
export async function listPrintQueue(): Promise<QueuedPrintJob[]> {
  try {
    const response = await apiClient.get<Envelope<QueuedPrintJob[]>>('/api/printers/queue');
    return response.data.data;
  } catch (error) {
    const status = getApiStatus(error);
    if (status === 403 || status === 404) return [];
    throw error;
  }
}

export function printQueueQueryOptions() {
  return queryOptions({
    queryKey: printQueueQueryKey,
    queryFn: listPrintQueue,
    // Events arrive only while a screen listens: a screen opened again asks afresh, so a ticket printed meanwhile
    // is not still marked (nor one that failed meanwhile left unmarked).
    staleTime: 0,
    refetchOnMount: true,
  });
}

/**
 * The queue indexed once for a screen (the kitchen board, the list of orders): one request, then one look-up per
 * ticket or card.
 */
export function usePrintQueueIndex() {
  return useQuery({ ...printQueueQueryOptions(), select: indexPrintQueue });
}
