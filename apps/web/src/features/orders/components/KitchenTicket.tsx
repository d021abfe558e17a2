import { useId } from 'react';
import type { Order } from '@quan/contract/order';
import { OrderStatusBadge, SourceBadge } from './OrderBadges';
import {
  elapsedMinutes,
  elapsedTone,
  formatElapsed,
  isAwaitingApproval,
  kitchenNextMove,
  tableLabel,
  type ElapsedTone,
  type KitchenOrder,
  type OrderMove,
} from './order-status';

const toneClasses: Record<ElapsedTone, string> = {
  fresh: 'bg-green-700 text-white',
  waiting: 'bg-amber-400 text-stone-950',
  late: 'bg-red-700 text-white',
};

interface KitchenTicketProps {
  order: KitchenOrder;
  now: number;
  isBusy: boolean;
  onMove: (order: Order, move: OrderMove) => void;
}

/** A ticket to read from across the kitchen: big type, the wait in colour, one big button to move it on. */
export function KitchenTicket({ order, now, isBusy, onMove }: KitchenTicketProps) {
  const titleId = useId();
  const minutes = elapsedMinutes(order.createdAt, now);
  const tone = elapsedTone(minutes);
  const move = kitchenNextMove[order.status];
  const awaitingApproval = isAwaitingApproval(order);

  return (
    <article
      aria-labelledby={titleId}
      data-tone={tone}
      className={`flex h-full flex-col overflow-hidden rounded-2xl border-2 bg-white shadow-md ${
        awaitingApproval ? 'border-amber-500 ring-4 ring-amber-400' : 'border-stone-300'
      }`}
    >
      <div className={`flex items-center justify-between gap-3 px-4 py-3 ${toneClasses[tone]}`}>
        <h2 id={titleId} className="text-2xl font-extrabold sm:text-3xl">
          #{order.orderNo} · {tableLabel(order)}
        </h2>
        <p className="text-2xl font-bold tabular-nums sm:text-3xl">
          <span className="sr-only">Waiting</span> {formatElapsed(minutes)}
        </p>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <SourceBadge source={order.source} />
          {awaitingApproval && (
            <span className="rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-bold text-stone-950">
              New diner order: accept it
            </span>
          )}
        </div>
        <ul className="space-y-2 text-xl leading-snug sm:text-2xl">
          {order.items.map((line, index) => (
            <li key={`${line.itemId ?? line.name}-${index}`}>
              <span className="font-extrabold">{line.quantity} ×</span> {line.name}
              {line.note && (
                <span className="mt-0.5 block rounded bg-amber-100 px-2 text-base font-semibold text-amber-950">
                  {line.note}
                </span>
              )}
            </li>
          ))}
        </ul>
        {order.note && <p className="text-base font-semibold text-stone-800 italic">Note: {order.note}</p>}
      </div>
      <button
        type="button"
        disabled={isBusy}
        onClick={() => onMove(order, move)}
        className="min-h-16 w-full bg-stone-900 px-4 text-xl font-bold text-white hover:bg-stone-800 disabled:opacity-60"
      >
        {isBusy ? 'Saving…' : move.label} <span className="sr-only">order #{order.orderNo}</span>
      </button>
    </article>
  );
}
