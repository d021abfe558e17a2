import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { CreateOrderBody, Order } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Places an order. `idempotencyKey` is the in-progress orderId: a retry after a lost answer (the query client's
 * one automatic mutation retry, or the person pressing again) returns the same order instead of a second one.
 */
export async function createOrder({
  idempotencyKey,
  ...body
}: CreateOrderBody & { idempotencyKey: string }): Promise<Order> {
  const response = await apiClient.post<Envelope<Order>>('/api/order', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return response.data.data;
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
