import {
  allowedOrderMoves,
  isOpenOrderStatus,
  openOrderStatuses,
  orderStatuses,
  type Order,
  type OrderItem,
  type OrderRound,
  type OrderStatus,
  type PaymentMethod,
} from '@quan/contract/order';
import type { Payment } from '@quan/contract/payments';
import { type RoundStatus } from '@quan/contract/rounds';
import { defaultSettings } from '@quan/contract/settings';
import { sortStations, stationOfLine, ticketUrgency, type Station, type TicketUrgency } from '@quan/contract/stations';

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  ready: 'Ready',
  served: 'Served',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value);
}

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  transfer: 'Bank transfer',
  ewallet: 'E-wallet',
  voucher: 'Voucher',
};

/** What one payment dialog settles: the whole bill, or one part of a split bill, with the payments made to it. */
export interface PaymentTarget {
  total: number;
  paid: number;
  due: number;
  payments: Payment[];
}

/** The bill or the part `partNo` of an order; null when the order has no such part (split again since). */
export function paymentTargetOf(order: Order, partNo?: number): PaymentTarget | null {
  if (partNo === undefined) {
    return { total: order.bills.total, paid: order.paid, due: order.due, payments: order.payments };
  }
  const part = order.billParts.find((one) => one.no === partNo);
  if (!part) return null;
  return {
    total: part.total,
    paid: part.paid,
    due: part.due,
    payments: order.payments.filter((payment) => payment.partNo === partNo),
  };
}

/** What is left to refund of a payment. */
export function refundableOf(payment: Pick<Payment, 'amount' | 'refunded'>): number {
  return Math.max(0, payment.amount - payment.refunded);
}

/** The status tabs of /orders: "Active" (every open status) first, then each status, then all. */
export type OrderTab = 'active' | OrderStatus | 'all';
export const orderTabs: readonly OrderTab[] = [
  'active',
  'pending',
  'in_progress',
  'ready',
  'served',
  'completed',
  'cancelled',
  'all',
];
export const orderTabLabels: Record<OrderTab, string> = { active: 'Active', ...orderStatusLabels, all: 'All' };

export function isOrderTab(value: string | null): value is OrderTab {
  return (orderTabs as readonly (string | null)[]).includes(value);
}

/** The statuses a tab asks the server for; undefined means every status. */
export function statusesOfTab(tab: OrderTab): readonly OrderStatus[] | undefined {
  if (tab === 'all') return undefined;
  return tab === 'active' ? openOrderStatuses : [tab];
}

export interface OrderMove {
  target: OrderStatus;
  label: string;
}

function moveLabel(from: OrderStatus, to: OrderStatus): string {
  switch (to) {
    case 'in_progress':
      return 'Accept';
    case 'ready':
      return 'Ready';
    case 'served':
      return 'Served';
    case 'completed':
      return 'Complete';
    case 'cancelled':
      return from === 'pending' ? 'Reject' : 'Cancel';
    default:
      return orderStatusLabels[to];
  }
}

/**
 * The buttons an order gets: exactly the moves the server allows from its status (`allowedOrderMoves` in
 * packages/contract/src/order.ts).
 */
export function orderMovesFor(status: OrderStatus): OrderMove[] {
  return allowedOrderMoves[status].map((target) => ({ target, label: moveLabel(status, target) }));
}

/** A round's step, as the floor says it ("Round 2 · 19:42 · Preparing"). */
export const roundStatusLabels: Record<RoundStatus, string> = {
  pending: 'Waiting for approval',
  in_progress: 'Preparing',
  ready: 'Ready',
  served: 'Served',
  cancelled: 'Cancelled',
};

export interface RoundMove {
  target: RoundStatus;
  label: string;
}

/** The statuses a round is on the kitchen screen in (the order's status follows its least advanced round). */
export const kitchenStatuses = ['pending', 'in_progress', 'ready'] as const satisfies readonly OrderStatus[] &
  readonly RoundStatus[];
export type KitchenStatus = (typeof kitchenStatuses)[number];

/** A ticket's buttons: a diner's round is accepted or rejected, then one tap moves it on. */
export const kitchenRoundMoves: Record<KitchenStatus, readonly RoundMove[]> = {
  pending: [
    { target: 'in_progress', label: 'Accept' },
    { target: 'cancelled', label: 'Reject' },
  ],
  in_progress: [{ target: 'ready', label: 'Mark ready' }],
  ready: [{ target: 'served', label: 'Mark served' }],
};

