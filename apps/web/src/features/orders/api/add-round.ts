import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddRoundBody } from '@quan/contract/order';
import { requestChange, type ChangeRequest } from '../../../lib/outbox-sender';
import { queryRoots } from '../../../lib/query-keys';
import { orderQueryKey } from './get-order';
import type { OrderPage } from './list-orders';

export interface AddRoundVariables extends AddRoundBody {
  /** The open order the dishes join. */
  id: string;
  idempotencyKey: string;
}

/** The call that adds a round to an open order: made now, or kept in the outbox to be made later, it is the same. */
export function addRoundRequest({ id, ...body }: Omit<AddRoundVariables, 'idempotencyKey'>): ChangeRequest {
  return { method: 'POST', url: `/api/order/${encodeURIComponent(id)}/rounds`, body };
}

/**
 * Sends more dishes for an open order as its next round, and answers the whole order. `idempotencyKey` names
 * the round being taken: a retry after a lost answer (the query client's one automatic mutation retry, or the
 * person pressing again) returns the order with that round instead of sending the dishes twice.
 */
export function addRound({ idempotencyKey, ...variables }: AddRoundVariables) {
  return requestChange(addRoundRequest(variables), idempotencyKey);
}

export function useAddRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRound,
    onSuccess: (order) => {
      // The answer carries the order's new version: the next round starts from it without waiting for a refetch.
      queryClient.setQueryData(orderQueryKey(order._id), order);
      queryClient.setQueriesData<OrderPage>({ queryKey: queryRoots.orders }, (page) =>
        page && Array.isArray(page.orders) && page.orders.some((listed) => listed._id === order._id)
          ? { ...page, orders: page.orders.map((listed) => (listed._id === order._id ? order : listed)) }
          : page,
      );
    },
    // Also after a refusal: a 409 means the order changed (or closed) elsewhere, whose latest state is fetched.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
        // The table shows its order's status, which a new round moves back.
        queryClient.invalidateQueries({ queryKey: queryRoots.tables }),
      ]);
    },
  });
}
