import type { Order, OrderRound } from '@quan/contract/order';
import type { QueuedPrintJob } from '@quan/contract/printers';
import { useOrders } from '../api/list-orders';
import { usePrintQueueIndex } from '../api/list-print-queue';
import { OrderCard } from './OrderCard';
import { dayEndIso, dayStartIso } from '../../../lib/restaurant-day';
import { useT } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-is-online';
import { orderTabMessages, statusesOfTab, type OrderMove, type OrderTab } from './order-status';
import { type RoundMove } from './round-status';
import type { TabAction } from './tab-actions';
import { LoadError } from '../../../components/LoadError';

export const ordersPerPage = 20;

interface OrderListProps {
  tab: OrderTab;
  /** Date input values ("2026-01-15"), empty for no bound. */
  from: string;
  to: string;
  page: number;
  onPageChange: (page: number) => void;
  now: number;
  busyIds: ReadonlySet<string>;
  /** False for a role that may not move orders along: the cards are shown without buttons. */
  canMove: boolean;
  /** False for a role that may not void dishes. */
  canVoid: boolean;
  onMove: (order: Order, move: OrderMove) => void;
  onRoundMove: (order: Order, round: OrderRound, move: RoundMove) => void;
  onAction: (order: Order, action: TabAction) => void;
  onPayPart: (order: Order, partNo: number) => void;
  /** The stations' names by id, for the cards' "not printed" line. */
  stationNames: ReadonlyMap<string, string>;
}

const noJobs: readonly QueuedPrintJob[] = [];

export function OrderList({
  tab,
  from,
  to,
  page,
  onPageChange,
  now,
  busyIds,
  canMove,
  canVoid,
  onMove,
  onRoundMove,
  onAction,
  onPayPart,
  stationNames,
}: OrderListProps) {
  const t = useT();
  const isOnline = useIsOnline();
  const isRangeValid = !from || !to || from <= to;
  const orders = useOrders(
    {
      status: statusesOfTab(tab),
      startDate: dayStartIso(from),
      endDate: dayEndIso(to),
      page,
      limit: ordersPerPage,
    },
    { enabled: isRangeValid },
  );
  // The branch's waiting jobs in one request, indexed once: each card below takes its order's.
  const printQueue = usePrintQueueIndex();

  if (!isRangeValid) {
    return (
      <p role="alert" className="card p-6 text-stone-800">
        {t('orders.list.badRange')}
      </p>
    );
  }
  if (orders.isPending) {
    // Offline, a list not fetched before waits for the network (order lists are never kept on the device): say so.
    return (
      <p role="status" className="text-stone-600">
        {orders.fetchStatus === 'paused' ? t('orders.list.offline') : t('orders.list.loading')}
      </p>
    );
  }
  if (orders.isError) {
    return (
      <LoadError error={orders.error} fallback={t('orders.list.loadError')} onRetry={() => void orders.refetch()} />
    );
  }

  const { orders: shown, pagination } = orders.data;
  if (shown.length === 0) {
    const dated = Boolean(from || to);
    const scope = tab === 'all' ? null : t(orderTabMessages[tab]).toLocaleLowerCase();
    return (
      <p className="card p-6 text-stone-700">
        {scope === null
          ? t(dated ? 'orders.list.emptyDated' : 'orders.list.empty')
          : t(dated ? 'orders.list.emptyTabDated' : 'orders.list.emptyTab', { tab: scope })}
      </p>
    );
  }

  return (
    <div className="space-y-4" aria-busy={orders.isPlaceholderData}>
      {!isOnline && (
        <p role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
          {t('orders.list.offlineShown')}
        </p>
      )}
      <ul
        className={`grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3 ${orders.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        {shown.map((order) => (
          <li key={order._id}>
            <OrderCard
              order={order}
              now={now}
              isBusy={busyIds.has(order._id)}
              canMove={canMove}
              canVoid={canVoid}
              onMove={onMove}
              onRoundMove={onRoundMove}
              onAction={onAction}
              onPayPart={onPayPart}
              unprintedJobs={printQueue.data?.byOrder.get(order._id) ?? noJobs}
              stationNames={stationNames}
            />
          </li>
        ))}
      </ul>
      {pagination.totalPages > 1 && (
        <nav aria-label={t('orders.list.pages')} className="flex items-center justify-between gap-3">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            {t('orders.list.previous')}
          </button>
          <p className="text-sm text-stone-700">
            {t('orders.list.page', {
              page: pagination.currentPage,
              pages: pagination.totalPages,
              count: pagination.totalItems,
            })}
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={page >= pagination.totalPages}
            onClick={() => onPageChange(page + 1)}
          >
            {t('orders.list.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
