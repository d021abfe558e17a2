import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { BillPrintKind, PrintBillResult } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';

export interface PrintBillVariables {
  id: string;
  kind: BillPrintKind;
}

/**
 * Records that an order's provisional bill or its receipt is printed, and answers which copy this is: a
 * second or later copy is a reprint, which the paper says so a guest is not asked to pay twice.
 */
export async function printBill({ id, kind }: PrintBillVariables): Promise<PrintBillResult> {
  const response = await apiClient.post<Envelope<PrintBillResult>>(`/api/order/${encodeURIComponent(id)}/prints`, {
    kind,
  });
  return response.data.data;
}

/**
 * Asked at once, online or not, and never again: a guest waits at the counter, so when the server is out of
 * reach the bill prints without its count (see useBillPrint) rather than waiting for the network.
 */
export function usePrintBill() {
  return useMutation({ mutationFn: printBill, networkMode: 'always', retry: false });
}
