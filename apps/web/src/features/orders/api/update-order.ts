import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateOrderBody } from '@quan/contract/order';
import { requestChange, type ChangeRequest } from '../../../lib/outbox-sender';
import { queryRoots } from '../../../lib/query-keys';

export type UpdateOrderVariables = { id: string } & UpdateOrderBody;

/** Moves an order along (status), records the payment method, or edits its note. */
export function updateOrderRequest({ id, ...body }: UpdateOrderVariables): ChangeRequest {
  return { method: 'PUT', url: `/api/order/${encodeURIComponent(id)}`, body };
}

/** The call itself, with the key that makes a repeated one harmless (a retry, or the outbox sending it later). */
export function updateOrder({ idempotencyKey, ...variables }: UpdateOrderVariables & { idempotencyKey: string }) {
  return requestChange(updateOrderRequest(variables), idempotencyKey);
}

export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
        // Completing or cancelling frees the table.
        queryClient.invalidateQueries({ queryKey: queryRoots.tables }),
      ]);
    },
  });
}