/** The buttons a round gets on an order's card: only a round waiting for approval is decided there. */
export function roundMovesFor(status: RoundStatus): readonly RoundMove[] {
  return status === 'pending' ? kitchenRoundMoves.pending : [];
}

export function isKitchenStatus(status: OrderStatus | RoundStatus): status is KitchenStatus {
  return (kitchenStatuses as readonly string[]).includes(status);
}

export type KitchenRound = OrderRound & { status: KitchenStatus };

/** One kitchen ticket: one round of an open order, with the dishes of that round still to make. */
export interface KitchenTicketData {
  order: Order;
  round: KitchenRound;
  lines: OrderItem[];
}

/** How many of a line are still on the bill (and still to cook). */
export function billedQuantity(line: Pick<OrderItem, 'quantity' | 'voidedQuantity'>): number {
  return Math.max(0, line.quantity - line.voidedQuantity);
}

export function linesOfRound(order: Pick<Order, 'items'>, roundNo: number): OrderItem[] {
  return order.items.filter((line) => line.roundNo === roundNo);
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

/** An order's rounds a diner sent from the table that no one has accepted yet: they must catch the eye. */
export function roundsAwaitingApproval(order: Pick<Order, 'rounds'>): OrderRound[] {
  return order.rounds.filter(isRoundAwaitingApproval);
}

export function isRoundAwaitingApproval(round: Pick<OrderRound, 'status' | 'source'>): boolean {
  return round.status === 'pending' && round.source === 'table';
}

/**
 * What a diner's round waiting for approval asks of the kitchen. The first round still on the order is a new
 * order; a round sent after one the kitchen has (or still may) take is more dishes joining an open order.
 */
export function approvalRequestLabel(order: Pick<Order, 'rounds'>, roundNo: number): string {
  const joinsOpenOrder = order.rounds.some((round) => round.no < roundNo && round.status !== 'cancelled');
  return joinsOpenOrder ? 'More dishes from the table: accept them' : 'New order from the table: accept it';
}

/** Whether an order is a tab of several rounds: only then do its screens name the rounds. */
export function hasRounds(order: Pick<Order, 'rounds'>): boolean {
  return order.rounds.length > 1;
}

/** "Table 4", or "Takeaway" for an order without a table. */
export function tableLabel(order: Pick<Order, 'table'>): string {
  return order.table ? `Table ${order.table.tableNo}` : 'Takeaway';
}

export function elapsedMinutes(since: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
}

const clockFormat = new Intl.DateTimeFormat('vi-VN', {
  timeZone: defaultSettings.timezone,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "19:42" on the restaurant's wall clock. */
export function formatClock(value: string): string {
  return clockFormat.format(new Date(value));
}

/** "7 min", "1 h 05 min". */
export function formatElapsed(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export type ElapsedTone = 'fresh' | 'waiting' | 'late';

/** Green under 10 minutes, amber under 20, red after: for a ticket without a target time. */
export function elapsedTone(minutes: number): ElapsedTone {
  if (minutes < 10) return 'fresh';
  return minutes < 20 ? 'waiting' : 'late';
}

const toneOfUrgency: Record<TicketUrgency, ElapsedTone> = { on_time: 'fresh', due: 'waiting', late: 'late' };

/** What a ticket's colour says, in words too: colour alone does not reach everyone. */
export const toneLabels: Record<ElapsedTone, string> = { fresh: 'On time', waiting: 'Due', late: 'Late' };

export interface TicketTiming {
  /** Whole minutes since the round was sent. */
  minutes: number;
  tone: ElapsedTone;
  /** The target the tone is measured against; null when no dish or station has one (the fixed 10/20 minutes apply). */
  targetMinutes: number | null;
}

/**
 * How late a ticket is: against its target (amber at the target, red past one and a half times it), or, with
 * no target anywhere, by the kitchen's old rule of thumb.
 */
export function ticketTiming(sentAt: string, now: number, targetMinutes: number | null): TicketTiming {
  const minutes = elapsedMinutes(sentAt, now);
  const tone =
    targetMinutes === null
      ? elapsedTone(minutes)
      : toneOfUrgency[ticketUrgency(Math.max(0, now - Date.parse(sentAt)), targetMinutes)];
  return { minutes, tone, targetMinutes };
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
export function describeStationWork({ station, done }: StationWork): string {
  return `${station.name} (${done ? 'done' : 'preparing'})`;
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

export function moveSuccessMessage(order: Pick<Order, 'orderNo'>, move: OrderMove, paymentMethod?: PaymentMethod) {
  const name = `Order #${order.orderNo}`;
  switch (move.target) {
    case 'in_progress':
      return `${name} accepted.`;
    case 'ready':
      return `${name} is ready.`;
    case 'served':
      return `${name} served.`;
    case 'completed':
      return paymentMethod
        ? `${name} completed, paid by ${paymentMethodLabels[paymentMethod].toLowerCase()}.`
        : `${name} completed.`;
    case 'cancelled':
      return move.label === 'Reject' ? `${name} rejected.` : `${name} cancelled.`;
    default:
      return `${name} updated.`;
  }
}

/**
 * The toast after a round moved. A one-round order's only round is the order itself, so it reads as the
 * order did before tabs had rounds.
 */
export function roundMoveSuccessMessage(order: Pick<Order, 'orderNo' | 'rounds'>, roundNo: number, move: RoundMove) {
  const name = hasRounds(order) ? `Round ${roundNo} of order #${order.orderNo}` : `Order #${order.orderNo}`;
  switch (move.target) {
    case 'in_progress':
      return `${name} accepted.`;
    case 'ready':
      return `${name} is ready.`;
    case 'served':
      return `${name} served.`;
    case 'cancelled':
      return `${name} rejected.`;
    default:
      return `${name} updated.`;
  }
}

/** The words after a round button's visible label, for a screen reader: "order #5", "round 2 of order #5". */
export function roundButtonTarget(order: Pick<Order, 'orderNo' | 'rounds'>, roundNo: number): string {
  return hasRounds(order) ? `round ${roundNo} of order #${order.orderNo}` : `order #${order.orderNo}`;
}

/** "Round 2", "Rounds 2 and 3". */
function roundNames(numbers: readonly number[]): string {
  return numbers.length === 1
    ? `Round ${numbers[0]}`
    : `Rounds ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

/**
 * What a cancel (or reject) of the whole order stops: the move acts on its least advanced rounds, those in the
 * order's status, and leaves the rounds further along on the bill. Empty `staying` means the whole order stops.
 */
function roundsOfOrderCancel(order: Pick<Order, 'status' | 'rounds'>) {
  return {
    stopping: order.rounds.filter((round) => round.status === order.status).map((round) => round.no),
    staying: order.rounds.filter((round) => round.status !== 'cancelled' && round.status !== order.status),
  };
}

/**
 * The confirmation of a cancel or reject of a whole order, in the words of what it will do: the order stops and
 * its table is freed, unless it is a tab with rounds the kitchen is further along, which stay on the bill.
 */
export function describeOrderCancel(order: Pick<Order, 'status' | 'rounds'>, isRejecting: boolean): string {
  const { stopping, staying } = roundsOfOrderCancel(order);
  if (staying.length === 0) {
    const outcome = isRejecting ? 'The diner’s order will not be made' : 'The order stops here';
    return `${outcome}, the table is freed and used stock is given back. This cannot be undone.`;
  }
  const which = roundNames(stopping);
  const plural = stopping.length > 1;
  if (isRejecting) {
    return (
      'Rejects the rounds waiting for approval; dishes the kitchen has started stay on the bill. ' +
      `${which} will not be made, and the table stays open. This cannot be undone.`
    );
  }
  return (
    'Cancels the rounds not yet ready; dishes already ready or served stay on the bill. ' +
    `${which} ${plural ? 'stop' : 'stops'} here, ${plural ? 'their' : 'its'} used stock is given back and the ` +
    'table stays open. This cannot be undone.'
  );
}

/** The toast after a cancel or reject of a whole order that stopped only its least advanced rounds. */
export function partialCancelMessage(order: Pick<Order, 'orderNo' | 'status' | 'rounds'>, isRejecting: boolean) {
  const { stopping } = roundsOfOrderCancel(order);
  return `${roundNames(stopping)} of order #${order.orderNo} ${isRejecting ? 'rejected' : 'cancelled'}; the rest stays on the bill.`;
}

/**
 * The toast after a station marked its dishes of a round done or took that back: when the last station is
 * done, the round is ready, and that is the news.
 */
export function stationWorkMessage(
  order: Pick<Order, 'orderNo' | 'rounds'>,
  roundNo: number,
  stationName: string,
  { ready, roundReady }: { ready: boolean; roundReady: boolean },
): string {
  if (ready && roundReady) return roundMoveSuccessMessage(order, roundNo, { target: 'ready', label: 'Ready' });
  const name = hasRounds(order) ? `Round ${roundNo} of order #${order.orderNo}` : `Order #${order.orderNo}`;
  return ready ? `${name} done at ${stationName}.` : `${name} back to making at ${stationName}.`;
}
