import type { Reservation, ReservationStatus } from '@quan/contract/reservations';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { notFound } from '../../lib/app-error';
import { minutes } from './booking-slots';
import * as repo from './repository';

export function toReservation({ reservation: r, createdBy, tables, lines }: repo.LoadedReservation): Reservation {
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
export function localClock(instant: Date, timezone: string): { time: string; day: string; isoDay: string } {
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

export const statusWords: Record<ReservationStatus, string> = {
  requested: 'waiting to be accepted',
  booked: 'booked',
  arrived: 'arrived',
  done: 'done',
  cancelled: 'cancelled',
  no_show: 'a no-show',
  declined: 'declined',
  expired: 'expired, never answered',
};

export const missingReservation = () => notFound('That reservation does not exist').because('RESERVATION_NOT_FOUND');

/** Inside a transaction that changed it: the reservation as it now stands, recorded for its branch's screens. */
export async function recordChange(
  tx: Executor,
  record: RecordEvent,
  branchId: string,
  id: string,
): Promise<Reservation> {
  const loaded = await repo.loadReservation(tx, branchId, id);
  if (!loaded) throw missingReservation();
  const reservation = toReservation(loaded);
  record({ type: 'reservation.changed', branchId, reservation });
  return reservation;
}
