import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { EinvoiceReconciliation } from '@quan/contract/einvoice';
import { apiClient } from '../../../lib/api-client';
import { einvoicesQueryRoot } from './list-failed-einvoices';

/** Under the e-invoices' root: an invoice issued or failing (a live event) refreshes the day on screen. */
export const reconciliationQueryKey = (date: string) => [...einvoicesQueryRoot, 'reconciliation', date] as const;

/** A day of the branch's completed orders beside their e-invoices ('YYYY-MM-DD', the restaurant's day). */
export async function getEinvoiceReconciliation(date: string): Promise<EinvoiceReconciliation> {
  const response = await apiClient.get<Envelope<EinvoiceReconciliation>>('/api/einvoices/reconciliation', {
    params: { date },
  });
  return response.data.data;
}

export function einvoiceReconciliationQueryOptions(date: string) {
  return queryOptions({
    queryKey: reconciliationQueryKey(date),
    queryFn: () => getEinvoiceReconciliation(date),
    // Invoices wait and get issued by themselves: a day opened again is read afresh.
    staleTime: 0,
    // Going from one day to the next keeps the table in place until the new day arrives.
    placeholderData: keepPreviousData,
  });
}

export function useEinvoiceReconciliation(date: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...einvoiceReconciliationQueryOptions(date), enabled });
}
