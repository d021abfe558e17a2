import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Order, PaymentMethod } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { putAnsweredOrder, refreshOrdersAndTables } from './list-orders';

export interface PayBillPartVariables {
  id: string;
  partNo: number;
  paymentMethod: PaymentMethod;
  /** The order's version on screen: a bill split again since then is refused (409) instead of paid. */
  expectedVersion: number;
}

/**
 * Records the payment of one part of a split bill, and answers the order: the last part paid completes it
 * (refused with a 409 while the kitchen is not done). A part paid twice is refused, so a retry after a lost
 * answer cannot take a payment twice.
 */
export async function payBillPart({ id, partNo, ...body }: PayBillPartVariables): Promise<Order> {
  const response = await apiClient.post<Envelope<Order>>(
    `/api/order/${encodeURIComponent(id)}/parts/${partNo}/pay`,
    body,
  );
  return response.data.data;
}

export function usePayBillPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payBillPart,
    onSuccess: (order) => putAnsweredOrder(queryClient, order),
    // The last part completes the order, which frees its table.
    onSettled: () => refreshOrdersAndTables(queryClient),
  });
}
