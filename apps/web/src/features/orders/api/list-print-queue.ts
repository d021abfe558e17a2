import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { QueuedPrintJob } from '@quan/contract/printers';
import { apiClient, getApiStatus } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { indexPrintQueue } from '../components/unprinted-papers';

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
  return queryOptions({ queryKey: printQueueQueryKey, queryFn: listPrintQueue });
}

const noJobs: readonly QueuedPrintJob[] = [];

/** The queue indexed for the kitchen screen: one request for the whole board, one look-up per ticket. */
export function usePrintQueueIndex() {
  return useQuery({ ...printQueueQueryOptions(), select: indexPrintQueue });
}

/** The jobs of one order still waiting, for its card; the cards share the one request. */
export function useUnprintedJobsOfOrder(orderId: string): readonly QueuedPrintJob[] {
  const select = useCallback((jobs: QueuedPrintJob[]) => jobs.filter((job) => job.orderId === orderId), [orderId]);
  return useQuery({ ...printQueueQueryOptions(), select }).data ?? noJobs;
}
