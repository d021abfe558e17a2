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
import { i18n } from '@lingui/core';
import type { Translate } from '../../../lib/i18n';
import { sortStations, stationOfLine, ticketUrgency, type Station, type TicketUrgency } from '@quan/contract/stations';

/** The translate function of the active language (`useT()`), for the plain functions that write words. */
/** The message id of each order status's name: `t(orderStatusMessages[status])`. */
export const orderStatusMessages: Record<OrderStatus, string> = {
  pending: 'orders.status.pending',
  in_progress: 'orders.status.inProgress',
  ready: 'orders.status.ready',
  served: 'orders.status.served',
  completed: 'orders.status.completed',
  cancelled: 'orders.status.cancelled',
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value);
}

/** The message id of each payment method's name: `t(paymentMethodMessages[method])`. */
export const paymentMethodMessages: Record<PaymentMethod, string> = {
  cash: 'orders.method.cash',
  card: 'orders.method.card',
  transfer: 'orders.method.transfer',
  ewallet: 'orders.method.ewallet',
  voucher: 'orders.method.voucher',
};

/** Every payment method's name in the active language, for a screen that takes the names as a map. */
export function paymentMethodLabelsOf(t: Translate): Record<PaymentMethod, string> {
  const entries = Object.entries(paymentMethodMessages).map(([method, id]) => [method, t(id)]);
  return Object.fromEntries(entries) as Record<PaymentMethod, string>;
}

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
/** The message id of each tab's name. */
export const orderTabMessages: Record<OrderTab, string> = {
  active: 'orders.tab.active',
  ...orderStatusMessages,
  all: 'orders.tab.all',
};

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
  /** The message id of the button's label: `t(move.label)`. */
  label: string;
}

/** The label (message id) of a move that rejects what a diner sent rather than cancelling it. */
export const rejectMoveLabel = 'orders.move.reject';

