import { ChefHat } from 'lucide-react';
import type { Order } from '@quan/contract/order';
import { maxOrdersPerPage, useOrders, type OrderFilters } from '../api/list-orders';
import { KitchenTicket } from './KitchenTicket';
import {
  isRoundAwaitingApproval,
  kitchenStatuses,
  kitchenTickets,
  type KitchenRound,
  type RoundMove,
} from './order-status';
import { LoadError } from '../../../components/LoadError';

interface KitchenBoardProps {
  now: number;
  /** The orders with a move on its way: all their tickets wait for it. */
  busyIds: ReadonlySet<string>;
  /** False for a role that may not move orders along: the tickets are shown without buttons. */
  canMove: boolean;
  onMove: (order: Order, round: KitchenRound, move: RoundMove) => void;
}

/**
 * The kitchen's orders in one request: an order is open in the kitchen while its least advanced round is,
 * so these statuses bring every round still to make. The server sorts them oldest first, so when there are
 * more than a page holds, the ones that have waited longest are the ones shown. Live order events keep this
 * list current in the cache without asking again.
 */
const kitchenOrderFilters: OrderFilters = { status: kitchenStatuses, sort: 'oldest', limit: maxOrdersPerPage };

/** The kitchen screen: one ticket per pending, in-progress and ready round, the longest-waiting first. */
export function KitchenBoard({ now, busyIds, canMove, onMove }: KitchenBoardProps) {
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

  const queue = kitchenTickets(orders.data.orders);
  const notShown = orders.data.pagination.totalItems - orders.data.orders.length;
  if (queue.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-3 p-10 text-center text-stone-700">
        <ChefHat aria-hidden="true" className="size-10 text-stone-400" />
        <p className="text-xl font-semibold">No tickets. New orders appear here as they come in.</p>
      </div>
    );
  }

  const awaiting = queue.filter((ticket) => isRoundAwaitingApproval(ticket.round)).length;
  return (
    <div className="space-y-4">
      <p className="text-lg font-medium text-stone-700" role="status">
        {queue.length} {queue.length === 1 ? 'ticket' : 'tickets'}
        {awaiting > 0 && `, ${awaiting} waiting for approval`}
        {notShown > 0 && ` (${notShown} newer ${notShown === 1 ? 'order' : 'orders'} not shown yet)`}
      </p>
      <ol aria-label="Kitchen tickets, oldest first" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {queue.map((ticket) => (
          <li key={`${ticket.order._id}-${ticket.round.no}`}>
            <KitchenTicket
              ticket={ticket}
              now={now}
              isBusy={busyIds.has(ticket.order._id)}
              canMove={canMove}
              onMove={onMove}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}
