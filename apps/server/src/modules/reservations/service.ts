import type {
  CreateReservationBody,
  ListReservationsQuery,
  PublicBookingBody,
  PublicBookingQuery,
  ReservationStatusBody,
  UpdateReservationBody,
} from '@quan/contract/reservations';
import { createReservation, updateReservation } from './book-reservation';
import type { ReservationActor, ReservationsDeps } from './deps';
import { fireDue } from './fire-preorders';
import { declineAlike, expireRequests, moveReservation } from './move-reservation';
import { bookingDay, cancelForGuest, getForGuest, requestBooking } from './online-booking';
import { getReservation, listRequests, listReservations } from './read-reservations';

export type { ReservationActor, ReservationsDeps } from './deps';
export { FIRE_INTERVAL_MS, startFiringDue } from './fire-preorders';

/** The reservations module's use cases, one file each, bound to their dependencies (wired in app.ts). */
export function createReservationsService(deps: ReservationsDeps) {
  return {
    list: (branchId: string, query: ListReservationsQuery) => listReservations(deps, branchId, query),
    get: (branchId: string, id: string) => getReservation(deps, branchId, id),
    create: (actor: ReservationActor, body: CreateReservationBody) => createReservation(deps, actor, body),
    update: (branchId: string, id: string, body: UpdateReservationBody) => updateReservation(deps, branchId, id, body),
    move: (actor: ReservationActor, id: string, body: ReservationStatusBody) => moveReservation(deps, actor, id, body),
    /** Every branch's: the scheduler's. */
    expireRequests: (now?: Date) => expireRequests(deps, now),
    declineAlike: (branchId: string, id: string) => declineAlike(deps, branchId, id),
    listRequests: (branchId: string, now?: Date) => listRequests(deps, branchId, now),
    bookingDay: (branchId: string, query: PublicBookingQuery, now?: Date) => bookingDay(deps, branchId, query, now),
    requestBooking: (branchId: string, body: PublicBookingBody, connection: string, now?: Date) =>
      requestBooking(deps, branchId, body, connection, now),
    getForGuest: (key: string, now?: Date) => getForGuest(deps, key, now),
    cancelForGuest: (key: string, now?: Date) => cancelForGuest(deps, key, now),
    /** Every branch's: the scheduler's. */
    fireDue: (now?: Date) => fireDue(deps, now),
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
