import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { ApplyBankTransferBody, BankTransfer } from '@quan/contract/payments';
import { apiClient } from '../../../lib/api-client';
import { bankTransfersQueryKey } from './list-bank-transfers';

export type ApplyBankTransferVariables = ApplyBankTransferBody & { transactionId: string };

/**
 * Pays a refused transfer's whole amount onto an order (or a part of its split bill), with the reason kept in the
 * audit trail; answers the transfer as applied. The order's screens follow through the live events of the change.
 */
export async function applyBankTransfer({ transactionId, ...body }: ApplyBankTransferVariables): Promise<BankTransfer> {
  const response = await apiClient.post<Envelope<BankTransfer>>(
    `/api/payments/bank-transfers/${encodeURIComponent(transactionId)}/apply`,
    body,
  );
  return response.data.data;
}

export function useApplyBankTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyBankTransfer,
    // Applied, or refused because another manager applied it first (409): either way the list has changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankTransfersQueryKey }),
  });
}
