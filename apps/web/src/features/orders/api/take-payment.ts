import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TakePaymentBody } from '@quan/contract/payments';
import { requestChange, type ChangeRequest } from '../../../lib/outbox-sender';
import { putAnsweredOrder, refreshOrdersAndTables } from './list-orders';

export type TakePaymentVariables = TakePaymentBody & { id: string };

/**
 * Takes one payment towards an order's bill, or towards one part of its split bill, and answers the order
 * with its payments, `paid` and `due`. It may pay less than is due (split tender: some in cash, the rest by
 * transfer) but never more; the payment that settles a ready or served order completes it.
 */
export function takePaymentRequest({ id, ...body }: TakePaymentVariables): ChangeRequest {
  return { method: 'POST', url: `/api/order/${encodeURIComponent(id)}/payments`, body };
}

/** The call itself, with the key that makes a repeated one harmless (a retry, or the outbox sending it later). */
export function takePayment({ idempotencyKey, ...variables }: TakePaymentVariables & { idempotencyKey: string }) {
  return requestChange(takePaymentRequest(variables), idempotencyKey);
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
