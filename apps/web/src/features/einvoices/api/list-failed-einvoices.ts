import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { EinvoiceList, EinvoiceListItem } from '@quan/contract/einvoice';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** An invoice that needs a person: the provider refused it, and it waits until someone tries again. */
export type FailedEinvoice = EinvoiceListItem;

/**
 * The root of every e-invoice query of the branch: the live event of an invoice refreshes all of them (see
 * LiveUpdates), and so does sending an order's invoice again (orders/api/retry-invoice.ts).
 */
export const einvoicesQueryRoot = queryRoots.einvoices;
export const failedEinvoicesQueryKey = [...einvoicesQueryRoot, 'failed'] as const;

/** The branch's invoices the provider refused, for a manager to look at and send again. */
export async function listFailedEinvoices(): Promise<FailedEinvoice[]> {
  const response = await apiClient.get<Envelope<EinvoiceList>>('/api/einvoices', {
    params: { status: 'failed' },
  });
  return response.data.data.items;
}

export function failedEinvoicesQueryOptions() {
  return queryOptions({ queryKey: failedEinvoicesQueryKey, queryFn: listFailedEinvoices });
}

export function useFailedEinvoices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...failedEinvoicesQueryOptions(), enabled });
}
