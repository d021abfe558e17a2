import { randomBytes } from 'node:crypto';
import { defaultReservationSettings, type ReservationSettings } from '@quan/contract/reservations';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { reservations, reservationTables } from '../../db/schema/reservations';
import { diningTables } from '../../db/schema/tables';
import { newId } from '../../lib/ids';
import { givenNames, honorifics } from '../restaurant-catalog';
import { MINUTE_MS, OPENING_HOUR } from './calendar';
import { pick } from './random';
import { rows } from './sql';

// Today's reservations, and online booking switched on.

/** Guests book online in the demo, at any time the restaurant takes orders (7:00 to 22:00). */
const demoBooking: ReservationSettings = {
  ...defaultReservationSettings,
  publicBooking: true,
  openingHours: Array.from({ length: 7 }, () => [{ from: `0${OPENING_HOUR}:00`, to: '22:00' }]),
};

/**
 * The day's book as staff find it mid-service: a couple late by a quarter of an hour or more (to mark arrived
 * or a no-show), a party of four due within half an hour, a birthday of six later, and a guest's request
 * from the public page for tomorrow's dinner waiting to be accepted. Each holds the smallest free table that
 * seats it (none is seated now). Online booking is switched on, within the demo's opening hours. All in the
 * branch's book: its settings, its tables.
 */
export async function stageReservations(
  db: Database,
  context: {
    branchId: string;
    asOf: Date;
    timezone: string;
    lastDay: string;
    random: () => number;
  },
): Promise<void> {
  const { branchId, asOf, timezone, lastDay, random } = context;
  await db.update(branches).set({ reservations: demoBooking }).where(eq(branches.id, branchId));

  const quarter = 15 * MINUTE_MS;
  const lastQuarter = Math.floor(asOf.getTime() / quarter) * quarter;
  const [tomorrowDinner] = await rows<{ at: string | Date }>(
    db,
    sql`select ((${lastDay}::date + 1 + time '19:00')::timestamp at time zone ${timezone}::text) as at`,
  );
  const bookings = [
    { partySize: 2, startsAt: new Date(lastQuarter - quarter), note: '' },
    { partySize: 4, startsAt: new Date(lastQuarter + 2 * quarter), note: '' },
    { partySize: 6, startsAt: new Date(lastQuarter + 10 * quarter), note: 'Sinh nhật, xin một bàn yên tĩnh' },
    { partySize: 2, startsAt: new Date(tomorrowDinner!.at), note: 'Ngồi gần cửa sổ nếu được', online: true },
  ];
  const free = await rows<{ id: string; seats: number }>(
    db,
    sql`select id, seats from ${diningTables}
      where branch_id = ${branchId}::uuid and status = 'available' order by seats, table_no`,
  );
  for (const booking of bookings) {
    const table = free.findIndex((candidate) => candidate.seats >= booking.partySize);
    if (table < 0) continue;
    const tableId = free.splice(table, 1)[0]!.id;
    const id = newId();
    await db.insert(reservations).values({
      id,
      branchId,
      status: booking.online ? 'requested' : 'booked',
      source: booking.online ? 'public' : 'phone',
      name: `${pick(random, honorifics)} ${pick(random, givenNames)}`,
      phone: `09${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
      partySize: booking.partySize,
      startsAt: booking.startsAt,
      durationMinutes: demoBooking.defaultMinutes,
      note: booking.note,
      // A guest's link is shown to them once; the demo's guest never had one to open.
      guestKeyHash: booking.online ? randomBytes(32).toString('base64url') : null,
      createdAt: new Date(asOf.getTime() - 3 * 60 * MINUTE_MS),
      updatedAt: new Date(asOf.getTime() - 3 * 60 * MINUTE_MS),
    });
    await db.insert(reservationTables).values({ reservationId: id, tableId });
  }
}
