import { Fragment, useId } from 'react';
import { Check, Flame, Printer, Undo2 } from 'lucide-react';
import type { Order } from '@quan/contract/order';
import { OrderLineLabel } from '../../../components/OrderLineLabel';
import { useT } from '../../../lib/i18n';
import { OrderStatusBadge, SourceBadge } from './OrderBadges';
import {
  describeStationWork,
  type KitchenRound,
  type KitchenTicketData,
  type StationRef,
  type StationWork,
} from './kitchen-tickets';
import { billedQuantity } from './order-lines';
import { hasRounds, roundButtonTarget, tableLabel } from './order-names';
import { approvalRequestLabel, isRoundAwaitingApproval, kitchenRoundMoves, type RoundMove } from './round-status';
import { formatClock } from '../../../lib/date-format';
import type { UnprintedReason } from '../model/print-queue-index';
import { UnprintedBadge } from './UnprintedBadge';
import { formatElapsed, toneMessages, type TicketTiming, type TicketTone } from './ticket-timing';

const toneClasses: Record<TicketTone, string> = {
  fresh: 'bg-green-700 text-white',
  waiting: 'bg-amber-400 text-stone-950',
  late: 'bg-red-700 text-white',
  awaiting: 'bg-stone-200 text-stone-900',
  done: 'bg-stone-600 text-white',
};

interface KitchenTicketProps {
  ticket: KitchenTicketData;
  timing: TicketTiming;
  isBusy: boolean;
  /** False for a role that may not move orders along: the ticket is shown without its buttons. */
  canMove: boolean;
  onMove: (order: Order, round: KitchenRound, move: RoundMove) => void;
  /** The station whose screen this is; null on the screen of all stations. */
  station: StationRef | null;
  /** The stations with dishes in the round and whether each is done (empty without stations). */
  stationWork: readonly StationWork[];
  onStationWork: (order: Order, round: KitchenRound, station: StationRef, ready: boolean) => void;
  /** Starts the ticket's dishes: the station's own, or (no station) the whole round's. */
  onStart: (order: Order, round: KitchenRound, station: StationRef | null) => void;
  /** Prints the ticket; null when it cannot be printed from here. */
  onPrint: (() => void) | null;
  isPrinting: boolean;
  /** Why the ticket's paper has not printed on its station's printer yet; null once it has, or with no printer. */
  unprinted: UnprintedReason | null;
  /** The last refusal of this ticket's change, until the next try. */
  error: string | null;
}

const mainButtonClass =
  'min-h-16 flex-1 bg-stone-900 px-4 text-xl font-bold text-white hover:bg-stone-800 focus-visible:-outline-offset-4 disabled:opacity-60';
/** A ticket's second move, beside its main one. */
const sideButtonClass =
  'min-h-16 flex-none border-l-2 border-stone-200 bg-white px-5 text-xl font-bold text-stone-900 hover:bg-stone-100 focus-visible:-outline-offset-4 disabled:opacity-60';

/**
 * One round of an order, to read from across the kitchen: big type, the wait since the round was sent in
 * colour and in words (only while it is being made: a round not accepted yet or finished does not count
 * down), one big button to move it on (a diner's round is accepted or rejected first; a round sent is started,
 * which leaves voids of its dishes to a manager, then bumped). On a station's screen it holds only that
 * station's dishes, its buttons start them and mark them done, and it says how far the round's other stations
 * are. A one-round order reads as the order itself; a tab's later rounds say which
 * round of which table they are.
 */
