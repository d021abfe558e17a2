import { RESERVATION_HOLD_MINUTES, RESERVATION_LATE_MINUTES, type Reservation } from '@quan/contract/reservations';

const minute = 60_000;

/**
 * Where a reservation stands for the day's book: `late` (booked, its time passed by the late minutes without
 * the guests: a no-show?), `soon` (booked, within the hold before its time: its tables are held), `requested`
 * (a guest asked online and waits for the staff to accept), `later`, `seated` (arrived), or `closed` (done,
 * cancelled, no-show, declined, expired).
 */
export type ReservationPhase = 'late' | 'soon' | 'requested' | 'later' | 'seated' | 'closed';

export function phaseOf(reservation: Pick<Reservation, 'status' | 'startsAt'>, now: number): ReservationPhase {
  if (reservation.status === 'arrived') return 'seated';
  if (reservation.status === 'requested') return 'requested';
  if (reservation.status !== 'booked') return 'closed';
  const startsAt = Date.parse(reservation.startsAt);
  if (now >= startsAt + RESERVATION_LATE_MINUTES * minute) return 'late';
  if (now >= startsAt - RESERVATION_HOLD_MINUTES * minute) return 'soon';
  return 'later';
}

/** The phases in the order the book lists them: what needs someone now comes first. */
export const phaseOrder: readonly ReservationPhase[] = ['late', 'soon', 'requested', 'later', 'seated', 'closed'];

/** A guest's request holds nothing against the staff, but its table is best kept free until they answer it. */
const isAwaited = (reservation: Reservation) => reservation.status === 'booked' || reservation.status === 'requested';

/**
 * Each table's next booking still to come or under way today (booked or requested, not yet over), the earliest
 * first: what the tables screen says on the table ("reserved 19:00", "held for Anh Tùng").
 */
export function nextBookingByTable(reservations: readonly Reservation[], now: number): Map<string, Reservation> {
  const next = new Map<string, Reservation>();
  const upcoming = reservations
    .filter((reservation) => isAwaited(reservation) && Date.parse(reservation.endsAt) > now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  for (const reservation of upcoming) {
    for (const table of reservation.tables) if (!next.has(table._id)) next.set(table._id, reservation);
  }
  return next;
}

/** A table's booking is held from the hold minutes before its time: walk-ins should not sit there then. */
export const isHeld = (reservation: Pick<Reservation, 'startsAt'>, now: number) =>
  now >= Date.parse(reservation.startsAt) - RESERVATION_HOLD_MINUTES * minute;

/**
 * Seating walk-ins at a table booked within the restaurant's warning minutes (settings.reservations.warnMinutes)
 * is worth a warning; 0 minutes never warns.
 */
export const isBookedSoon = (reservation: Pick<Reservation, 'startsAt'>, now: number, warnMinutes: number) =>
  warnMinutes > 0 && Date.parse(reservation.startsAt) - now <= warnMinutes * minute;
