import { useMemo } from 'react';
import { ChefHat } from 'lucide-react';
import type { Order } from '@quan/contract/order';
import { maxOrdersPerPage, useOrders, type OrderFilters } from '../api/list-orders';
import { AllDayCount } from './AllDayCount';
import { allDayCount } from './all-day-count';
import { KitchenTicket } from './KitchenTicket';
import {
  kitchenTickets,
  stationWorkOfRound,
  ticketsOfStation,
  ticketTargetMinutes,
  type KitchenRound,
  type StationRef,
} from './kitchen-tickets';
import { isRoundAwaitingApproval, kitchenStatuses, type RoundMove } from './round-status';
import { ticketTiming, type TicketPhase } from './ticket-timing';
import { useLateTicketBeep } from './use-late-ticket-beep';
import { usePrintQueueIndex } from '../api/list-print-queue';
import { ticketKey } from '../model/ticket-key';
import { useTicketPrint } from './use-ticket-print';
import { LoadError } from '../../../components/LoadError';
import { useT } from '../../../lib/i18n';

interface KitchenBoardProps {
  now: number;
  /** The orders with a move on its way: all their tickets wait for it. */
  busyIds: ReadonlySet<string>;
  /** False for a role that may not move orders along: the tickets are shown without buttons. */
  canMove: boolean;
  onMove: (order: Order, round: KitchenRound, move: RoundMove) => void;
  /** The restaurant's stations; none (the default) is a kitchen without stations, every ticket whole. */
  stations?: readonly StationRef[];
  /** The station whose screen this is: its dishes only, which it marks done. Null (the default): all stations. */
  station?: StationRef | null;
  /** A dish's own target minutes, when the menu is known. */
  prepMinutesOf?: (itemId: string) => number | null | undefined;
  onStationWork?: (order: Order, round: KitchenRound, station: StationRef, ready: boolean) => void;
  /** Starts a ticket's dishes: a station's own of a round, or (no station) the whole round's. */
  onStart?: (order: Order, round: KitchenRound, station: StationRef | null) => void;
  /** The last refusal of a ticket's change, by ticket key (`ticketKey`). */
  ticketErrors?: ReadonlyMap<string, string>;
}

/**
 * The kitchen's orders in one request: an order is open in the kitchen while its least advanced round is,
 * so these statuses bring every round still to make. The server sorts them oldest first, so when there are
 * more than a page holds, the ones that have waited longest are the ones shown. Live order events keep this
 * list current in the cache without asking again.
 */
const kitchenOrderFilters: OrderFilters = { status: kitchenStatuses, sort: 'oldest', limit: maxOrdersPerPage };

const noStations: readonly StationRef[] = [];
const noTarget = () => null;
const noErrors: ReadonlyMap<string, string> = new Map();

/**
 * The kitchen screen: one ticket per pending, in-progress and ready round, the longest-waiting first; on a
 * station's screen, one per round with dishes of that station still to make. Beside them, the all-day count of
 * what the tickets still wait for. Only a ticket being made counts down; one turning late beeps once.
 */
export function KitchenBoard({
  now,
  busyIds,
  canMove,
  onMove,
  stations = noStations,
  station = null,
  prepMinutesOf = noTarget,
  onStationWork = () => undefined,
  onStart = () => undefined,
  ticketErrors = noErrors,
}: KitchenBoardProps) {
  const t = useT();
  const orders = useOrders(kitchenOrderFilters);
  const printer = useTicketPrint();
  // The whole branch's waiting jobs in one request, indexed once: each ticket below is a look-up.
  const printQueue = usePrintQueueIndex();

  const shown = useMemo(() => {
    if (!orders.data) return [];
    const all = kitchenTickets(orders.data.orders);
    return station ? ticketsOfStation(all, station._id, stations) : all;
  }, [orders.data, station, stations]);
  const waiting = useMemo(() => allDayCount(shown), [shown]);

  const tickets = useMemo(
    () =>
      shown.map((ticket) => {
        const stationWork = stationWorkOfRound(ticket.order, ticket.round.no, stations);
        const target = ticketTargetMinutes(ticket.lines, station?._id ?? null, stations, prepMinutesOf);
        const ownWork = station && stationWork.find((work) => work.station._id === station._id);
        // What is done, or waits for someone to accept it, is no more the cooks' to hurry.
        const phase: TicketPhase =
          ticket.round.status === 'pending'
            ? 'awaiting'
            : ticket.round.status === 'ready' || ownWork?.done
              ? 'done'
              : 'making';
        return {
          ticket,
          key: ticketKey(ticket.order._id, ticket.round.no, station?._id ?? null),
          stationWork,
          timing: ticketTiming(ticket.round.sentAt, now, target, phase),
        };
      }),
    [shown, station, stations, prepMinutesOf, now],
  );

  // Only a ticket measured against a target beeps: without one, the screen stays as quiet as it always was.
  const lateness = useMemo(
    () => new Map(tickets.map(({ key, timing }) => [key, timing.targetMinutes !== null && timing.tone === 'late'])),
    [tickets],
  );
  useLateTicketBeep(lateness);

  if (orders.isPending) {
    return (
      <p role="status" className="text-lg text-stone-600">
        {t('orders.kitchen.loading')}
      </p>
    );
  }
  if (orders.isError) {
    return (
      <LoadError error={orders.error} fallback={t('orders.kitchen.loadError')} onRetry={() => void orders.refetch()} />
    );
  }

  const notShown = orders.data.pagination.totalItems - orders.data.orders.length;
  if (tickets.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-3 p-10 text-center text-stone-700">
        <ChefHat aria-hidden="true" className="size-10 text-stone-400" />
        <p className="text-xl font-semibold">
          {station ? t('orders.kitchen.emptyStation', { station: station.name }) : t('orders.kitchen.empty')}
        </p>
        {printer.sheet}
      </div>
    );
  }

  const awaiting = tickets.filter(({ ticket }) => isRoundAwaitingApproval(ticket.round)).length;
  return (
    <div className="space-y-4">
      <p className="text-lg font-medium text-stone-700" role="status">
        {t('orders.kitchen.count', { count: tickets.length })}
        {awaiting > 0 && t('orders.kitchen.awaiting', { count: awaiting })}
        {notShown > 0 && t('orders.kitchen.notShown', { count: notShown })}
      </p>
      <div className="flex flex-col gap-4 xl:flex-row xl:items-start">
        {waiting.length > 0 && <AllDayCount dishes={waiting} />}
        <ol
          aria-label={t('orders.kitchen.listLabel')}
          className="grid min-w-0 flex-1 grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3"
        >
          {tickets.map(({ ticket, key, stationWork, timing }) => (
            <li key={key}>
              <KitchenTicket
                ticket={ticket}
                timing={timing}
                isBusy={busyIds.has(ticket.order._id)}
                canMove={canMove}
                onMove={onMove}
                station={station}
                stationWork={stationWork}
                onStationWork={onStationWork}
                onStart={onStart}
                // A diner's round is accepted before anything of it is printed for the cooks.
                onPrint={ticket.round.status === 'pending' ? null : () => void printer.print(ticket, station)}
                isPrinting={printer.printingKeys.has(key)}
                unprinted={printQueue.data?.kitchenTickets.get(key) ?? null}
                error={ticketErrors.get(key) ?? null}
              />
            </li>
          ))}
        </ol>
      </div>
      {printer.sheet}
    </div>
  );
}