export function KitchenTicket({
  ticket,
  timing,
  isBusy,
  canMove,
  onMove,
  station,
  stationWork,
  onStationWork,
  onStart,
  onPrint,
  isPrinting,
  unprinted,
  error,
}: KitchenTicketProps) {
  const t = useT();
  const titleId = useId();
  const orderNoId = useId();
  const { order, round, lines } = ticket;
  const { tone, minutes, targetMinutes } = timing;
  const awaitingApproval = isRoundAwaitingApproval(round);
  const isRoundOfTab = hasRounds(order);
  const target = roundButtonTarget(t, order, round.no);

  const ownWork = station ? stationWork.find((work) => work.station._id === station._id) : undefined;
  // A station's screen bumps its own dishes of a started round; everything else moves the whole round.
  const bumpsStation = station !== null && round.status === 'in_progress';
  const otherWork = stationWork.filter((work) => work.station._id !== station?._id);
  const showsWork =
    round.status === 'in_progress' && (station !== null ? otherWork.length > 0 : stationWork.length > 1);
  // The ticket's dishes not started yet: the main button starts them, and bumping them done moves aside.
  const toStart = round.status === 'in_progress' && !ownWork?.done && lines.some((line) => line.startedAt === null);
  const firstStart = lines.flatMap((line) => (line.startedAt ? [line.startedAt] : [])).sort()[0];
  const isMaking = tone !== 'awaiting' && tone !== 'done';

  return (
    <article
      aria-labelledby={isRoundOfTab ? `${titleId} ${orderNoId}` : titleId}
      data-tone={tone}
      className={`flex h-full flex-col overflow-hidden rounded-2xl border-2 bg-white shadow-md ${
        awaitingApproval ? 'border-amber-500 ring-4 ring-amber-400' : 'border-stone-300'
      }`}
    >
      {/* The title has the ticket's whole width, so "#1001 · Table 12" or "Round 2 · Table 12" stays on one line
          in three columns; the time it was sent and the timer share the line under it when they fit. */}
      <div className={`px-4 py-3 ${toneClasses[tone]}`}>
        <h2 id={titleId} className="text-2xl leading-tight font-extrabold sm:text-3xl">
          {/* Each part keeps its words together ("Table 5" never breaks); on a phone too narrow for both, the
              separator goes with the second part, so no line ends in "·". */}
          <span className="whitespace-nowrap">
            {isRoundOfTab ? t('orders.rounds.one', { no: round.no }) : `#${order.orderNo}`}
          </span>{' '}
          <span className="whitespace-nowrap">· {tableLabel(order, t)}</span>
        </h2>
        {/* On a ticket too narrow for both, the timer moves under the time it was sent, still on the right. */}
        <div className="mt-1 flex flex-wrap items-end justify-between gap-x-3 gap-y-1">
          <p className="text-base font-semibold">
            {isRoundOfTab && (
              <>
                <span id={orderNoId}>#{order.orderNo}</span>{' '}
              </>
            )}
            <span className="whitespace-nowrap">
              {isRoundOfTab && <span aria-hidden="true">· </span>}
              {t('orders.ticket.sent', { time: formatClock(round.sentAt) })}
            </span>
          </p>
          <div className="ml-auto rounded-xl bg-black/15 px-3 py-1.5 text-right">
            {isMaking && (
              <p className="text-2xl font-bold whitespace-nowrap tabular-nums sm:text-3xl">
                <span className="sr-only">{t('orders.ticket.waiting')}</span> {formatElapsed(t, minutes)}
              </p>
            )}
            <p
              className={`font-extrabold tracking-wide whitespace-nowrap uppercase ${isMaking ? 'text-sm' : 'text-lg'}`}
            >
              {t(toneMessages[tone])}
              {isMaking && targetMinutes !== null && (
                <span className="font-semibold tracking-normal normal-case">
                  {' · '}
                  {t('orders.ticket.target', { minutes: targetMinutes })}
                </span>
              )}
            </p>
          </div>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={round.status} />
          <SourceBadge source={round.source} />
          {unprinted && <UnprintedBadge reason={unprinted} />}
          {awaitingApproval && (
            <span className="rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-bold text-stone-950">
              {approvalRequestLabel(t, order, round.no)}
            </span>
          )}
          {round.status === 'in_progress' && !toStart && firstStart && (
            <span className="text-base font-semibold text-stone-700">
              {t('orders.ticket.startedAt', { time: formatClock(firstStart) })}
            </span>
          )}
        </div>
        {lines.length > 0 ? (
          <ul aria-label={t('orders.ticket.dishes')} className="space-y-2 text-lg leading-snug">
            {lines.map((line) => (
              <li key={line.position} className="flex gap-2">
                <span className="shrink-0 text-xl font-extrabold">{billedQuantity(line)} ×</span>{' '}
                <OrderLineLabel line={line} size="kitchen" />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-lg text-stone-600">{t('orders.ticket.allVoided')}</p>
        )}
        {order.note && (
          <p className="text-base font-semibold text-stone-800 italic">{t('orders.note', { note: order.note })}</p>
        )}
        {showsWork && (
          <p className="text-base font-semibold text-stone-700">
            {t(station ? 'orders.ticket.alsoInRound' : 'orders.ticket.stations')}{' '}
            {(station ? otherWork : stationWork).map((work, index) => (
              <Fragment key={work.station._id}>
                {index > 0 && ', '}
                <span className={`whitespace-nowrap ${work.done ? 'text-green-800' : ''}`}>
                  {describeStationWork(t, work)}
                  {work.done && <Check aria-hidden="true" className="ml-0.5 inline size-4 align-[-0.125em]" />}
                </span>
              </Fragment>
            ))}
          </p>
        )}
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-base font-semibold text-red-800">
            {error}
          </p>
        )}
      </div>
      {canMove && (
        <div className="flex border-t-2 border-stone-200">
          {toStart && (
            <button
              type="button"
              disabled={isBusy}
              onClick={() => onStart(order, round, station)}
              className={`${mainButtonClass} flex items-center justify-center gap-2`}
            >
              <Flame aria-hidden="true" className="size-6" />
              {isBusy ? t('orders.saving') : t('orders.ticket.start')} <span className="sr-only">{target}</span>
            </button>
          )}
          {bumpsStation && station ? (
            ownWork?.done ? (
              <>
                <p className="flex min-h-16 flex-1 items-center justify-center gap-2 bg-green-700 px-4 text-xl font-bold text-white">
                  {t('orders.ticket.doneMark')}
                  <span className="sr-only"> {t('orders.ticket.atStation', { station: station.name })}</span>
                </p>
                <button
                  type="button"
                  disabled={isBusy}
                  onClick={() => onStationWork(order, round, station, false)}
                  className="flex min-h-16 flex-none items-center gap-2 bg-white px-5 text-lg font-bold text-stone-800 hover:bg-stone-100 focus-visible:-outline-offset-4 disabled:opacity-60"
                >
                  <Undo2 aria-hidden="true" className="size-5" />
                  {isBusy ? t('orders.saving') : t('orders.ticket.undo')}{' '}
                  <span className="sr-only">{t('orders.ticket.doneFor', { target })}</span>
                </button>
              </>
            ) : (
              <button
                type="button"
                disabled={isBusy}
                onClick={() => onStationWork(order, round, station, true)}
                className={`${toStart ? sideButtonClass : mainButtonClass} flex items-center justify-center gap-2`}
              >
                <Check aria-hidden="true" className="size-6" />
                {isBusy && !toStart ? t('orders.saving') : t('orders.ticket.done')}{' '}
                <span className="sr-only">{target}</span>
              </button>
            )
          ) : (
            kitchenRoundMoves[round.status].map((move) => {
              const isReject = move.target === 'cancelled';
              return (
                <button
                  key={move.target}
                  type="button"
                  disabled={isBusy}
                  onClick={() => onMove(order, round, move)}
                  className={
                    isReject
                      ? 'min-h-16 flex-none bg-white px-6 text-xl font-bold text-red-700 hover:bg-red-50 focus-visible:-outline-offset-4 disabled:opacity-60'
                      : toStart
                        ? sideButtonClass
                        : mainButtonClass
                  }
                >
                  {isBusy && !isReject && !toStart ? t('orders.saving') : t(move.label)}{' '}
                  <span className="sr-only">{target}</span>
                </button>
              );
            })
          )}
          {onPrint && (
            <button
              type="button"
              disabled={isPrinting}
              onClick={onPrint}
              className="flex min-h-16 flex-none items-center gap-2 border-l-2 border-stone-200 bg-white px-4 text-lg font-bold text-stone-800 hover:bg-stone-100 focus-visible:-outline-offset-4 disabled:opacity-60"
            >
              <Printer aria-hidden="true" className="size-5" />
              {isPrinting ? t('orders.ticket.printing') : t('orders.ticket.print')}{' '}
              <span className="sr-only">
                {station
                  ? t('orders.ticket.printStationTarget', { station: station.name, target })
                  : t('orders.ticket.printTarget', { target })}
              </span>
            </button>
          )}
        </div>
      )}
    </article>
  );
}
