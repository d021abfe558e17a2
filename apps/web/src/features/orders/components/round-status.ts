import type { Order, OrderItem, OrderRound, OrderStatus } from '@quan/contract/order';
import { kitchenStartOfLine, type KitchenStart, type RoundStatus } from '@quan/contract/rounds';
import type { Translate } from '../../../lib/i18n';
import { rejectMoveLabel } from './order-status';

/** A round's step, as the floor says it ("Round 2 · 19:42 · Preparing"). */
export const roundStatusMessages: Record<RoundStatus, string> = {
  pending: 'orders.roundStatus.pending',
  in_progress: 'orders.roundStatus.inProgress',
  ready: 'orders.roundStatus.ready',
  served: 'orders.roundStatus.served',
  cancelled: 'orders.roundStatus.cancelled',
};

export interface RoundMove {
  target: RoundStatus;
  /** The message id of the button's label: `t(move.label)`. */
  label: string;
}

/** The statuses a round is on the kitchen screen in (the order's status follows its least advanced round). */
export const kitchenStatuses = ['pending', 'in_progress', 'ready'] as const satisfies readonly OrderStatus[] &
  readonly RoundStatus[];
export type KitchenStatus = (typeof kitchenStatuses)[number];

/** A ticket's buttons: a diner's round is accepted or rejected, then one tap moves it on. */
export const kitchenRoundMoves: Record<KitchenStatus, readonly RoundMove[]> = {
  pending: [
    { target: 'in_progress', label: 'orders.move.accept' },
    { target: 'cancelled', label: rejectMoveLabel },
  ],
  in_progress: [{ target: 'ready', label: 'orders.move.markReady' }],
  ready: [{ target: 'served', label: 'orders.move.markServed' }],
};

/** The buttons a round gets on an order's card: only a round waiting for approval is decided there. */
export function roundMovesFor(status: RoundStatus): readonly RoundMove[] {
  return status === 'pending' ? kitchenRoundMoves.pending : [];
}

export function isKitchenStatus(status: OrderStatus | RoundStatus): status is KitchenStatus {
  return (kitchenStatuses as readonly string[]).includes(status);
}

/** An order's rounds a diner sent from the table that no one has accepted yet: they must catch the eye. */
export function roundsAwaitingApproval(order: Pick<Order, 'rounds'>): OrderRound[] {
  return order.rounds.filter(isRoundAwaitingApproval);
}

export function isRoundAwaitingApproval(round: Pick<OrderRound, 'status' | 'source'>): boolean {
  return round.status === 'pending' && round.source === 'table';
}

/**
 * What a diner's round waiting for approval asks of the kitchen. The first round still on the order is a new
 * order; a round sent after one the kitchen has (or still may) take is more dishes joining an open order.
 */
export function approvalRequestLabel(t: Translate, order: Pick<Order, 'rounds'>, roundNo: number): string {
  const joinsOpenOrder = order.rounds.some((round) => round.no < roundNo && round.status !== 'cancelled');
  return joinsOpenOrder ? t('orders.approval.moreDishes') : t('orders.approval.newOrder');
}

/**
 * Whether the kitchen has started a line of an order as the screen holds it (kitchenStartOfLine): a void of it
 * needs a manager unless `not_started`. `now` moves on while a dialog stays open, and the grace time runs out.
 */
export function lineKitchenStart(
  order: Pick<Order, 'rounds'>,
  line: Pick<OrderItem, 'roundNo' | 'startedAt'>,
  now: number,
): KitchenStart {
  const round = order.rounds.find((one) => one.no === line.roundNo);
  if (!round) return 'not_started';
  const startedAt = line.startedAt === null ? null : Date.parse(line.startedAt);
  return kitchenStartOfLine({ status: round.status, sentAt: Date.parse(round.sentAt) }, { startedAt }, now);
}
