import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { PrintBridge } from '@quan/contract/printers';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const printBridgesQueryKey = [...queryRoots.printers, 'bridges'] as const;

/**
 * A bridge's last sighting moves each time it asks for a job (at least every half minute while it runs), with no
 * event to say so: the list is read again while the page stays open, so "connected" keeps up.
 */
const refreshEveryMs = 30_000;

/** The current branch's print bridges, revoked ones included, oldest first. */
export async function listPrintBridges(): Promise<PrintBridge[]> {
  const response = await apiClient.get<Envelope<PrintBridge[]>>('/api/printers/bridges');
  return response.data.data;
}

export function printBridgesQueryOptions() {
  return queryOptions({ queryKey: printBridgesQueryKey, queryFn: listPrintBridges, refetchInterval: refreshEveryMs });
}

export function usePrintBridges({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...printBridgesQueryOptions(), enabled });
}
