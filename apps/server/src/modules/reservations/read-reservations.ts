import type { ListReservationsQuery, Reservation } from '@quan/contract/reservations';
import type { ReservationsDeps } from './deps';
import * as repo from './repository';
import { missingReservation, toReservation } from './reservation-view';

/** The day's book: the reservations starting on that restaurant day, by time. */
export async function listReservations(deps: ReservationsDeps, query: ListReservationsQuery): Promise<Reservation[]> {
  const { timezone } = await deps.settings.get();
  const range = await repo.dayAsInstants(deps.db, timezone, query.date);
  return (await repo.loadBetween(deps.db, range)).map(toReservation);
}

export async function getReservation(deps: ReservationsDeps, id: string): Promise<Reservation> {
  const loaded = await repo.loadReservation(deps.db, id);
  if (!loaded) throw missingReservation();
  return toReservation(loaded);
}

/** The guests' requests still to answer, whatever their day, by time. */
export async function listRequests(deps: ReservationsDeps, now: Date = new Date()): Promise<Reservation[]> {
  return (await repo.loadRequests(deps.db, now)).map(toReservation);
}
