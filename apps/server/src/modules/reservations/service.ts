import { normalisePhone } from '@quan/contract/customer';
import type { OrderLineInput } from '@quan/contract/order';
import {
  allowedReservationMoves,
  BOOKING_REQUEST_ANSWER_HOURS,
  onlineHoldingStatuses,
  PUBLIC_BOOKING_DAYS_AHEAD,
  PUBLIC_BOOKING_LEAD_MINUTES,
  PUBLIC_BOOKING_STEP_MINUTES,
  PUBLIC_BOOKINGS_PER_PHONE,
  weekdayIndex,
  type CreateReservationBody,
  type DeclinedRequests,
  type ListReservationsQuery,
  type OpeningSpan,
  type PublicBookingBody,
  type PublicBookingDay,
  type PublicBookingQuery,
  type PublicBookingResult,
  type PublicReservation,
  type Reservation,
  type ReservationStatus,
  type ReservationStatusBody,
  type UpdateReservationBody,
} from '@quan/contract/reservations';
import type { Settings } from '@quan/contract/settings';
import type { FastifyBaseLogger } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import type { Database, Executor } from '../../db/client';
import type { RecordEvent, Transact } from '../../events/transact';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { CustomersService } from '../customers/service';
import type { IngredientsService } from '../ingredients/service';
import type { MenuService } from '../menu/service';
import type { OrdersService } from '../orders/service';
import type { SettingsService } from '../settings/service';
import * as repo from './repository';

/** Who is acting: the signed-in person. */
export interface ReservationActor {
  id: string;
  name: string;
}

