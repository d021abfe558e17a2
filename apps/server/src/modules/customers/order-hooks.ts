import type { OrderLifecycleHooks } from '../orders/service';
import type { CustomersService } from './service';

/** Completing an order with a customer credits their loyalty in the same transaction. */
export function loyaltyOrderHooks(customers: Pick<CustomersService, 'creditCompletedOrder'>): OrderLifecycleHooks {
  return {
    async afterStatusChange({ tx, order, settings }) {
      if (order.status !== 'completed' || !order.customerId || !order.completedAt) return;
      const credited = { customerId: order.customerId, total: order.total, completedAt: order.completedAt };
      await customers.creditCompletedOrder(tx, credited, settings.loyalty);
    },
  };
}
