import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderBody } from '@quan/contract/order';
import { requestChange, type ChangeRequest } from '../../../lib/outbox-sender';
import { queryRoots } from '../../../lib/query-keys';

/** The call that places an order: made now, or kept in the outbox to be made later, it is the same. */
export function createOrderRequest(body: CreateOrderBody): ChangeRequest {
  return { method: 'POST', url: '/api/order', body };
}

/**
 * Places an order. `idempotencyKey` is the in-progress orderId: a retry after a lost answer (the query client's
 * one automatic mutation retry, or the person pressing again) returns the same order instead of a second one.
 */
export function createOrder({ idempotencyKey, ...body }: CreateOrderBody & { idempotencyKey: string }) {
  return requestChange(createOrderRequest(body), idempotencyKey);
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
        queryClient.invalidateQueries({ queryKey: queryRoots.tables }),
      ]);
    },
  });
}
