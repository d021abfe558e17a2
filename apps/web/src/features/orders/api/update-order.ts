import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Order, UpdateOrderBody } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Moves an order along (status), records the payment method, or edits its note. */
export async function updateOrder({ id, ...body }: { id: string } & UpdateOrderBody): Promise<Order> {
  const response = await apiClient.put<Envelope<Order>>(`/api/order/${encodeURIComponent(id)}`, body);
  return response.data.data;
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
