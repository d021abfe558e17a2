import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Order } from '@quan/contract/order';
import type { RefundPaymentBody } from '@quan/contract/payments';
import { apiClient } from '../../../lib/api-client';
import { putAnsweredOrder, refreshOrdersAndTables } from './list-orders';

export type RefundPaymentVariables = RefundPaymentBody & { id: string; paymentId: string };

/**
 * Gives back part or all of one payment, with the reason (kept in the audit trail), and answers the order:
 * on an open order the amount is due again; a completed order stays completed.
 */
export async function refundPayment({ id, paymentId, ...body }: RefundPaymentVariables): Promise<Order> {
  const response = await apiClient.post<Envelope<Order>>(
    `/api/order/${encodeURIComponent(id)}/payments/${encodeURIComponent(paymentId)}/refunds`,
    body,
  );
  return response.data.data;
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: (order) => putAnsweredOrder(queryClient, order),
    onSettled: () => refreshOrdersAndTables(queryClient),
  });
}
