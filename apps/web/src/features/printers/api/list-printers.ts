import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Printer } from '@quan/contract/printers';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const printersQueryKey = [...queryRoots.printers, 'list'] as const;

/**
 * `print:queue-changed` refreshes the list as jobs come and go (app/LiveUpdates.tsx); a printer that runs out of
 * paper while nothing prints sends no event, so the list is also read again now and then while the page stays open.
 */
const refreshEveryMs = 5 * 60_000;

/** The current branch's printers, with what each said when last asked and how many jobs wait for it. */
export async function listPrinters(): Promise<Printer[]> {
  const response = await apiClient.get<Envelope<Printer[]>>('/api/printers');
  return response.data.data;
}

export function printersQueryOptions() {
  return queryOptions({
    queryKey: printersQueryKey,
    queryFn: listPrinters,
    // Events arrive only while a screen listens: a page opened again asks afresh rather than show what a printer
    // said before it left, up to five minutes ago.
    staleTime: 0,
    refetchOnMount: true,
    refetchInterval: refreshEveryMs,
  });
}

export function usePrinters({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...printersQueryOptions(), enabled });
}
