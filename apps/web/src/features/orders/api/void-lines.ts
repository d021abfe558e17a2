import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Order, VoidLinesBody } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { putAnsweredOrder, refreshOrdersAndTables } from './list-orders';

export interface VoidLinesVariables extends VoidLinesBody {
  id: string;
}

/**
 * Takes lines (or part of their quantity) off an open order's bill with a reason, and answers the whole order.
 * Dishes the kitchen has started are refused with a 403 unless a manager is signed in or `approval` carries a
 * manager's email and password.
 */
export async function voidLines({ id, ...body }: VoidLinesVariables): Promise<Order> {
  const response = await apiClient.post<Envelope<Order>>(`/api/order/${encodeURIComponent(id)}/voids`, body);
  return response.data.data;
}

export function useVoidLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidLines,
    // The variables may hold a manager's password: the finished mutation is dropped from the cache at once
    // instead of being kept for minutes after the dialog closes.
    gcTime: 0,
    onSuccess: (order) => putAnsweredOrder(queryClient, order),
    onSettled: () => refreshOrdersAndTables(queryClient),
  });
}
