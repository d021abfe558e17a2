import { normalisePhone } from '@quan/contract/customer';
import {
  onlineHoldingStatuses,
  PUBLIC_BOOKING_DAYS_AHEAD,
  PUBLIC_BOOKING_LEAD_MINUTES,
  PUBLIC_BOOKINGS_PER_PHONE,
  weekdayIndex,
  type PublicBookingBody,
  type PublicBookingDay,
  type PublicBookingQuery,
  type PublicBookingResult,
  type PublicReservation,
  type Reservation,
  type ReservationStatus,
} from '@quan/contract/reservations';
import type { Settings } from '@quan/contract/settings';
import { createHash, randomBytes } from 'node:crypto';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { bookableTimes, minutes } from './booking-slots';
import type { ReservationsDeps } from './deps';
import * as repo from './repository';
import { localClock, recordChange, statusWords, toReservation } from './reservation-view';

/**
 * A guest's secret link and a request's connection are kept only as this hash (for the link, so that a leak of
 * the database does not open the guest's bookings).
 */
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

/** The branch's part of its booking page's address (/b/<slug>/book), or null for the first branch's (/book). */
async function bookingSlugOf(deps: ReservationsDeps, branchId: string): Promise<string | null> {
  const branch = (await deps.branches.all()).find((one) => one._id === branchId);
  return branch && !branch.isFirst ? branch.slug : null;
}

function toPublicReservation(
  reservation: Reservation,
  settings: Settings,
  branchSlug: string | null,
  now: Date,
): PublicReservation {
  const { status, name, partySize, startsAt, endsAt, note, orderId } = reservation;
  return {
    status,
    name,
    partySize,
    startsAt,
    endsAt,
    note,
    canCancel: guestMayCancel({ status, startsAt: new Date(startsAt), orderId }, now),
    restaurant: { name: settings.restaurantName, timezone: settings.timezone, branchSlug },
  };
}

/**
 * A day's times for a party online at a branch (its opening hours, its tables): each time a booking may start
 * (from an hour ahead, up to the days ahead allowed), and whether one table that seats the party is free for
 * the whole booking then.
 */
export async function bookingDay(
  deps: ReservationsDeps,
  branchId: string,
  query: PublicBookingQuery,
  now: Date = new Date(),
): Promise<PublicBookingDay> {
  const { db } = deps;
  const settings = await deps.settings.get(branchId);
  requireOnlineBooking(settings);
  const { timezone, reservations: booking } = settings;
  const durationMinutes = booking.defaultMinutes;
  const hours = booking.openingHours[weekdayIndex(query.date)]!;
  const times = bookableTimes(hours, durationMinutes);
  const [starts, tables] = await Promise.all([
    repo.localTimesAsInstants(db, timezone, query.date, times),
    repo.listTables(db, branchId),
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
}

/**
 * A guest asks a branch for a table online, from `connection` (the address its rate limit counts): at one of the
 * times offered, for a party one table seats. The smallest free table that seats the party is held for
 * them against other guests (so two guests are never promised the same one, while the staff may still book
 * it) until the staff decide or the request expires. Returns the guest's secret link, shown this once.
 */
export async function requestBooking(
  deps: ReservationsDeps,
  branchId: string,
  body: PublicBookingBody,
  connection: string,
  now: Date = new Date(),
): Promise<PublicBookingResult> {
  const { db } = deps;
  const settings = await deps.settings.get(branchId);
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
  const tables = await repo.listTables(db, branchId);
  const largestParty = Math.max(0, ...tables.map((table) => table.seats));
  if (body.partySize > largestParty) {
    throw badRequest(`Online, a table seats at most ${largestParty}; for a larger party, please call`, [
      { path: 'partySize', message: `At most ${largestParty} guests online` },
    ]).because('BOOKING_PARTY_TOO_LARGE', { largestParty });
  }
  const phone = normalisePhone(body.phone);
  const requestAddressHash = sha256(connection);
  const ahead = await repo.countOnlineBookingsAhead(db, branchId, phone, requestAddressHash, now);
  if (ahead >= PUBLIC_BOOKINGS_PER_PHONE) {
    throw conflict(
      `This phone number already has ${ahead} bookings ahead; to book more, please call the restaurant`,
    ).because('BOOKING_TOO_MANY', { count: ahead });
  }

  const key = randomBytes(32).toString('base64url');
  const id = newId();
  const seating = tables.filter((table) => table.seats >= body.partySize);
  const range = { from: startsAt, to: new Date(startsAt.getTime() + minutes(durationMinutes)) };
  const reservation = await deps.transact(async (tx, record) => {
    // Every table that could seat them is locked (in id order, as a staff booking locks its tables), so a
    // booking of any of them waits here and then sees this one.
    await repo.lockTables(tx, branchId, seating.map((table) => table.id).sort());
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
      branchId,
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
    return recordChange(tx, record, branchId, id);
  });
  return { key, reservation: toPublicReservation(reservation, settings, await bookingSlugOf(deps, branchId), now) };
}

/** What the guest's link shows, with the name and clock of the branch it was asked of. */
export async function getForGuest(
  deps: ReservationsDeps,
  key: string,
  now: Date = new Date(),
): Promise<PublicReservation> {
  const loaded = await repo.loadByGuestKey(deps.db, sha256(key));
  if (!loaded) throw unknownBookingLink();
  const { branchId } = loaded.reservation;
  const [settings, branchSlug] = await Promise.all([deps.settings.get(branchId), bookingSlugOf(deps, branchId)]);
  return toPublicReservation(toReservation(loaded), settings, branchSlug, now);
}

/** The guest cancels with their link: while waiting or booked, before its time, and nothing cooked yet. */
export async function cancelForGuest(
  deps: ReservationsDeps,
  key: string,
  now: Date = new Date(),
): Promise<PublicReservation> {
  const { reservation, branchId } = await deps.transact(async (tx, record) => {
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
    return { reservation: await recordChange(tx, record, current.branchId, current.id), branchId: current.branchId };
  });
  const [settings, branchSlug] = await Promise.all([deps.settings.get(branchId), bookingSlugOf(deps, branchId)]);
  return toPublicReservation(reservation, settings, branchSlug, now);
}
