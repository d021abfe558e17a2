import type { OrderStatus } from '@quan/contract/order';
import type { RoundStatus } from '@quan/contract/rounds';
import type { OrderStatusUpdate, PublicOrder } from '@quan/contract/public';

export type PublicRound = PublicOrder['rounds'][number];

/**
 * What each status means to the diner at the table: the ids of its label and its sentence in the `table`
 * catalogue (src/locales/<language>/table.po), read with `t(dinerStatusText[status].label)`.
 */
export const dinerStatusText: Record<OrderStatus, { label: string; detail: string }> = {
  pending: { label: 'table.status.pending', detail: 'table.status.pending.detail' },
  in_progress: { label: 'table.status.inProgress', detail: 'table.status.inProgress.detail' },
  ready: { label: 'table.status.ready', detail: 'table.status.ready.detail' },
  served: { label: 'table.status.served', detail: 'table.status.served.detail' },
  completed: { label: 'table.status.completed', detail: 'table.status.completed.detail' },
  cancelled: { label: 'table.status.cancelled', detail: 'table.status.cancelled.detail' },
};

/** The steps the status view shows; `completed` has passed them all, `cancelled` left them. */
export const progressSteps: readonly OrderStatus[] = ['pending', 'in_progress', 'ready', 'served'];

// An order only moves forward (`allowedOrderMoves` in packages/contract/src/order.ts), and cancelled or completed
// are final.
const statusRank: Record<OrderStatus, number> = {
  pending: 0,
  in_progress: 1,
  ready: 2,
  served: 3,
  completed: 4,
  cancelled: 5,
};

/**
 * The newer of two reports of one order's status. A reload that started before a live event can answer
 * after it with the older status; since orders only move forward, the further status is the current one.
 */
export function laterStatus(a: OrderStatus, b: OrderStatus | undefined): OrderStatus {
  return b !== undefined && statusRank[b] > statusRank[a] ? b : a;
}

/** How many steps are done: the current step is the one after them (all four once completed). */
export function stepsDone(status: OrderStatus): number {
  if (status === 'completed') return progressSteps.length;
  return Math.max(0, progressSteps.indexOf(status));
}

/**
 * Where one round (one batch of dishes sent to the kitchen) stands, as the diner reads it: the id of its
 * label in the `table` catalogue, read with `t(roundStatusText[status])`.
 */
export const roundStatusText: Record<RoundStatus, string> = {
  pending: 'table.round.pending',
  in_progress: 'table.status.inProgress',
  ready: 'table.status.ready',
  served: 'table.status.served',
  cancelled: 'table.round.cancelled',
};

// A round only moves forward too (`allowedRoundMoves` in the contract); a round is cancelled before it is ready,
// and for good.
const roundRank: Record<RoundStatus, number> = { pending: 0, in_progress: 1, ready: 2, served: 3, cancelled: 4 };

/** Both reports of an order's rounds in one: every round either knows, each at the further of its statuses. */
export function mergeRounds(a: readonly PublicRound[], b: readonly PublicRound[]): PublicRound[] {
  const byNo = new Map<number, PublicRound>();
  for (const round of [...a, ...b]) {
    const known = byNo.get(round.no);
    if (!known || roundRank[round.status] > roundRank[known.status]) byNo.set(round.no, round);
  }
  return [...byNo.values()].sort((x, y) => x.no - y.no);
}

const isClosed = (status: OrderStatus) => status === 'completed' || status === 'cancelled';

/**
 * What the diner's page headline follows while the order is open: the newest round still on the bill,
 * the dishes this table ordered last ("Received" while staff have not accepted them, then "Preparing"…),
 * even when the kitchen's order status waits on an older round.
 */
export function latestRoundStatus(rounds: readonly PublicRound[]): OrderStatus {
  const last = rounds.findLast((round) => round.status !== 'cancelled');
  return last ? last.status : 'cancelled';
}

/**
 * The order with the last live update on top of the last load. A load and an update may arrive in either
 * order; rounds are only added and only move forward, so each round takes its further status and the
 * headline follows the newest round. An update without rounds (an older server) only moves the order's
 * status forward. Completed and cancelled are final, whichever report says so.
 */
export function withLiveUpdate(order: PublicOrder, update: OrderStatusUpdate | undefined): PublicOrder {
  let merged = order;
  if (update && update._id === order._id) {
    if (!update.rounds) return { ...order, status: laterStatus(order.status, update.status) };
    merged = {
      ...order,
      rounds: mergeRounds(order.rounds, update.rounds),
      status: isClosed(update.status) ? update.status : order.status,
    };
  }
  if (isClosed(merged.status) || merged.rounds.length === 0) return merged;
  return { ...merged, status: latestRoundStatus(merged.rounds) };
}

/**
 * Whether a live update names what the phone has not loaded: a round sent from another phone at the table or by
 * the staff (its dishes and the new bill), or a round just refused (the bill without it).
 */
export function updateNeedsReload(loaded: readonly PublicRound[] | undefined, update: OrderStatusUpdate): boolean {
  if (!update.rounds) return false;
  const known = new Map((loaded ?? []).map((round) => [round.no, round.status]));
  return update.rounds.some(
    (round) => !known.has(round.no) || (round.status === 'cancelled' && known.get(round.no) !== 'cancelled'),
  );
}

/** Of the order as loaded and as the last order from this phone answered, the one that knows more rounds. */
export function newerOrder(
  loaded: PublicOrder | undefined,
  answered: PublicOrder | undefined,
): PublicOrder | undefined {
  if (!loaded || !answered || loaded._id !== answered._id) return loaded ?? answered;
  return answered.rounds.length > loaded.rounds.length ? answered : loaded;
}
