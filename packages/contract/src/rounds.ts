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

/**
 * How long after a round is sent the floor may still take its dishes off without a manager, while its station
 * has not said it started them. Many cooks work from the printed ticket and never tap "Start", and the pan is
 * on within a couple of minutes: past this a dish counts as started. Two minutes covers the waiter's "wrong
 * table!" and the guest who changes their mind at once, and is too short for much food to be wasted.
 */
export const VOID_GRACE_MINUTES = 2;

/**
 * Whether the kitchen has started a line, which decides who may void it: `not_started` (its round waits for
 * staff to accept it, or was sent under VOID_GRACE_MINUTES ago and its station has not started it), staff
 * void it and its stock goes back; `started` (its station started it or marked it done, or its round is
 * done) or `past_grace` (nobody said, but the grace time is over), a manager approves. A diner's round counts
 * from when the diner sent it: the kitchen screen showed it from then. Times are epoch ms.
 */
export type KitchenStart = 'not_started' | 'started' | 'past_grace';

export function kitchenStartOfLine(
  round: { status: RoundStatus; sentAt: number },
  line: { startedAt: number | null },
  now: number,
): KitchenStart {
  if (round.status === 'pending') return 'not_started';
  if (line.startedAt !== null || round.status !== 'in_progress') return 'started';
  return now - round.sentAt >= VOID_GRACE_MINUTES * 60_000 ? 'past_grace' : 'not_started';
}
