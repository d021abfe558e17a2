import type { OrderStatus } from '@quan/contract/order';

/**
 * A status of an order or a round as the server's English sentences say it ("in the kitchen", not "in_progress");
 * the screens say it in their language from the status itself (the refusal's params).
 */
export const statusInWords = (status: OrderStatus): string =>
  ({
    pending: 'waiting',
    in_progress: 'in the kitchen',
    ready: 'ready',
    served: 'served',
    completed: 'completed',
    cancelled: 'cancelled',
  })[status];
