import { ChefHat } from 'lucide-react';
import type { Order } from '@quan/contract/order';
import { maxOrdersPerPage, useOrders, type OrderFilters } from '../api/list-orders';
import { KitchenTicket } from './KitchenTicket';
import { isAwaitingApproval, kitchenQueue, kitchenStatuses, type OrderMove } from './order-status';
import { LoadError } from '../../../components/LoadError';

interface KitchenBoardProps {
  now: number;
  busyIds: ReadonlySet<string>;
  onMove: (order: Order, move: OrderMove) => void;
}

/**
 * The kitchen's tickets in one request: the server sorts them oldest first, so when there are more than
 * a page holds, the ones that have waited longest are the ones shown. Live order events keep this list
 * current in the cache without asking again.
 */
const kitchenOrderFilters: OrderFilters = { status: kitchenStatuses, sort: 'oldest', limit: maxOrdersPerPage };

/** The kitchen screen: every pending, in-progress and ready order, oldest first. */
export function KitchenBoard({ now, busyIds, onMove }: KitchenBoardProps) {
  const orders = useOrders(kitchenOrderFilters);

  if (orders.isPending) {
    return (
      <p role="status" className="text-lg text-stone-600">
        Loading tickets…
      </p>
    );
  }
  if (orders.isError) {
    return (
      <LoadError
        error={orders.error}
        fallback="Could not load the kitchen tickets."
        onRetry={() => void orders.refetch()}
      />
    );
  }

  const queue = kitchenQueue(orders.data.orders);
  const notShown = orders.data.pagination.totalItems - orders.data.orders.length;
  if (queue.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-3 p-10 text-center text-stone-700">
        <ChefHat aria-hidden="true" className="size-10 text-stone-400" />
        <p className="text-xl font-semibold">No tickets. New orders appear here as they come in.</p>
      </div>
    );
  }

  const awaiting = queue.filter(isAwaitingApproval).length;
  return (
    <div className="space-y-4">
      <p className="text-lg font-medium text-stone-700" role="status">
        {queue.length} {queue.length === 1 ? 'ticket' : 'tickets'}
        {awaiting > 0 && `, ${awaiting} waiting for approval`}
        {notShown > 0 && ` (${notShown} newer not shown yet)`}
      </p>
      <ol aria-label="Kitchen tickets, oldest first" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {queue.map((order) => (
          <li key={order._id}>
            <KitchenTicket order={order} now={now} isBusy={busyIds.has(order._id)} onMove={onMove} />
          </li>
        ))}
      </ol>
    </div>
  );
}
