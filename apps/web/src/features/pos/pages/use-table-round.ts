import { useState } from 'react';
import { nanoid } from '@reduxjs/toolkit';
import type { OrderLineInput } from '@quan/contract/order';
import type { AddRoundVariables } from '../../orders/api/add-round';
import { useOrder } from '../../orders/api/get-order';

/**
 * The open order of the table chosen at the POS (null: none), and the round the cart would be as its next one.
 * The round goes with the version of the order shown, so dishes chosen while someone else changed the order
 * are refused (409) instead of joining an order the person has not seen.
 */
export function useTableRound(orderId: string | null) {
  const order = useOrder(orderId);
  // Part of the round's Idempotency-Key: the same for every retry of the round being taken (a changed cart
  // included, as with an order's key), a new one once that round is in the kitchen or kept on the tablet.
  const [roundSalt, setRoundSalt] = useState(() => nanoid());
  const loaded = order.data;
  const nextRoundNo = loaded ? Math.max(0, ...loaded.rounds.map((round) => round.no)) + 1 : null;

  /**
   * The call of the round being taken: with the version of the order shown when there is one (offline after a
   * reload there may be none), and its key.
   */
  function roundOf(id: string, items: OrderLineInput[]): AddRoundVariables {
    return {
      id,
      items,
      ...(loaded ? { expectedVersion: loaded.version } : {}),
      idempotencyKey: `round:${id}:${roundSalt}`,
    };
  }

  /** The round is in the kitchen or on the tablet: the next one is another round, with a key of its own. */
  const roundTaken = () => setRoundSalt(nanoid());

  return { order, nextRoundNo, roundOf, roundTaken };
}

export type TableRound = ReturnType<typeof useTableRound>;
