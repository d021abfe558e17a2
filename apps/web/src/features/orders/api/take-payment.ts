import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Order } from '@quan/contract/order';
import type { TakePaymentBody } from '@quan/contract/payments';
import { apiClient } from '../../../lib/api-client';
import { putAnsweredOrder, refreshOrdersAndTables } from './list-orders';

export type TakePaymentVariables = TakePaymentBody & { id: string };

/**
 * Takes one payment towards an order's bill, or towards one part of its split bill, and answers the order
 * with its payments, `paid` and `due`. It may pay less than is due (split tender: some in cash, the rest by
 * transfer) but never more; the payment that settles a ready or served order completes it.
 */
export async function takePayment({ id, ...body }: TakePaymentVariables): Promise<Order> {
  const response = await apiClient.post<Envelope<Order>>(`/api/order/${encodeURIComponent(id)}/payments`, body);
  return response.data.data;
}

export function useTakePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takePayment,
    onSuccess: (order) => putAnsweredOrder(queryClient, order),
    // The payment that settles the bill may complete the order, which frees its table.
    onSettled: () => refreshOrdersAndTables(queryClient),
  });
}
