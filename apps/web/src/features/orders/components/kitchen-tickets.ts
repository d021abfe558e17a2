import { isOpenOrderStatus, type Order, type OrderItem, type OrderRound } from '@quan/contract/order';
import { sortStations, stationOfLine, type Station } from '@quan/contract/stations';
import type { Translate } from '../../../lib/i18n';
import { billedQuantity, linesOfRound } from './order-lines';
import { isKitchenStatus, type KitchenStatus } from './round-status';

export type KitchenRound = OrderRound & { status: KitchenStatus };

/** One kitchen ticket: one round of an open order, with the dishes of that round still to make. */
export interface KitchenTicketData {
  order: Order;
  round: KitchenRound;
  lines: OrderItem[];
}

/**
 * Every round of the open orders that the kitchen still has to make or hand over, one ticket each, the
 * longest-waiting first: a round waits from the moment it was sent, not from when its order was opened.
 */
export function kitchenTickets(orders: readonly Order[]): KitchenTicketData[] {
  return orders
    .filter((order) => isOpenOrderStatus(order.status))
    .flatMap((order) =>
      order.rounds
        .filter((round): round is KitchenRound => isKitchenStatus(round.status))
        .map((round) => ({
          order,
          round,
          lines: linesOfRound(order, round.no).filter((line) => billedQuantity(line) > 0),
        })),
    )
    .sort(
      (a, b) =>
        Date.parse(a.round.sentAt) - Date.parse(b.round.sentAt) ||
        a.order.orderNo - b.order.orderNo ||
        a.round.no - b.round.no,
    );
}

/** A station as the kitchen screen needs it. */
export type StationRef = Pick<Station, '_id' | 'name' | 'sortOrder' | 'targetMinutes'>;

/**
 * The tickets of one station's screen: each round with only the station's dishes, rounds without any left
 * out. A round every station has finished (ready) has left the stations' screens: it is served from the
 * screen of all stations or the order list.
 */
export function ticketsOfStation(
  tickets: readonly KitchenTicketData[],
  stationId: string,
  stations: readonly Pick<Station, '_id' | 'name' | 'sortOrder'>[],
): KitchenTicketData[] {
  return tickets.flatMap((ticket) => {
    if (ticket.round.status === 'ready') return [];
    const lines = ticket.lines.filter((line) => stationOfLine(line, stations) === stationId);
    return lines.length > 0 ? [{ ...ticket, lines }] : [];
  });
}

export interface StationWork<S extends StationRef = StationRef> {
  station: S;
  /** Every dish of the station in the round is marked done. */
  done: boolean;
}

/** Each station with dishes still on the bill in a round, in the stations' order, and whether it has done them. */
export function stationWorkOfRound<S extends StationRef>(
  order: Pick<Order, 'items'>,
  roundNo: number,
  stations: readonly S[],
): StationWork<S>[] {
  const lines = linesOfRound(order, roundNo).filter((line) => billedQuantity(line) > 0);
  return sortStations(stations).flatMap((station) => {
    const own = lines.filter((line) => stationOfLine(line, stations) === station._id);
    return own.length > 0 ? [{ station, done: own.every((line) => line.readyAt !== null) }] : [];
  });
}

/** "Bar (preparing)", "Bếp (done)": how far one station is with its dishes of a round, in plain words. */
export function describeStationWork(t: Translate, { station, done }: StationWork): string {
  return t(done ? 'orders.stationWork.done' : 'orders.stationWork.preparing', { station: station.name });
}

/**
 * The minutes a ticket should take: the longest target of the dishes it shows, else its station's (on the
 * screen of all stations, the longest of the stations its dishes go to), else none.
 */
export function ticketTargetMinutes(
  lines: readonly Pick<OrderItem, 'itemId' | 'stationId'>[],
  stationId: string | null,
  stations: readonly StationRef[],
  prepMinutesOf: (itemId: string) => number | null | undefined,
): number | null {
  const longest = (values: readonly (number | null | undefined)[]) => {
    const known = values.filter((value): value is number => typeof value === 'number' && value > 0);
    return known.length > 0 ? Math.max(...known) : null;
  };
  const ofDishes = longest(lines.map((line) => (line.itemId ? prepMinutesOf(line.itemId) : null)));
  if (ofDishes !== null) return ofDishes;
  const stationIds = stationId ? [stationId] : lines.map((line) => stationOfLine(line, stations));
  return longest(stations.filter((station) => stationIds.includes(station._id)).map((s) => s.targetMinutes));
}