function moveLabel(from: OrderStatus, to: OrderStatus): string {
  switch (to) {
    case 'in_progress':
      return 'orders.move.accept';
    case 'ready':
      return 'orders.move.ready';
    case 'served':
      return 'orders.move.served';
    case 'completed':
      return 'orders.move.complete';
    case 'cancelled':
      return from === 'pending' ? rejectMoveLabel : 'orders.move.cancel';
    default:
      return orderStatusMessages[to];
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
export const roundStatusMessages: Record<RoundStatus, string> = {
  pending: 'orders.roundStatus.pending',
  in_progress: 'orders.roundStatus.inProgress',
  ready: 'orders.roundStatus.ready',
  served: 'orders.roundStatus.served',
  cancelled: 'orders.roundStatus.cancelled',
};

export interface RoundMove {
  target: RoundStatus;
  /** The message id of the button's label: `t(move.label)`. */
  label: string;
}

/** The statuses a round is on the kitchen screen in (the order's status follows its least advanced round). */
export const kitchenStatuses = ['pending', 'in_progress', 'ready'] as const satisfies readonly OrderStatus[] &
  readonly RoundStatus[];
export type KitchenStatus = (typeof kitchenStatuses)[number];

/** A ticket's buttons: a diner's round is accepted or rejected, then one tap moves it on. */
export const kitchenRoundMoves: Record<KitchenStatus, readonly RoundMove[]> = {
  pending: [
    { target: 'in_progress', label: 'orders.move.accept' },
    { target: 'cancelled', label: rejectMoveLabel },
  ],
  in_progress: [{ target: 'ready', label: 'orders.move.markReady' }],
  ready: [{ target: 'served', label: 'orders.move.markServed' }],
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
export function approvalRequestLabel(t: Translate, order: Pick<Order, 'rounds'>, roundNo: number): string {
  const joinsOpenOrder = order.rounds.some((round) => round.no < roundNo && round.status !== 'cancelled');
  return joinsOpenOrder ? t('orders.approval.moreDishes') : t('orders.approval.newOrder');
}

/** Whether an order is a tab of several rounds: only then do its screens name the rounds. */
export function hasRounds(order: Pick<Order, 'rounds'>): boolean {
  return order.rounds.length > 1;
}

/** "Table 4", or "Takeaway" for an order without a table (in the active language when no `t` is given). */
export function tableLabel(order: Pick<Order, 'table'>, t: Translate): string {
  return order.table ? t('orders.table', { tableNo: order.table.tableNo }) : t('orders.takeaway');
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
export function formatElapsed(t: Translate, minutes: number): string {
  if (minutes < 60) return t('orders.elapsed.minutes', { minutes });
  return t('orders.elapsed.hours', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
}

export type ElapsedTone = 'fresh' | 'waiting' | 'late';

/** Green under 10 minutes, amber under 20, red after: for a ticket without a target time. */
export function elapsedTone(minutes: number): ElapsedTone {
  if (minutes < 10) return 'fresh';
  return minutes < 20 ? 'waiting' : 'late';
}

const toneOfUrgency: Record<TicketUrgency, ElapsedTone> = { on_time: 'fresh', due: 'waiting', late: 'late' };

/** What a ticket's colour says, in words too: colour alone does not reach everyone. */
export const toneMessages: Record<ElapsedTone, string> = {
  fresh: 'orders.tone.fresh',
  waiting: 'orders.tone.waiting',
  late: 'orders.tone.late',
};

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

/** "Order #5", or "Round 2 of order #5" on a tab: what a toast is about. */
function orderOrRoundName(t: Translate, order: Pick<Order, 'orderNo' | 'rounds'>, roundNo: number): string {
  return hasRounds(order)
    ? t('orders.name.round', { roundNo, orderNo: order.orderNo })
    : t('orders.name.order', { orderNo: order.orderNo });
}

export function moveSuccessMessage(
  t: Translate,
  order: Pick<Order, 'orderNo'>,
  move: OrderMove,
  paymentMethod?: PaymentMethod,
) {
  const name = t('orders.name.order', { orderNo: order.orderNo });
  switch (move.target) {
    case 'in_progress':
      return t('orders.toast.accepted', { name });
    case 'ready':
      return t('orders.toast.ready', { name });
    case 'served':
      return t('orders.toast.served', { name });
    case 'completed':
      return paymentMethod
        ? t('orders.toast.completedPaid', {
            name,
            method: t(paymentMethodMessages[paymentMethod]).toLocaleLowerCase(i18n.locale),
          })
        : t('orders.toast.completed', { name });
    case 'cancelled':
      return move.label === rejectMoveLabel
        ? t('orders.toast.rejected', { name })
        : t('orders.toast.cancelled', { name });
    default:
      return t('orders.toast.updated', { name });
  }
}

/**
 * The toast after a round moved. A one-round order's only round is the order itself, so it reads as the
 * order did before tabs had rounds.
 */
export function roundMoveSuccessMessage(
  t: Translate,
  order: Pick<Order, 'orderNo' | 'rounds'>,
  roundNo: number,
  move: Pick<RoundMove, 'target'>,
) {
  const name = orderOrRoundName(t, order, roundNo);
  switch (move.target) {
    case 'in_progress':
      return t('orders.toast.accepted', { name });
    case 'ready':
      return t('orders.toast.ready', { name });
    case 'served':
      return t('orders.toast.served', { name });
    case 'cancelled':
      return t('orders.toast.rejected', { name });
    default:
      return t('orders.toast.updated', { name });
  }
}

/** The words after a round button's visible label, for a screen reader: "order #5", "round 2 of order #5". */
export function roundButtonTarget(t: Translate, order: Pick<Order, 'orderNo' | 'rounds'>, roundNo: number): string {
  return hasRounds(order)
    ? t('orders.target.round', { roundNo, orderNo: order.orderNo })
    : t('orders.target.order', { orderNo: order.orderNo });
}

/** "Round 2", "Rounds 2 and 3". */
export function roundNames(t: Translate, numbers: readonly number[]): string {
  return numbers.length === 1
    ? t('orders.rounds.one', { no: numbers[0] })
    : t('orders.rounds.many', { list: numbers.slice(0, -1).join(', '), last: numbers.at(-1) });
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
export function describeOrderCancel(
  t: Translate,
  order: Pick<Order, 'status' | 'rounds'>,
  isRejecting: boolean,
): string {
  const { stopping, staying } = roundsOfOrderCancel(order);
  if (staying.length === 0) return t(isRejecting ? 'orders.cancel.whole.reject' : 'orders.cancel.whole.cancel');
  const rounds = roundNames(t, stopping);
  if (isRejecting) return t('orders.cancel.partial.reject', { rounds });
  return t('orders.cancel.partial.cancel', { rounds, count: stopping.length > 1 ? 2 : 1 });
}

/** The toast after a cancel or reject of a whole order that stopped only its least advanced rounds. */
export function partialCancelMessage(
  t: Translate,
  order: Pick<Order, 'orderNo' | 'status' | 'rounds'>,
  isRejecting: boolean,
) {
  const rounds = roundNames(t, roundsOfOrderCancel(order).stopping);
  return t(isRejecting ? 'orders.partialCancel.rejected' : 'orders.partialCancel.cancelled', {
    rounds,
    orderNo: order.orderNo,
  });
}

/**
 * The toast after a station marked its dishes of a round done or took that back: when the last station is
 * done, the round is ready, and that is the news.
 */
export function stationWorkMessage(
  t: Translate,
  order: Pick<Order, 'orderNo' | 'rounds'>,
  roundNo: number,
  stationName: string,
  { ready, roundReady }: { ready: boolean; roundReady: boolean },
): string {
  if (ready && roundReady) return roundMoveSuccessMessage(t, order, roundNo, { target: 'ready' });
  const name = orderOrRoundName(t, order, roundNo);
  return t(ready ? 'orders.stationWork.doneToast' : 'orders.stationWork.undoneToast', { name, station: stationName });
}
