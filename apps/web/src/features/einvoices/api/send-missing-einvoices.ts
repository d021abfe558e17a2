import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { SentMissingInvoices } from '@quan/contract/einvoice';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { einvoicesQueryRoot } from './list-failed-einvoices';

/** Queues an invoice for each order of the day that has none, and lets the day's failed invoices try again. */
export async function sendMissingEinvoices(date: string): Promise<SentMissingInvoices> {
  const response = await apiClient.post<Envelope<SentMissingInvoices>>('/api/einvoices/send-missing', { date });
  return response.data.data;
}

export function useSendMissingEinvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMissingEinvoices,
    onSettled: async () => {
      // The day's report, the failed list and the orders' invoice badges all change.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: einvoicesQueryRoot }),
        queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
      ]);
    },
  });
}
