import { useId } from 'react';
import { Clock, Users } from 'lucide-react';
import { isOpenOrderStatus, type Order } from '@quan/contract/order';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { OrderStatusBadge, SourceBadge } from './OrderBadges';
import {
  elapsedMinutes,
  formatElapsed,
  isAwaitingApproval,
  orderMovesFor,
  paymentMethodLabels,
  tableLabel,
  type OrderMove,
} from './order-status';

interface OrderCardProps {
  order: Order;
  now: number;
  isBusy: boolean;
  onMove: (order: Order, move: OrderMove) => void;
}

const moveButtonClass: Partial<Record<OrderMove['target'], string>> = {
  cancelled: 'btn-secondary text-red-700 hover:bg-red-50',
};

export function OrderCard({ order, now, isBusy, onMove }: OrderCardProps) {
  const titleId = useId();
  const moves = orderMovesFor(order.status);
  const awaitingApproval = isAwaitingApproval(order);
  const guests = order.customerDetails.guests;

  return (
    <article
      aria-labelledby={titleId}
      className={`card flex h-full flex-col gap-3 p-4 ${awaitingApproval ? 'border-amber-400 bg-amber-50 ring-2 ring-amber-400' : ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold text-stone-900">
            #{order.orderNo} · {tableLabel(order)}
          </h2>
          <p className="flex items-center gap-1.5 text-sm text-stone-700">
            <span className="truncate">{order.customerDetails.name || 'Guest'}</span>
            <span aria-hidden="true">·</span>
            <Users aria-hidden="true" className="size-4 shrink-0" />
            <span>
              {guests} {guests === 1 ? 'guest' : 'guests'}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-1.5">
          <OrderStatusBadge status={order.status} />
          <SourceBadge source={order.source} />
        </div>
      </div>

      {awaitingApproval && (
        <p className="rounded-lg bg-amber-200/60 px-3 py-1.5 text-sm font-semibold text-amber-950">
          Waiting for approval
        </p>
      )}

      <ul className="space-y-1 text-sm">
        {order.items.map((line, index) => (
          <li key={`${line.itemId ?? line.name}-${index}`}>
            <span className="font-semibold text-stone-900">{line.quantity} ×</span> {line.name}
            {line.note && <span className="block pl-6 text-xs text-amber-800 italic">{line.note}</span>}
          </li>
        ))}
      </ul>
      {order.note && <p className="text-sm text-stone-700 italic">Note: {order.note}</p>}

      <div className="mt-auto flex flex-wrap items-end justify-between gap-2 border-t border-stone-100 pt-3 text-sm">
        <div className="text-stone-600">
          <p>{formatDateTime(order.createdAt)}</p>
          {isOpenOrderStatus(order.status) ? (
            <p className="flex items-center gap-1 font-medium text-stone-800">
              <Clock aria-hidden="true" className="size-4" />
              {formatElapsed(elapsedMinutes(order.createdAt, now))} ago
            </p>
          ) : (
            order.paymentMethod && <p>Paid by {paymentMethodLabels[order.paymentMethod].toLowerCase()}</p>
          )}
        </div>
        <p className="text-lg font-bold text-stone-900">{formatMoney(order.bills.total)}</p>
      </div>

      {moves.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {moves.map((move) => (
            <button
              key={move.target}
              type="button"
              disabled={isBusy}
              onClick={() => onMove(order, move)}
              className={`btn flex-1 ${moveButtonClass[move.target] ?? 'btn-primary'}`}
            >
              {move.label} <span className="sr-only">order #{order.orderNo}</span>
            </button>
          ))}
        </div>
      )}
    </article>
  );
}
