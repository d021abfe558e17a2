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
    list: (query: ListReservationsQuery) => listReservations(deps, query),
    get: (id: string) => getReservation(deps, id),
    create: (actor: ReservationActor, body: CreateReservationBody) => createReservation(deps, actor, body),
    update: (id: string, body: UpdateReservationBody) => updateReservation(deps, id, body),
    move: (actor: ReservationActor, id: string, body: ReservationStatusBody) => moveReservation(deps, actor, id, body),
    expireRequests: (now?: Date) => expireRequests(deps, now),
    declineAlike: (id: string) => declineAlike(deps, id),
    listRequests: (now?: Date) => listRequests(deps, now),
    bookingDay: (query: PublicBookingQuery, now?: Date) => bookingDay(deps, query, now),
    requestBooking: (body: PublicBookingBody, connection: string, now?: Date) =>
      requestBooking(deps, body, connection, now),
    getForGuest: (key: string, now?: Date) => getForGuest(deps, key, now),
    cancelForGuest: (key: string, now?: Date) => cancelForGuest(deps, key, now),
    fireDue: (now?: Date) => fireDue(deps, now),
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
