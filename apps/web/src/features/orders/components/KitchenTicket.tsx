import { useId } from 'react';
import type { Order } from '@quan/contract/order';
import { OrderStatusBadge, SourceBadge } from './OrderBadges';
import {
  billedQuantity,
  elapsedMinutes,
  elapsedTone,
  formatClock,
  formatElapsed,
  hasRounds,
  isRoundAwaitingApproval,
  kitchenRoundMoves,
  roundButtonTarget,
  tableLabel,
  type ElapsedTone,
  type KitchenRound,
  type KitchenTicketData,
  type RoundMove,
} from './order-status';

const toneClasses: Record<ElapsedTone, string> = {
  fresh: 'bg-green-700 text-white',
  waiting: 'bg-amber-400 text-stone-950',
  late: 'bg-red-700 text-white',
};

interface KitchenTicketProps {
  ticket: KitchenTicketData;
  now: number;
  isBusy: boolean;
  /** False for a role that may not move orders along: the ticket is shown without its buttons. */
  canMove: boolean;
  onMove: (order: Order, round: KitchenRound, move: RoundMove) => void;
}

/**
 * One round of an order, to read from across the kitchen: big type, the wait since the round was sent in
 * colour, one big button to move it on (a diner's round is accepted or rejected first). A one-round order
 * reads as the order itself; a tab's later rounds say which round of which table they are.
 */
export function KitchenTicket({ ticket, now, isBusy, canMove, onMove }: KitchenTicketProps) {
  const titleId = useId();
  const orderNoId = useId();
  const { order, round, lines } = ticket;
  const minutes = elapsedMinutes(round.sentAt, now);
  const tone = elapsedTone(minutes);
  const moves = kitchenRoundMoves[round.status];
  const awaitingApproval = isRoundAwaitingApproval(round);
  const isRoundOfTab = hasRounds(order);

  return (
    <article
      aria-labelledby={isRoundOfTab ? `${titleId} ${orderNoId}` : titleId}
      data-tone={tone}
      className={`flex h-full flex-col overflow-hidden rounded-2xl border-2 bg-white shadow-md ${
        awaitingApproval ? 'border-amber-500 ring-4 ring-amber-400' : 'border-stone-300'
      }`}
    >
      <div className={`flex items-start justify-between gap-3 px-4 py-3 ${toneClasses[tone]}`}>
        <div className="min-w-0">
          <h2 id={titleId} className="text-2xl font-extrabold sm:text-3xl">
            {/* "Table 5" must not break between its words on a narrow ticket. */}
            <span className="whitespace-nowrap">{isRoundOfTab ? `Round ${round.no}` : `#${order.orderNo}`}</span>
            {' · '}
            <span className="whitespace-nowrap">{tableLabel(order)}</span>
          </h2>
          <p className="text-base font-semibold">
            {isRoundOfTab && (
              <>
                <span id={orderNoId}>#{order.orderNo}</span>
                <span aria-hidden="true"> · </span>
              </>
            )}
            Sent {formatClock(round.sentAt)}
          </p>
        </div>
        <p className="shrink-0 text-2xl font-bold tabular-nums sm:text-3xl">
          <span className="sr-only">Waiting</span> {formatElapsed(minutes)}
        </p>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={round.status} />
          <SourceBadge source={round.source} />
          {awaitingApproval && (
            <span className="rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-bold text-stone-950">
              {isRoundOfTab ? 'More dishes from the table: accept them' : 'New diner order: accept it'}
            </span>
          )}
        </div>
        {lines.length > 0 ? (
          <ul className="space-y-2 text-xl leading-snug sm:text-2xl">
            {lines.map((line) => (
              <li key={line.position}>
                <span className="font-extrabold">{billedQuantity(line)} ×</span> {line.name}
                {line.note && (
                  <span className="mt-0.5 block rounded bg-amber-100 px-2 text-base font-semibold text-amber-950">
                    {line.note}
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-lg text-stone-600">Every dish of this round was voided.</p>
        )}
        {order.note && <p className="text-base font-semibold text-stone-800 italic">Note: {order.note}</p>}
      </div>
      {canMove && (
        <div className="flex border-t-2 border-stone-200">
          {moves.map((move) => {
            const isReject = move.target === 'cancelled';
            return (
              <button
                key={move.target}
                type="button"
                disabled={isBusy}
                onClick={() => onMove(order, round, move)}
                className={`min-h-16 px-4 text-xl font-bold focus-visible:-outline-offset-4 disabled:opacity-60 ${
                  isReject
                    ? 'flex-none bg-white px-6 text-red-700 hover:bg-red-50'
                    : 'flex-1 bg-stone-900 text-white hover:bg-stone-800'
                }`}
              >
                {isBusy && !isReject ? 'Saving…' : move.label}{' '}
                <span className="sr-only">{roundButtonTarget(order, round.no)}</span>
              </button>
            );
          })}
        </div>
      )}
    </article>
  );
}