export interface ReservationsDeps {
  db: Database;
  transact: Transact;
  settings: Pick<SettingsService, 'get'>;
  menu: Pick<MenuService, 'orderMenu'>;
  orders: Pick<OrdersService, 'quoteLines' | 'placeReservedOrder'>;
  stock: Pick<IngredientsService, 'checkForLines'>;
  customers: Pick<CustomersService, 'findOrCreateByPhone' | 'addNoShow'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/**
 * A booking, or its pre-order's firing time, may be a little in the past: the tablet's clock is not the
 * server's, and a walk-in written down as it happens starts "now".
 */
const PAST_TOLERANCE_MS = 5 * 60_000;
/** How many due reservations one tick of the scheduler fires at most; the rest wait for the next tick. */
const FIRE_BATCH = 20;
/** How often each instance looks for pre-orders due at the kitchen. */
export const FIRE_INTERVAL_MS = 30_000;

type PricedLine = Omit<repo.ReservationLineRow, 'reservationId' | 'position'>;

const minutes = (n: number) => n * 60_000;

function toReservation({ reservation: r, createdBy, tables, lines }: repo.LoadedReservation): Reservation {
  const preorder = lines.map((line) => ({
    itemId: line.itemId,
    name: line.name,
    price: line.price,
    quantity: line.quantity,
    note: line.note,
    options: line.options,
    total: line.price * line.quantity,
  }));
  return {
    _id: r.id,
    status: r.status,
    source: r.source,
    name: r.name,
    phone: r.phone,
    customerId: r.customerId,
    partySize: r.partySize,
    startsAt: r.startsAt.toISOString(),
    durationMinutes: r.durationMinutes,
    endsAt: new Date(r.startsAt.getTime() + minutes(r.durationMinutes)).toISOString(),
    tables: tables.map((table) => ({ _id: table.id, tableNo: table.tableNo, seats: table.seats })),
    note: r.note,
    preorder,
    preorderTotal: preorder.reduce((sum, line) => sum + line.total, 0),
    fireAt: r.fireAt?.toISOString() ?? null,
    orderId: r.orderId,
    version: r.version,
    createdBy: createdBy ? { _id: createdBy.id, name: createdBy.name } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * An instant as the restaurant's clock and calendar read it: { time: "19:00", day: "24/06/2026" } for
 * sentences, and the calendar day as "2026-06-24".
 */
function localClock(instant: Date, timezone: string): { time: string; day: string; isoDay: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    time: `${part('hour')}:${part('minute')}`,
    day: `${part('day')}/${part('month')}/${part('year')}`,
    isoDay: `${part('year')}-${part('month')}-${part('day')}`,
  };
}

const statusWords: Record<ReservationStatus, string> = {
  requested: 'waiting to be accepted',
  booked: 'booked',
  arrived: 'arrived',
  done: 'done',
  cancelled: 'cancelled',
  no_show: 'a no-show',
  declined: 'declined',
  expired: 'expired, never answered',
};

/** "19:30" as minutes after midnight. */
const clockMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clockTime = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/**
 * The times a booking of `durationMinutes` may start online on a day with these spans: on the step grid from
 * each opening, the last one a whole booking before the span closes (the table is free again by closing).
 */
function bookableTimes(spans: readonly OpeningSpan[], durationMinutes: number): string[] {
  const times: string[] = [];
  for (const span of spans) {
    const close = clockMinutes(span.to);
    for (let start = clockMinutes(span.from); start + durationMinutes <= close; start += PUBLIC_BOOKING_STEP_MINUTES) {
      times.push(clockTime(start));
    }
  }
  return times;
}

/** The secret in a guest's link is kept only as this hash: a leak of the database does not open their bookings. */
/** A guest's secret link and a request's connection are kept only as this. */
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Online booking is a setting, off until a manager switches it on. */
function requireOnlineBooking(settings: Settings): void {
  if (!settings.reservations.publicBooking) {
    throw forbidden('This restaurant does not take bookings online; please call to book').because('BOOKING_OFF');
  }
}

const unknownBookingLink = () =>
  notFound('This booking link is unknown; check it, or call the restaurant').because('BOOKING_NOT_FOUND');

/** Whether a guest may still cancel with their link: waiting or booked, before its time, nothing cooked. */
const guestMayCancel = (r: { status: ReservationStatus; startsAt: Date; orderId: string | null }, now: Date) =>
  (r.status === 'requested' || r.status === 'booked') && r.startsAt > now && !r.orderId;

function toPublicReservation(reservation: Reservation, settings: Settings, now: Date): PublicReservation {
  const { status, name, partySize, startsAt, endsAt, note, orderId } = reservation;
  return {
    status,
    name,
    partySize,
    startsAt,
    endsAt,
    note,
    canCancel: guestMayCancel({ status, startsAt: new Date(startsAt), orderId }, now),
    restaurant: { name: settings.restaurantName, timezone: settings.timezone },
  };
}

const missingReservation = () => notFound('That reservation does not exist').because('RESERVATION_NOT_FOUND');

function checkStartsAt(startsAt: Date, now: Date): void {
  if (startsAt.getTime() < now.getTime() - PAST_TOLERANCE_MS) {
    throw badRequest('The booking time is in the past', [
      { path: 'startsAt', message: 'Choose a time from now on' },
    ]).because('RESERVATION_IN_PAST');
  }
}

/** The pre-order's firing time: not after the booking, and (when it is being set) not in the past. */
function checkFireAt(fireAt: Date | null, startsAt: Date, now: Date, setNow: boolean): void {
  if (!fireAt) return;
  if (fireAt.getTime() > startsAt.getTime()) {
    throw badRequest('The pre-order must go to the kitchen before the booking starts, not after', [
      { path: 'fireAt', message: 'Choose a time before the booking' },
    ]).because('FIRE_AFTER_START');
  }
  if (setNow && fireAt.getTime() < now.getTime() - PAST_TOLERANCE_MS) {
    throw badRequest('The time to send the pre-order to the kitchen is in the past', [
      { path: 'fireAt', message: 'Choose a time from now on' },
    ]).because('FIRE_IN_PAST');
  }
}

function checkVersion(row: repo.ReservationRow, expectedVersion: number | undefined): void {
  if (expectedVersion !== undefined && expectedVersion !== row.version) {
    throw conflict(
      `The reservation for ${row.name} was changed on another screen since you opened it; its latest state is shown now`,
    ).because('RESERVATION_STALE', { guest: row.name });
  }
}

/** The fired order's status refuses a cancellation or a no-show until that order is cancelled. */
function refuseWhileFired(loaded: repo.LoadedReservation, to: ReservationStatus): void {
  const { order } = loaded;
  if (!loaded.reservation.orderId || !order || order.status === 'cancelled') return;
  throw conflict(
    `The pre-order already went to the kitchen as order ${order.orderNo}; cancel that order before marking the ` +
      `reservation ${statusWords[to]}`,
  ).because('PREORDER_FIRED', { orderNo: order.orderNo });
}

const uniqueIds = (ids: readonly string[]) => [...new Set(ids)];

export function createReservationsService(deps: ReservationsDeps) {
  const { db, transact } = deps;

  /** Inside a transaction that changed it: the reservation as it now stands, recorded for the screens. */
  async function recordChange(tx: Executor, record: RecordEvent, id: string): Promise<Reservation> {
    const loaded = await repo.loadReservation(tx, id);
    if (!loaded) throw missingReservation();
    const reservation = toReservation(loaded);
    record({ type: 'reservation.changed', reservation });
    return reservation;
  }

  /**
   * The pre-order priced from the menu as an order would price it now, and checked against the stock
   * (nothing is taken until it fires). Runs before the transaction: the menu is read from memory.
   */
  async function pricePreorder(items: OrderLineInput[]): Promise<PricedLine[]> {
    if (items.length === 0) return [];
    let priced: Awaited<ReturnType<OrdersService['quoteLines']>>;
    try {
      priced = await deps.orders.quoteLines(items);
    } catch (error) {
      // The order path names its fields `items.N`; here they are `preorder.N`.
      if (error instanceof AppError && error.errors) {
        const renamed = new AppError(
          error.code,
          error.message,
          error.errors.map((e) => ({ ...e, path: e.path.replace(/^items\./, 'preorder.') })),
        );
        if (error.reason) renamed.because(error.reason.code, error.reason.params);
        throw renamed;
      }
      throw error;
    }
    if (priced.usesStock) {
      await deps.stock.checkForLines(
        priced.lines.map((line) => ({ itemId: line.itemId!, quantity: line.quantity, options: line.options })),
      );
    }
    return priced.lines.map((line) => ({
      itemId: line.itemId,
      name: line.name,
      price: line.price,
      quantity: line.quantity,
      note: line.note,
      options: line.options,
    }));
  }

  /**
   * Inside the booking's transaction: locks the tables (in id order) and checks that they exist, seat the
   * party, and are not held by another booked or arrived reservation at any moment of this one (a guest's
   * request waiting for an answer holds nothing against the staff). The lock
   * is what makes the check hold: a second booking of the same table waits here until the first commits,
   * then sees it.
   */
  async function holdTables(
    tx: Executor,
    booking: { tableIds: string[]; startsAt: Date; durationMinutes: number; partySize: number },
    timezone: string,
    exceptId?: string,
  ): Promise<void> {
    const { tableIds, startsAt, durationMinutes, partySize } = booking;
    if (tableIds.length === 0) return;
    const tables = await repo.lockTables(tx, [...tableIds].sort());
    if (tables.length < tableIds.length) {
      throw notFound('A table of this booking does not exist (it may have been deleted)').because(
        'RESERVATION_TABLE_NOT_FOUND',
      );
    }
    const seats = tables.reduce((sum, table) => sum + table.seats, 0);
    if (seats < partySize) {
      const numbers = tables
        .map((table) => table.tableNo)
        .sort((a, b) => a - b)
        .join(', ');
      const which = tables.length === 1 ? `Table ${numbers} seats` : `Tables ${numbers} seat`;
      throw badRequest(`${which} ${seats}; the party is ${partySize}: add a table or choose a larger one`, [
        { path: 'tableIds', message: `${seats} seats for ${partySize} guests` },
      ]).because('PARTY_TOO_LARGE', { seats, partySize });
    }
    const range = { from: startsAt, to: new Date(startsAt.getTime() + minutes(durationMinutes)) };
    const other = await repo.findOverlap(tx, tableIds, range, { exceptId });
    if (other) {
      const { time, day } = localClock(other.startsAt, timezone);
      const until = localClock(new Date(other.startsAt.getTime() + minutes(other.durationMinutes)), timezone).time;
      throw conflict(
        `Table ${other.tableNo} is already booked for ${other.name} at ${time} on ${day} (until ${until})`,
      ).because('RESERVATION_OVERLAP', { tableNo: other.tableNo, guest: other.name, time, day, until });
    }
  }

  /**
   * A guest's request being accepted: it held its table against other guests only, so the staff may have
   * booked that table since. It keeps its table when that is still free, else takes the smallest free one that
   * seats the party; with none free, the staff are told who has the table.
   */
  async function seatAccepted(tx: Executor, loaded: repo.LoadedReservation, timezone: string): Promise<void> {
    const { reservation } = loaded;
    const booking = {
      tableIds: loaded.tables.map((table) => table.id),
      startsAt: reservation.startsAt,
      durationMinutes: reservation.durationMinutes,
      partySize: reservation.partySize,
    };
    try {
      await holdTables(tx, booking, timezone, reservation.id);
    } catch (error) {
      if (!(error instanceof AppError) || error.reason?.code !== 'RESERVATION_OVERLAP') throw error;
      const range = {
        from: reservation.startsAt,
        to: new Date(reservation.startsAt.getTime() + minutes(reservation.durationMinutes)),
      };
      const seating = (await repo.listTables(tx)).filter((table) => table.seats >= reservation.partySize);
      await repo.lockTables(tx, seating.map((table) => table.id).sort());
      for (const table of seating) {
        if (!(await repo.findOverlap(tx, [table.id], range, { exceptId: reservation.id }))) {
          await repo.setTables(tx, reservation.id, [table.id]);
          return;
        }
      }
      throw error;
    }
  }

  /**
   * Inside the transaction that holds the reservation's row: its pre-order goes to the kitchen as an order
   * at its first table (or a round of the order already there). The caller sets `order_id` in the same
   * transaction, so whoever holds the row next sees it fired.
   */
  async function fire(
    tx: Executor,
    record: RecordEvent,
    loaded: repo.LoadedReservation,
    actor: ReservationActor | null,
    read: Parameters<OrdersService['placeReservedOrder']>[2],
  ): Promise<string> {
    const { reservation, tables, lines } = loaded;
    const gone = lines.find((line) => line.itemId === null);
    if (gone) {
      throw conflict(`${gone.name} is no longer on the menu; change the pre-order first`).because('DISH_NOT_ON_MENU', {
        dish: gone.name,
      });
    }
    const order = await deps.orders.placeReservedOrder(tx, record, read, {
      tableId: tables[0]!.id,
      customerDetails: { name: reservation.name, phone: reservation.phone, guests: reservation.partySize },
      customerId: reservation.customerId,
      items: lines.map((line) => ({
        itemId: line.itemId!,
        quantity: line.quantity,
        note: line.note || undefined,
        options: line.options.flatMap((option) => (option.optionId ? [option.optionId] : [])),
      })),
      note: reservation.note,
      actor,
    });
    return order._id;
  }

  const guestCustomer = async (tx: Executor, guest: { name: string; phone: string }) =>
    guest.phone ? (await deps.customers.findOrCreateByPhone(tx, guest)).id : null;

  const readForFiring = async () => {
    const [settings, menu] = await Promise.all([deps.settings.get(), deps.menu.orderMenu()]);
    return { settings, menu };
  };

  return {
    /** The day's book: the reservations starting on that restaurant day, by time. */
    async list(query: ListReservationsQuery): Promise<Reservation[]> {
      const { timezone } = await deps.settings.get();
      const range = await repo.dayAsInstants(db, timezone, query.date);
      return (await repo.loadBetween(db, range)).map(toReservation);
    },

    async get(id: string): Promise<Reservation> {
      const loaded = await repo.loadReservation(db, id);
      if (!loaded) throw missingReservation();
      return toReservation(loaded);
    },

    async create(actor: ReservationActor, body: CreateReservationBody): Promise<Reservation> {
      const now = new Date();
      const startsAt = new Date(body.startsAt);
      checkStartsAt(startsAt, now);
      const fireAt = body.fireAt ? new Date(body.fireAt) : null;
      checkFireAt(fireAt, startsAt, now, true);
      const tableIds = uniqueIds(body.tableIds ?? []);
      const lines = await pricePreorder(body.preorder ?? []);
      const { timezone, reservations: booking } = await deps.settings.get();
      const durationMinutes = body.durationMinutes ?? booking.defaultMinutes;
      const id = newId();
      return transact(async (tx, record) => {
        await holdTables(tx, { tableIds, startsAt, durationMinutes, partySize: body.partySize }, timezone);
        const phone = body.phone ?? '';
        const customerId = await guestCustomer(tx, { name: body.name, phone });
        await repo.insertReservation(tx, {
          id,
          status: 'booked',
          source: body.source ?? 'phone',
          name: body.name,
          phone: phone ? normalisePhone(phone) : '',
          customerId,
          partySize: body.partySize,
          startsAt,
          durationMinutes,
          note: body.note ?? '',
          fireAt,
          createdById: actor.id,
        });
        await repo.setTables(tx, id, tableIds);
        await repo.setLines(tx, id, lines);
        return recordChange(tx, record, id);
      });
    },

    /**
     * A reservation waiting or booked changed; its tables are checked again when they, the time or the party
     * change.
     */
    async update(id: string, body: UpdateReservationBody): Promise<Reservation> {
      const now = new Date();
      const lines = body.preorder ? await pricePreorder(body.preorder) : undefined;
      const { timezone } = await deps.settings.get();
      return transact(async (tx, record) => {
        const current = await repo.lockReservation(tx, id);
        if (!current) throw missingReservation();
        checkVersion(current, body.expectedVersion);
        if (current.status !== 'booked' && current.status !== 'requested') {
          throw conflict(
            `Only a booked reservation can be changed; the one for ${current.name} is ${statusWords[current.status]}`,
          ).because('RESERVATION_NOT_BOOKED', { status: current.status });
        }
        const before = (await repo.loadReservation(tx, id))!;
        const tableIds = body.tableIds ? uniqueIds(body.tableIds) : before.tables.map((table) => table.id);
        const tablesChanged = tableIds.join() !== before.tables.map((table) => table.id).join();
        if (current.orderId && (lines !== undefined || body.fireAt !== undefined || tablesChanged)) {
          throw conflict(
            'The pre-order already went to the kitchen; change its order instead (dishes, table) on the POS',
          ).because('PREORDER_FIRED', { orderNo: before.order?.orderNo ?? 0 });
        }

        // A form sends every field back: only a time that changed must be in the future.
        const startsAt = body.startsAt ? new Date(body.startsAt) : current.startsAt;
        const startsMoved = startsAt.getTime() !== current.startsAt.getTime();
        if (startsMoved) checkStartsAt(startsAt, now);
        const fireAt = body.fireAt !== undefined ? (body.fireAt ? new Date(body.fireAt) : null) : current.fireAt;
        const fireMoved = (fireAt?.getTime() ?? null) !== (current.fireAt?.getTime() ?? null);
        checkFireAt(fireAt, startsAt, now, fireMoved);

        const durationMinutes = body.durationMinutes ?? current.durationMinutes;
        const partySize = body.partySize ?? current.partySize;
        if (
          tablesChanged ||
          startsMoved ||
          durationMinutes !== current.durationMinutes ||
          partySize !== current.partySize
        ) {
          await holdTables(tx, { tableIds, startsAt, durationMinutes, partySize }, timezone, id);
        }
        const name = body.name ?? current.name;
        const phone = body.phone !== undefined ? (body.phone ? normalisePhone(body.phone) : '') : current.phone;
        const customerId = phone === current.phone ? current.customerId : await guestCustomer(tx, { name, phone });
        await repo.updateReservation(tx, id, {
          name,
          phone,
          customerId,
          partySize,
          startsAt,
          durationMinutes,
          note: body.note ?? current.note,
          fireAt,
        });
        if (tablesChanged) await repo.setTables(tx, id, tableIds);
        if (lines) await repo.setLines(tx, id, lines);
        return recordChange(tx, record, id);
      });
    },

    /**
     * requested → booked (the staff accept a guest's request: its table, or another that seats the party if the
     * staff have booked that one since; the phone finds or creates the loyalty customer then, not when a
     * stranger asks), declined or cancelled; booked → arrived (the pre-order, if any and not
     * fired yet, goes to the kitchen at the first table), cancelled or no_show (refused while a fired order is
     * still on; a no-show counts against the customer); arrived → done.
     */
    async move(actor: ReservationActor, id: string, body: ReservationStatusBody): Promise<Reservation> {
      const to = body.status;
      const read = to === 'arrived' ? await readForFiring() : null;
      const { timezone } = await deps.settings.get();
      return transact(async (tx, record) => {
        const current = await repo.lockReservation(tx, id);
        if (!current) throw missingReservation();
        checkVersion(current, body.expectedVersion);
        if (!allowedReservationMoves[current.status].includes(to)) {
          throw conflict(
            `A reservation that is ${statusWords[current.status]} cannot be marked ${statusWords[to]}`,
          ).because('RESERVATION_MOVE_REFUSED', { from: current.status, to });
        }
        const loaded = (await repo.loadReservation(tx, id))!;
        let orderId = current.orderId;
        let customerId = current.customerId;
        if (current.status === 'requested' && to === 'booked') {
          await seatAccepted(tx, loaded, timezone);
          if (!customerId) customerId = await guestCustomer(tx, current);
        }
        if (to === 'arrived') {
          if (loaded.tables.length === 0) {
            throw badRequest('Assign a table first', [
              { path: 'tableIds', message: 'The guests need a table' },
            ]).because('RESERVATION_NO_TABLE');
          }
          // Fired already (at its time, by the scheduler): the dishes are in the kitchen; arriving adds nothing.
          if (!orderId && loaded.lines.length > 0) orderId = await fire(tx, record, loaded, actor, read!);
        }
        if (to === 'cancelled' || to === 'no_show') refuseWhileFired(loaded, to);
        if (to === 'no_show' && current.customerId) await deps.customers.addNoShow(tx, current.customerId);
        await repo.updateReservation(tx, id, { status: to, orderId, customerId });
        return recordChange(tx, record, id);
      });
    },

    /**
     * The requests nobody answered within BOOKING_REQUEST_ANSWER_HOURS, or before their time came, expire: they
     * hold nothing from then, and the guest's page says so. Returns how many.
     */
    async expireRequests(now: Date = new Date()): Promise<number> {
      return transact(async (tx, record) => {
        const askedBefore = new Date(now.getTime() - BOOKING_REQUEST_ANSWER_HOURS * 60 * 60_000);
        const ids = await repo.expireRequests(tx, askedBefore, now);
        for (const id of ids) await recordChange(tx, record, id);
        return ids.length;
      });
    },

    /** Declines this request and every other one waiting from the same phone number or the same connection. */
    async declineAlike(id: string): Promise<DeclinedRequests> {
      return transact(async (tx, record) => {
        const current = await repo.lockReservation(tx, id);
        if (!current) throw missingReservation();
        if (current.status !== 'requested') {
          throw conflict(
            `Only a guest's request waiting for an answer can be declined; the one for ${current.name} is ${statusWords[current.status]}`,
          ).because('RESERVATION_MOVE_REFUSED', { from: current.status, to: 'declined' });
        }
        const ids = await repo.declineRequestsAlike(tx, {
          id,
          phone: current.phone,
          addressHash: current.requestAddressHash,
        });
        for (const one of ids) await recordChange(tx, record, one);
        return { declined: ids.length };
      });
    },

    /** The guests' requests still to answer, whatever their day, by time. */
    async listRequests(now: Date = new Date()): Promise<Reservation[]> {
      return (await repo.loadRequests(db, now)).map(toReservation);
    },

    /**
     * A day's times for a party online: each time a booking may start (from an hour ahead, up to the days
     * ahead allowed), and whether one table that seats the party is free for the whole booking then.
     */
    async bookingDay(query: PublicBookingQuery, now: Date = new Date()): Promise<PublicBookingDay> {
      const settings = await deps.settings.get();
      requireOnlineBooking(settings);
      const { timezone, reservations: booking } = settings;
      const durationMinutes = booking.defaultMinutes;
      const hours = booking.openingHours[weekdayIndex(query.date)]!;
      const times = bookableTimes(hours, durationMinutes);
      const [starts, tables] = await Promise.all([
        repo.localTimesAsInstants(db, timezone, query.date, times),
        repo.listTables(db),
      ]);
      const earliest = now.getTime() + minutes(PUBLIC_BOOKING_LEAD_MINUTES);
      const latest = now.getTime() + PUBLIC_BOOKING_DAYS_AHEAD * 24 * 60 * 60_000;
      const open = times
        .map((time, i) => ({ time, startsAt: starts[i]! }))
        .filter(({ startsAt }) => startsAt.getTime() >= earliest && startsAt.getTime() <= latest);
      const seating = tables.filter((table) => table.seats >= query.partySize);
      const holds =
        open.length > 0
          ? await repo.holdsBetween(
              db,
              seating.map((table) => table.id),
              { from: open[0]!.startsAt, to: new Date(open.at(-1)!.startsAt.getTime() + minutes(durationMinutes)) },
              onlineHoldingStatuses,
            )
          : [];
      const freeAt = (from: Date) => {
        const to = new Date(from.getTime() + minutes(durationMinutes));
        return seating.some(
          (table) => !holds.some((hold) => hold.tableId === table.id && hold.from < to && hold.to > from),
        );
      };
      return {
        date: query.date,
        timezone,
        hours,
        durationMinutes,
        largestParty: Math.max(0, ...tables.map((table) => table.seats)),
        slots: open.map(({ time, startsAt }) => ({ time, startsAt: startsAt.toISOString(), free: freeAt(startsAt) })),
      };
    },

    /**
     * A guest asks for a table online, from `connection` (the address its rate limit counts): at one of the
     * times offered, for a party one table seats. The smallest free table that seats the party is held for
     * them against other guests (so two guests are never promised the same one, while the staff may still book
     * it) until the staff decide or the request expires. Returns the guest's secret link, shown this once.
     */
    async requestBooking(
      body: PublicBookingBody,
      connection: string,
      now: Date = new Date(),
    ): Promise<PublicBookingResult> {
      const settings = await deps.settings.get();
      requireOnlineBooking(settings);
      const { timezone, reservations: booking } = settings;
      const durationMinutes = booking.defaultMinutes;
      const startsAt = new Date(body.startsAt);
      if (startsAt.getTime() < now.getTime() + minutes(PUBLIC_BOOKING_LEAD_MINUTES)) {
        throw badRequest(
          `Online, a table is booked at least ${PUBLIC_BOOKING_LEAD_MINUTES} minutes ahead; for sooner, please call`,
          [{ path: 'startsAt', message: 'Choose a later time' }],
        ).because('BOOKING_TOO_SOON', { minutes: PUBLIC_BOOKING_LEAD_MINUTES });
      }
      if (startsAt.getTime() > now.getTime() + PUBLIC_BOOKING_DAYS_AHEAD * 24 * 60 * 60_000) {
        throw badRequest(`Online, a table is booked at most ${PUBLIC_BOOKING_DAYS_AHEAD} days ahead`, [
          { path: 'startsAt', message: 'Choose an earlier day' },
        ]).because('BOOKING_TOO_FAR', { days: PUBLIC_BOOKING_DAYS_AHEAD });
      }
      const { time, day, isoDay } = localClock(startsAt, timezone);
      if (!bookableTimes(booking.openingHours[weekdayIndex(isoDay)]!, durationMinutes).includes(time)) {
        throw badRequest(`Bookings are not taken at ${time} on ${day}; choose one of the times offered`, [
          { path: 'startsAt', message: 'Choose one of the times offered' },
        ]).because('BOOKING_OUTSIDE_HOURS', { time, day });
      }
      const tables = await repo.listTables(db);
      const largestParty = Math.max(0, ...tables.map((table) => table.seats));
      if (body.partySize > largestParty) {
        throw badRequest(`Online, a table seats at most ${largestParty}; for a larger party, please call`, [
          { path: 'partySize', message: `At most ${largestParty} guests online` },
        ]).because('BOOKING_PARTY_TOO_LARGE', { largestParty });
      }
      const phone = normalisePhone(body.phone);
      const requestAddressHash = sha256(connection);
      const ahead = await repo.countOnlineBookingsAhead(db, phone, requestAddressHash, now);
      if (ahead >= PUBLIC_BOOKINGS_PER_PHONE) {
        throw conflict(
          `This phone number already has ${ahead} bookings ahead; to book more, please call the restaurant`,
        ).because('BOOKING_TOO_MANY', { count: ahead });
      }

      const key = randomBytes(32).toString('base64url');
      const id = newId();
      const seating = tables.filter((table) => table.seats >= body.partySize);
      const range = { from: startsAt, to: new Date(startsAt.getTime() + minutes(durationMinutes)) };
      const reservation = await transact(async (tx, record) => {
        // Every table that could seat them is locked (in id order, as a staff booking locks its tables), so a
        // booking of any of them waits here and then sees this one.
        await repo.lockTables(tx, seating.map((table) => table.id).sort());
        let chosen: repo.TableRow | undefined;
        for (const table of seating) {
          if (!(await repo.findOverlap(tx, [table.id], range, { holding: onlineHoldingStatuses }))) {
            chosen = table;
            break;
          }
        }
        if (!chosen) {
          throw conflict(`No table for ${body.partySize} is free at ${time} on ${day}; choose another time`).because(
            'BOOKING_FULL',
            { time, day },
          );
        }
        await repo.insertReservation(tx, {
          id,
          status: 'requested',
          source: 'public',
          name: body.name,
          phone,
          customerId: null,
          partySize: body.partySize,
          startsAt,
          durationMinutes,
          note: body.note ?? '',
          fireAt: null,
          guestKeyHash: sha256(key),
          requestAddressHash,
          createdById: null,
        });
        await repo.setTables(tx, id, [chosen.id]);
        return recordChange(tx, record, id);
      });
      return { key, reservation: toPublicReservation(reservation, settings, now) };
    },

    /** What the guest's link shows. */
    async getForGuest(key: string, now: Date = new Date()): Promise<PublicReservation> {
      const [loaded, settings] = await Promise.all([repo.loadByGuestKey(db, sha256(key)), deps.settings.get()]);
      if (!loaded) throw unknownBookingLink();
      return toPublicReservation(toReservation(loaded), settings, now);
    },

    /** The guest cancels with their link: while waiting or booked, before its time, and nothing cooked yet. */
    async cancelForGuest(key: string, now: Date = new Date()): Promise<PublicReservation> {
      const settings = await deps.settings.get();
      const reservation = await transact(async (tx, record) => {
        const current = await repo.lockByGuestKey(tx, sha256(key));
        if (!current) throw unknownBookingLink();
        if (!guestMayCancel(current, now)) {
          const why =
            current.status !== 'requested' && current.status !== 'booked'
              ? `This booking is ${statusWords[current.status]}`
              : current.orderId
                ? 'The dishes ordered ahead are already being prepared'
                : 'The time of this booking has come';
          throw conflict(`${why}; to change it, please call the restaurant`).because('BOOKING_CANNOT_CANCEL', {
            status: current.status,
          });
        }
        await repo.updateReservation(tx, current.id, { status: 'cancelled' });
        return recordChange(tx, record, current.id);
      });
      return toPublicReservation(reservation, settings, now);
    },

    /**
     * One tick of the scheduler: fires the pre-orders whose time has come (`now`) and whose guests have not
     * arrived, each in its own transaction, skipping any reservation another instance or a person holds at
     * that moment (whoever holds it decides). A pre-order that cannot go (a dish sold out, the table taken)
     * is logged and tried again at the next tick, or when the guests arrive. Returns how many fired.
     */
    async fireDue(now: Date = new Date()): Promise<number> {
      const due = await repo.findDue(db, now, FIRE_BATCH);
      if (due.length === 0) return 0;
      const read = await readForFiring();
      let fired = 0;
      for (const id of due) {
        try {
          const done = await transact(async (tx, record) => {
            if (!(await repo.lockIfDue(tx, id, now))) return false;
            const loaded = (await repo.loadReservation(tx, id))!;
            const orderId = await fire(tx, record, loaded, loaded.createdBy, read);
            await repo.updateReservation(tx, id, { orderId });
            await recordChange(tx, record, id);
            return true;
          });
          if (done) fired += 1;
        } catch (error) {
          deps.log.warn(
            { err: error, reservationId: id },
            'a pre-order could not go to the kitchen at its time; trying again at the next tick',
          );
        }
      }
      return fired;
    },
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;

/**
 * Runs the scheduler on this instance every FIRE_INTERVAL_MS (one tick at a time) until the returned stop,
 * which waits for a tick under way: it expires the requests nobody answered, then fires the pre-orders due.
 * Several instances may run it: each reservation fires under its row lock, and expiring twice changes nothing.
 */
export function startFiringDue(
  service: Pick<ReservationsService, 'fireDue' | 'expireRequests'>,
  log: ReservationsDeps['log'],
) {
  let running: Promise<void> | null = null;
  const tick = async () => {
    const expired = await service.expireRequests();
    if (expired > 0) log.info({ expired }, 'online booking requests nobody answered have expired');
    const fired = await service.fireDue();
    if (fired > 0) log.info({ fired }, 'pre-orders sent to the kitchen at their time');
  };
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((error: unknown) => log.warn({ err: error }, 'the reservations scheduler failed; trying at the next tick'))
      .finally(() => {
        running = null;
      });
  }, FIRE_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
