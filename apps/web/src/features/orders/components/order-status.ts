import {
  allowedOrderMoves,
  openOrderStatuses,
  type Order,
  type OrderStatus,
  type PaymentMethod,
} from '@quan/contract/order';

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  ready: 'Ready',
  served: 'Served',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  transfer: 'Bank transfer',
  ewallet: 'E-wallet',
};

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
export const orderTabLabels: Record<OrderTab, string> = { active: 'Active', ...orderStatusLabels, all: 'All' };

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
  label: string;
}

function moveLabel(from: OrderStatus, to: OrderStatus): string {
  switch (to) {
    case 'in_progress':
      return 'Accept';
    case 'ready':
      return 'Ready';
    case 'served':
      return 'Served';
    case 'completed':
      return 'Complete';
    case 'cancelled':
      return from === 'pending' ? 'Reject' : 'Cancel';
    default:
      return orderStatusLabels[to];
  }
}

/**
 * The buttons an order gets: exactly the moves the server allows from its status (`allowedOrderMoves` in
 * packages/contract/src/order.ts).
 */
export function orderMovesFor(status: OrderStatus): OrderMove[] {
  return allowedOrderMoves[status].map((target) => ({ target, label: moveLabel(status, target) }));
}

/** What the kitchen screen shows and the one tap that moves a ticket along. */
export const kitchenStatuses = ['pending', 'in_progress', 'ready'] as const satisfies readonly OrderStatus[];
export type KitchenStatus = (typeof kitchenStatuses)[number];

export const kitchenNextMove: Record<KitchenStatus, OrderMove> = {
  pending: { target: 'in_progress', label: 'Accept' },
  in_progress: { target: 'ready', label: 'Mark ready' },
  ready: { target: 'served', label: 'Mark served' },
};

export function isKitchenStatus(status: OrderStatus): status is KitchenStatus {
  return (kitchenStatuses as readonly OrderStatus[]).includes(status);
}

export type KitchenOrder = Order & { status: KitchenStatus };

/** Open kitchen tickets, the longest-waiting first. */
export function kitchenQueue(orders: readonly Order[]): KitchenOrder[] {
  return orders
    .filter((order): order is KitchenOrder => isKitchenStatus(order.status))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** A diner's order from the table page that no one has accepted yet: it must catch the eye. */
export function isAwaitingApproval(order: Pick<Order, 'status' | 'source'>): boolean {
  return order.status === 'pending' && order.source === 'table';
}

/** "Table 4", or "Takeaway" for an order without a table. */
export function tableLabel(order: Pick<Order, 'table'>): string {
  return order.table ? `Table ${order.table.tableNo}` : 'Takeaway';
}

export function elapsedMinutes(createdAt: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
}

/** "7 min", "1 h 05 min". */
export function formatElapsed(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export type ElapsedTone = 'fresh' | 'waiting' | 'late';

/** Green under 10 minutes, amber under 20, red after. */
export function elapsedTone(minutes: number): ElapsedTone {
  if (minutes < 10) return 'fresh';
  return minutes < 20 ? 'waiting' : 'late';
}

export function moveSuccessMessage(order: Pick<Order, 'orderNo'>, move: OrderMove, paymentMethod?: PaymentMethod) {
  const name = `Order #${order.orderNo}`;
  switch (move.target) {
    case 'in_progress':
      return `${name} accepted.`;
    case 'ready':
      return `${name} is ready.`;
    case 'served':
      return `${name} served.`;
    case 'completed':
      return paymentMethod
        ? `${name} completed, paid by ${paymentMethodLabels[paymentMethod].toLowerCase()}.`
        : `${name} completed.`;
    case 'cancelled':
      return move.label === 'Reject' ? `${name} rejected.` : `${name} cancelled.`;
    default:
      return `${name} updated.`;
  }
}
