import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { BankTransfer } from '@quan/contract/payments';
import { apiClient } from '../../../lib/api-client';

export const bankTransfersQueryKey = ['bank-transfers', 'refused'] as const;

/** The transfers the bank reported that paid nothing yet, newest first, each with why it was refused. */
export async function listBankTransfers(): Promise<BankTransfer[]> {
  const response = await apiClient.get<Envelope<{ transfers: BankTransfer[] }>>('/api/payments/bank-transfers');
  return response.data.data.transfers;
}

export function bankTransfersQueryOptions() {
  return queryOptions({
    queryKey: bankTransfersQueryKey,
    queryFn: listBankTransfers,
    // No live event announces a refused transfer, and a manager comes here from the bank's app having just seen
    // one arrive: every visit, and every return to the tab, asks the server again.
    staleTime: 0,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
  });
}

export function useBankTransfers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...bankTransfersQueryOptions(), enabled });
}
