import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Order, SplitBillBody } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { putAnsweredOrder, refreshOrdersAndTables } from './list-orders';

export type SplitBillVariables = SplitBillBody & { id: string };

/**
 * Splits an open order's bill evenly between guests or by dishes into parts that add up exactly to it, and
 * answers the order with its `billParts`. An unpaid split is replaced.
 */
export async function splitBill({ id, ...body }: SplitBillVariables): Promise<Order> {
  const response = await apiClient.post<Envelope<Order>>(`/api/order/${encodeURIComponent(id)}/split`, body);
  return response.data.data;
}

export function useSplitBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: splitBill,
    onSuccess: (order) => putAnsweredOrder(queryClient, order),
    onSettled: () => refreshOrdersAndTables(queryClient),
  });
}
