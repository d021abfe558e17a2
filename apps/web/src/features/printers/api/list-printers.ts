import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Printer } from '@quan/contract/printers';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const printersQueryKey = [...queryRoots.printers, 'list'] as const;

/**
 * The queue drains and printers run out of paper on the server's side, with no event to say so: the list is read
 * again while the page stays open, so the waiting jobs and the status keep up.
 */
const refreshEveryMs = 30_000;

/** The current branch's printers, with what each said when last asked and how many jobs wait for it. */
export async function listPrinters(): Promise<Printer[]> {
  const response = await apiClient.get<Envelope<Printer[]>>('/api/printers');
  return response.data.data;
}

export function printersQueryOptions() {
  return queryOptions({ queryKey: printersQueryKey, queryFn: listPrinters, refetchInterval: refreshEveryMs });
}

export function usePrinters({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...printersQueryOptions(), enabled });
}
