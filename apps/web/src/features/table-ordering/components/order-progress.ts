import type { OrderStatus } from '@quan/contract/order';

/** What each status means to the diner at the table. */
export const dinerStatusText: Record<OrderStatus, { label: string; detail: string }> = {
  pending: { label: 'Received', detail: 'The restaurant has your order; the staff will confirm it in a moment.' },
  in_progress: { label: 'Preparing', detail: 'The kitchen is cooking your dishes.' },
  ready: { label: 'Ready', detail: 'Your dishes are ready and on their way to your table.' },
  served: { label: 'Served', detail: 'Enjoy your meal!' },
  completed: { label: 'Completed', detail: 'All paid. Thank you for eating with us!' },
  cancelled: { label: 'Cancelled', detail: 'This order was cancelled. Please ask our staff if you did not expect it.' },
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
