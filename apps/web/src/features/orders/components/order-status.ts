import { allowedOrderMoves, openOrderStatuses, orderStatuses, type OrderStatus } from '@quan/contract/order';

/** The message id of each order status's name: `t(orderStatusMessages[status])`. */
export const orderStatusMessages: Record<OrderStatus, string> = {
  pending: 'orders.status.pending',
  in_progress: 'orders.status.inProgress',
  ready: 'orders.status.ready',
  served: 'orders.status.served',
  completed: 'orders.status.completed',
  cancelled: 'orders.status.cancelled',
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value);
}

/** The status tabs of /orders: "Active" (every open status) first, then each status, then all. */
export type OrderTab = 'active' | OrderStatus | 'all';
export const orderTabs: readonly OrderTab[] = [
  'active',
  'pending',
  'in_progress',
  'ready',
  'served',
  'completed',
  'cancelled',
  'all',
];
/** The message id of each tab's name. */
export const orderTabMessages: Record<OrderTab, string> = {
  active: 'orders.tab.active',
  ...orderStatusMessages,
  all: 'orders.tab.all',
};

export function isOrderTab(value: string | null): value is OrderTab {
  return (orderTabs as readonly (string | null)[]).includes(value);
}

/** The statuses a tab asks the server for; undefined means every status. */
export function statusesOfTab(tab: OrderTab): readonly OrderStatus[] | undefined {
  if (tab === 'all') return undefined;
  return tab === 'active' ? openOrderStatuses : [tab];
}

export interface OrderMove {
  target: OrderStatus;
  /** The message id of the button's label: `t(move.label)`. */
  label: string;
}

/** The label (message id) of a move that rejects what a diner sent rather than cancelling it. */
export const rejectMoveLabel = 'orders.move.reject';

function moveLabel(from: OrderStatus, to: OrderStatus): string {
  switch (to) {
    case 'in_progress':
      return 'orders.move.accept';
    case 'ready':
      return 'orders.move.ready';
    case 'served':
      return 'orders.move.served';
    case 'completed':
      return 'orders.move.complete';
    case 'cancelled':
      return from === 'pending' ? rejectMoveLabel : 'orders.move.cancel';
    default:
      return orderStatusMessages[to];
  }
}

/**
 * The buttons an order gets: exactly the moves the server allows from its status (`allowedOrderMoves` in
 * packages/contract/src/order.ts).
 */
export function orderMovesFor(status: OrderStatus): OrderMove[] {
  return allowedOrderMoves[status].map((target) => ({ target, label: moveLabel(status, target) }));
}
