import type { OrderLifecycleHooks } from '../orders/service';
import type { IngredientsService } from './service';

/**
 * Stock follows the kitchen: a staff order takes its ingredients when placed, a diner's order when staff
 * accept it (a pending order may never be cooked), and a cancellation gives back what was taken.
 */
export function stockOrderHooks(
  stock: Pick<IngredientsService, 'takeForOrder' | 'giveBackForOrder'>,
): OrderLifecycleHooks {
  return {
    async afterPlaced({ tx, order, actorId, afterCommit }) {
      if (order.status === 'in_progress') afterCommit(await stock.takeForOrder(tx, order.id, actorId));
    },
    async afterStatusChange({ tx, order, from, actorId, afterCommit }) {
      if (from === 'pending' && order.status === 'in_progress') {
        afterCommit(await stock.takeForOrder(tx, order.id, actorId));
      }
      if (order.status === 'cancelled') afterCommit(await stock.giveBackForOrder(tx, order.id, actorId));
    },
  };
}
