import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { Order, UpdateStationWorkBody } from '@quan/contract/order';
import { apiClient } from '../../../lib/api-client';
import { putAnsweredOrder, refreshOrdersAndTables } from './list-orders';

export interface UpdateStationWorkVariables extends UpdateStationWorkBody {
  id: string;
  roundNo: number;
  stationId: string;
}

/**
 * One station marks its dishes of a started round done (`ready: true`), or takes that back while the round is
 * not ready. The last station done makes the round ready. Answers the whole order.
 */
export async function updateStationWork({
  id,
  roundNo,
  stationId,
  ...body
}: UpdateStationWorkVariables): Promise<Order> {
  const response = await apiClient.patch<Envelope<Order>>(
    `/api/order/${encodeURIComponent(id)}/rounds/${roundNo}/stations/${encodeURIComponent(stationId)}`,
    body,
  );
  return response.data.data;
}

export function useUpdateStationWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStationWork,
    // The answer carries the order's new version: the next tap on one of its tickets must send it.
    onSuccess: (order) => putAnsweredOrder(queryClient, order),
    // Also after a refusal: a 409 means another screen changed the order. A round turning ready shows on the tables.
    onSettled: () => refreshOrdersAndTables(queryClient),
  });
}
