import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { MoveLinesBody, Order } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { putAnsweredOrder, refreshOrdersAndTables } from './list-orders';

export interface MoveLinesVariables extends MoveLinesBody {
  id: string;
}

/**
 * Moves chosen dishes (or some of their quantity) to the open order of another table, and answers the order
 * they left. The other table's order changes too: the refresh after it brings both.
 */
export async function moveLines({ id, ...body }: MoveLinesVariables): Promise<Order> {
  const response = await apiClient.post<Envelope<Order>>(`/api/order/${encodeURIComponent(id)}/move-lines`, body);
  return response.data.data;
}

export function useMoveLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveLines,
    onSuccess: (order) => putAnsweredOrder(queryClient, order),
    onSettled: () => refreshOrdersAndTables(queryClient),
  });
}
