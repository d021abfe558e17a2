import type { OrderLifecycleHooks } from '../orders/service';
import type { ReportsService } from './service';

/** A completed order counts in the revenue sums from the moment it commits. */
export function salesOrderHooks(reports: Pick<ReportsService, 'addCompletedOrder'>): OrderLifecycleHooks {
  return {
    async afterStatusChange({ tx, order }) {
      if (order.status === 'completed') await reports.addCompletedOrder(tx, order.id);
    },
  };
}
