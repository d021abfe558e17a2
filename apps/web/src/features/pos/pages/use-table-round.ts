import { useState } from 'react';
import { nanoid } from '@reduxjs/toolkit';
import type { AddRoundBody, Order, OrderLineInput } from '@quan/contract/order';
import { isUnreachable } from '../../../lib/outbox-sender';
import { useAddRound } from '../../orders/api/add-round';
import { useOrder } from '../../orders/api/get-order';

interface SendCallbacks {
  onSent: (order: Order, roundNo: number) => void;
  onRefused: (error: unknown) => void;
  /** No answer: the round goes to the outbox with this body and key, to be sent exactly once later. */
  onUnreachable: (request: { body: AddRoundBody; idempotencyKey: string }) => void;
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

  /**
   * The body and key of the round being taken: with the version of the order shown when there is one (offline
   * after a reload there may be none). The key changes for the next round once this one is in the kitchen or
   * kept on the tablet.
   */
  function prepare(items: OrderLineInput[]): { body: AddRoundBody; idempotencyKey: string } {
    setRoundSalt(nanoid());
    return {
      body: { items, ...(loaded ? { expectedVersion: loaded.version } : {}) },
      idempotencyKey: `round:${orderId}:${roundSalt}`,
    };
  }

  function send(items: OrderLineInput[], { onSent, onRefused, onUnreachable }: SendCallbacks) {
    if (!loaded || mutation.isPending) return;
    const request = {
      body: { items, expectedVersion: loaded.version },
      idempotencyKey: `round:${orderId}:${roundSalt}`,
    };
    mutation.mutate(
      { id: loaded._id, ...request.body, idempotencyKey: request.idempotencyKey },
      {
        onSuccess: (updated) => {
          setRoundSalt(nanoid());
          onSent(updated, updated.rounds.at(-1)?.no ?? nextRoundNo ?? 1);
        },
        onError: (error) => {
          if (!isUnreachable(error)) return onRefused(error);
          setRoundSalt(nanoid());
          onUnreachable(request);
        },
      },
    );
  }

  return { order, nextRoundNo, prepare, send, isSending: mutation.isPending };
}
