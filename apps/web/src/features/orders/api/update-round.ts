import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateRoundBody } from '@quan/contract/order';
import { requestChange, type ChangeRequest } from '../../../lib/outbox-sender';
import { queryRoots } from '../../../lib/query-keys';
import { putAnsweredOrder } from './list-orders';

export interface UpdateRoundVariables extends UpdateRoundBody {
  id: string;
  roundNo: number;
}

/** Moves one round of an order (one kitchen ticket): accepted, rejected, ready or served. Answers the whole order. */
export function updateRoundRequest({ id, roundNo, ...body }: UpdateRoundVariables): ChangeRequest {
  return { method: 'PATCH', url: `/api/order/${encodeURIComponent(id)}/rounds/${roundNo}`, body };
}

/** The call itself, with the key that makes a repeated one harmless (a retry, or the outbox sending it later). */
export function updateRound({ idempotencyKey, ...variables }: UpdateRoundVariables & { idempotencyKey: string }) {
  return requestChange(updateRoundRequest(variables), idempotencyKey);
}

export function useUpdateRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRound,
    // The answer carries the order's new version: written where it is listed at once, so the next tap on
    // another of its tickets does not send the version it had before this one.
    onSuccess: (order) => putAnsweredOrder(queryClient, order),
    // Also after a refusal: a 409 means another screen changed the order, whose latest state is fetched.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
        // Rejecting an order's last round cancels it, which frees its table.
        queryClient.invalidateQueries({ queryKey: queryRoots.tables }),
      ]);
    },
  });
}
