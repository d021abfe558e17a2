/**
 * The rules of an order's rounds, without zod, so that the diner's phone can follow its table's order
 * without downloading the schema library. order.ts builds its schemas on these.
 */

/**
 * The steps of one round (one batch of dishes sent to the kitchen): a diner's round waits as `pending`
 * for staff to accept it; the kitchen moves it to `ready`, the floor to `served`; a rejected round is `cancelled`.
 */
export const roundStatuses = ['pending', 'in_progress', 'ready', 'served', 'cancelled'] as const;
export type RoundStatus = (typeof roundStatuses)[number];

/** The moves of one round; anything else is a 409. */
export const allowedRoundMoves: Record<RoundStatus, readonly RoundStatus[]> = {
  pending: ['in_progress', 'cancelled'],
  in_progress: ['ready', 'cancelled'],
  ready: ['served'],
  served: [],
  cancelled: [],
};

type ActiveRoundStatus = Exclude<RoundStatus, 'cancelled'>;
const roundProgress: Record<ActiveRoundStatus, number> = { pending: 0, in_progress: 1, ready: 2, served: 3 };

/**
 * An open order's status follows its rounds: that of the least advanced round the kitchen has taken (a
 * new round puts a served table back in progress; the order is ready when every such round is). A round
 * still waiting for staff to accept it does not hold the table back; an order with nothing but such
 * rounds is `pending`, and one whose rounds were all cancelled is cancelled.
 */
export function orderStatusOfRounds(rounds: readonly { status: RoundStatus }[]): ActiveRoundStatus | 'cancelled' {
  let least: ActiveRoundStatus | null = null;
  let waiting = false;
  for (const { status } of rounds) {
    if (status === 'pending') waiting = true;
    else if (status !== 'cancelled' && (least === null || roundProgress[status] < roundProgress[least])) {
      least = status;
    }
  }
  return least ?? (waiting ? 'pending' : 'cancelled');
}
