import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Order } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { putAnsweredOrder, refreshOrdersAndTables } from './list-orders';

export interface MergeOrdersVariables {
  /** The order that stays, with its table. */
  id: string;
  /** The other table's open order, which joins it and frees its table. */
  fromOrderId: string;
  expectedVersion?: number;
}

/** Merges another table's open order into this one, and answers the merged order. */
export async function mergeOrders({ id, ...body }: MergeOrdersVariables): Promise<Order> {
  const response = await apiClient.post<Envelope<Order>>(`/api/order/${encodeURIComponent(id)}/merge`, body);
  return response.data.data;
}

export function useMergeOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeOrders,
    onSuccess: (order) => putAnsweredOrder(queryClient, order),
    // The merged order closes and its table is freed: both lists are asked for again.
    onSettled: () => refreshOrdersAndTables(queryClient),
  });
}
