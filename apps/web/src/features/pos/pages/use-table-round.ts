import { useState } from 'react';
import { nanoid } from '@reduxjs/toolkit';
import type { Order, OrderLineInput } from '@quan/contract/order';
import { useAddRound } from '../../orders/api/add-round';
import { useOrder } from '../../orders/api/get-order';

interface SendCallbacks {
  onSent: (order: Order, roundNo: number) => void;
  onRefused: (error: unknown) => void;
}

/**
 * The open order of the table chosen at the POS (null: none), and sending the cart to it as its next round.
 * The round goes with the version of the order shown, so dishes chosen while someone else changed the order
 * are refused (409) instead of joining an order the person has not seen.
 */
export function useTableRound(orderId: string | null) {
  const order = useOrder(orderId);
  const mutation = useAddRound();
  // Part of the round's Idempotency-Key: the same for every retry of the round being taken (a changed cart
  // included, as with an order's key), a new one once that round is in the kitchen.
  const [roundSalt, setRoundSalt] = useState(() => nanoid());
  const loaded = order.data;
  const nextRoundNo = loaded ? Math.max(0, ...loaded.rounds.map((round) => round.no)) + 1 : null;

  function send(items: OrderLineInput[], { onSent, onRefused }: SendCallbacks) {
    if (!loaded || mutation.isPending) return;
    mutation.mutate(
      {
        id: loaded._id,
        items,
        expectedVersion: loaded.version,
        idempotencyKey: `round:${loaded._id}:${roundSalt}`,
      },
      {
        onSuccess: (updated) => {
          setRoundSalt(nanoid());
          onSent(updated, updated.rounds.at(-1)?.no ?? nextRoundNo ?? 1);
        },
        onError: onRefused,
      },
    );
  }

  return { order, nextRoundNo, send, isSending: mutation.isPending };
}
