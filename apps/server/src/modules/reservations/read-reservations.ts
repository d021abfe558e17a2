import type { ListReservationsQuery, Reservation } from '@quan/contract/reservations';
import type { ReservationsDeps } from './deps';
import * as repo from './repository';
import { missingReservation, toReservation } from './reservation-view';

/** The branch's book for a day: the reservations starting on that day of the branch's calendar, by time. */
export async function listReservations(
  deps: ReservationsDeps,
  branchId: string,
  query: ListReservationsQuery,
): Promise<Reservation[]> {
  const { timezone } = await deps.settings.get(branchId);
  const range = await repo.dayAsInstants(deps.db, timezone, query.date);
  return (await repo.loadBetween(deps.db, branchId, range)).map(toReservation);
}

export async function getReservation(deps: ReservationsDeps, branchId: string, id: string): Promise<Reservation> {
  const loaded = await repo.loadReservation(deps.db, branchId, id);
  if (!loaded) throw missingReservation();
  return toReservation(loaded);
}

/** The branch's guests' requests still to answer, whatever their day, by time. */
export async function listRequests(
  deps: ReservationsDeps,
  branchId: string,
  now: Date = new Date(),
): Promise<Reservation[]> {
  return (await repo.loadRequests(deps.db, branchId, now)).map(toReservation);
}
