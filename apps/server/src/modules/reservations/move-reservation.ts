import {
  allowedReservationMoves,
  BOOKING_REQUEST_ANSWER_HOURS,
  type DeclinedRequests,
  type Reservation,
  type ReservationStatusBody,
} from '@quan/contract/reservations';
import type { Executor } from '../../db/client';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import { checkVersion, guestCustomer, holdTables, refuseWhileFired } from './booking-rules';
import { minutes } from './booking-slots';
import type { ReservationActor, ReservationsDeps } from './deps';
import { fire, readForFiring } from './fire-preorders';
import * as repo from './repository';
import { missingReservation, recordChange, statusWords } from './reservation-view';

/**
 * A guest's request being accepted: it held its table against other guests only, so the staff may have
 * booked that table since. It keeps its table when that is still free, else takes the smallest free one that
 * seats the party; with none free, the staff are told who has the table.
 */
async function seatAccepted(tx: Executor, loaded: repo.LoadedReservation, timezone: string): Promise<void> {
  const { reservation } = loaded;
  const { branchId } = reservation;
  const booking = {
    tableIds: loaded.tables.map((table) => table.id),
    startsAt: reservation.startsAt,
    durationMinutes: reservation.durationMinutes,
    partySize: reservation.partySize,
  };
  try {
    await holdTables(tx, branchId, booking, timezone, reservation.id);
  } catch (error) {
    if (!(error instanceof AppError) || error.reason?.code !== 'RESERVATION_OVERLAP') throw error;
    const range = {
      from: reservation.startsAt,
      to: new Date(reservation.startsAt.getTime() + minutes(reservation.durationMinutes)),
    };
    const seating = (await repo.listTables(tx, branchId)).filter((table) => table.seats >= reservation.partySize);
    await repo.lockTables(tx, branchId, seating.map((table) => table.id).sort());
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
 * requested → booked (the staff accept a guest's request: its table, or another that seats the party if the
 * staff have booked that one since; the phone finds or creates the loyalty customer then, not when a
 * stranger asks), declined or cancelled; booked → arrived (the pre-order, if any and not
 * fired yet, goes to the kitchen at the first table), cancelled or no_show (refused while a fired order is
 * still on; a no-show counts against the customer); arrived → done.
 */
export async function moveReservation(
  deps: ReservationsDeps,
  actor: ReservationActor,
  id: string,
  body: ReservationStatusBody,
): Promise<Reservation> {
  const to = body.status;
  const { branchId } = actor;
  const read = to === 'arrived' ? await readForFiring(deps, branchId) : null;
  const { timezone } = await deps.settings.get(branchId);
  return deps.transact(async (tx, record) => {
    const current = await repo.lockReservation(tx, branchId, id);
    if (!current) throw missingReservation();
    checkVersion(current, body.expectedVersion);
    if (!allowedReservationMoves[current.status].includes(to)) {
      throw conflict(
        `A reservation that is ${statusWords[current.status]} cannot be marked ${statusWords[to]}`,
      ).because('RESERVATION_MOVE_REFUSED', { from: current.status, to });
    }
    const loaded = (await repo.loadReservation(tx, branchId, id))!;
    let orderId = current.orderId;
    let customerId = current.customerId;
    if (current.status === 'requested' && to === 'booked') {
      await seatAccepted(tx, loaded, timezone);
      if (!customerId) customerId = await guestCustomer(deps, tx, current);
    }
    if (to === 'arrived') {
      if (loaded.tables.length === 0) {
        throw badRequest('Assign a table first', [{ path: 'tableIds', message: 'The guests need a table' }]).because(
          'RESERVATION_NO_TABLE',
        );
      }
      // Fired already (at its time, by the scheduler): the dishes are in the kitchen; arriving adds nothing.
      if (!orderId && loaded.lines.length > 0) orderId = await fire(deps, tx, record, loaded, actor, read!);
    }
    if (to === 'cancelled' || to === 'no_show') refuseWhileFired(loaded, to);
    if (to === 'no_show' && current.customerId) await deps.customers.addNoShow(tx, current.customerId);
    await repo.updateReservation(tx, id, { status: to, orderId, customerId });
    return recordChange(tx, record, branchId, id);
  });
}

/**
 * The requests nobody answered within BOOKING_REQUEST_ANSWER_HOURS, or before their time came, expire in every
 * branch: they hold nothing from then, and the guest's page says so. Returns how many.
 */
export async function expireRequests(deps: ReservationsDeps, now: Date = new Date()): Promise<number> {
  return deps.transact(async (tx, record) => {
    const askedBefore = new Date(now.getTime() - BOOKING_REQUEST_ANSWER_HOURS * 60 * 60_000);
    const expired = await repo.expireRequests(tx, askedBefore, now);
    for (const { id, branchId } of expired) await recordChange(tx, record, branchId, id);
    return expired.length;
  });
}

/**
 * Declines this request and every other one the branch has waiting from the same phone number or the same
 * connection.
 */
export async function declineAlike(deps: ReservationsDeps, branchId: string, id: string): Promise<DeclinedRequests> {
  return deps.transact(async (tx, record) => {
    const current = await repo.lockReservation(tx, branchId, id);
    if (!current) throw missingReservation();
    if (current.status !== 'requested') {
      throw conflict(
        `Only a guest's request waiting for an answer can be declined; the one for ${current.name} is ${statusWords[current.status]}`,
      ).because('RESERVATION_MOVE_REFUSED', { from: current.status, to: 'declined' });
    }
    const ids = await repo.declineRequestsAlike(tx, branchId, {
      id,
      phone: current.phone,
      addressHash: current.requestAddressHash,
    });
    for (const one of ids) await recordChange(tx, record, branchId, one);
    return { declined: ids.length };
  });
}
