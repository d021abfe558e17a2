import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Order, StartRoundBody } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { putAnsweredOrder, refreshOrdersAndTables } from './list-orders';

export interface StartRoundVariables extends StartRoundBody {
  id: string;
  roundNo: number;
}

/**
 * The kitchen starts cooking a round it has accepted, or a station its own lines of it (`stationId`). From then
 * a void of those dishes needs a manager. Answers the whole order.
 */
export async function startRound({ id, roundNo, ...body }: StartRoundVariables): Promise<Order> {
  const response = await apiClient.post<Envelope<Order>>(
    `/api/order/${encodeURIComponent(id)}/rounds/${roundNo}/start`,
    body,
  );
  return response.data.data;
}

export function useStartRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startRound,
    // The answer carries the order's new version: the next tap on one of its tickets must send it.
    onSuccess: (order) => putAnsweredOrder(queryClient, order),
    // Also after a refusal: a 409 means another screen changed the order.
    onSettled: () => refreshOrdersAndTables(queryClient),
  });
}
