import type { ReservationStatus } from '@quan/contract/reservations';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { minutes } from './booking-slots';
import type { ReservationsDeps } from './deps';
import * as repo from './repository';
import { localClock, statusWords } from './reservation-view';

/**
 * A booking, or its pre-order's firing time, may be a little in the past: the tablet's clock is not the
 * server's, and a walk-in written down as it happens starts "now".
 */
const PAST_TOLERANCE_MS = 5 * 60_000;

export function checkStartsAt(startsAt: Date, now: Date): void {
  if (startsAt.getTime() < now.getTime() - PAST_TOLERANCE_MS) {
    throw badRequest('The booking time is in the past', [
      { path: 'startsAt', message: 'Choose a time from now on' },
    ]).because('RESERVATION_IN_PAST');
  }
}

/** The pre-order's firing time: not after the booking, and (when it is being set) not in the past. */
export function checkFireAt(fireAt: Date | null, startsAt: Date, now: Date, setNow: boolean): void {
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

export function checkVersion(row: repo.ReservationRow, expectedVersion: number | undefined): void {
  if (expectedVersion !== undefined && expectedVersion !== row.version) {
    throw conflict(
      `The reservation for ${row.name} was changed on another screen since you opened it; its latest state is shown now`,
    ).because('RESERVATION_STALE', { guest: row.name });
  }
}

/** The fired order's status refuses a cancellation or a no-show until that order is cancelled. */
export function refuseWhileFired(loaded: repo.LoadedReservation, to: ReservationStatus): void {
  const { order } = loaded;
  if (!loaded.reservation.orderId || !order || order.status === 'cancelled') return;
  throw conflict(
    `The pre-order already went to the kitchen as order ${order.orderNo}; cancel that order before marking the ` +
      `reservation ${statusWords[to]}`,
  ).because('PREORDER_FIRED', { orderNo: order.orderNo });
}

/**
 * Inside the booking's transaction: locks the tables (in id order) and checks that they exist in the branch, seat the
 * party, and are not held by another booked or arrived reservation at any moment of this one (a guest's
 * request waiting for an answer holds nothing against the staff). The lock
 * is what makes the check hold: a second booking of the same table waits here until the first commits,
 * then sees it.
 */
export async function holdTables(
  tx: Executor,
  branchId: string,
  booking: { tableIds: string[]; startsAt: Date; durationMinutes: number; partySize: number },
  timezone: string,
  exceptId?: string,
): Promise<void> {
  const { tableIds, startsAt, durationMinutes, partySize } = booking;
  if (tableIds.length === 0) return;
  const tables = await repo.lockTables(tx, branchId, [...tableIds].sort());
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

/** The loyalty customer a guest's phone finds or creates; none without a phone. */
export const guestCustomer = async (deps: ReservationsDeps, tx: Executor, guest: { name: string; phone: string }) =>
  guest.phone ? (await deps.customers.findOrCreateByPhone(tx, guest)).id : null;
