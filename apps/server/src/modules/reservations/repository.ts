import type { OrderStatus } from '@quan/contract/order';
import { tableHoldingStatuses, type ReservationStatus } from '@quan/contract/reservations';
import { and, asc, eq, exists, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { reservationLines, reservations, reservationTables } from '../../db/schema/reservations';
import { diningTables } from '../../db/schema/tables';
import { users } from '../../db/schema/users';

export type ReservationRow = typeof reservations.$inferSelect;
export type ReservationLineRow = typeof reservationLines.$inferSelect;
export type TableRow = { id: string; tableNo: number; seats: number };

/** A reservation with what its view shows: its tables, its pre-order, its author and the order it became. */
export interface LoadedReservation {
  reservation: ReservationRow;
  createdBy: { id: string; name: string } | null;
  order: { orderNo: number; status: OrderStatus } | null;
  tables: TableRow[];
  lines: ReservationLineRow[];
}

/** The instant a reservation ends: its tables are free again from then. */
const endsAt = sql`(${reservations.startsAt} + ${reservations.durationMinutes} * interval '1 minute')`;

export async function loadReservations(db: Executor, where: SQL): Promise<LoadedReservation[]> {
  const heads = await db
    .select({
      reservation: reservations,
      createdBy: { id: users.id, name: users.name },
      order: { orderNo: orders.orderNo, status: orders.status },
    })
    .from(reservations)
    .leftJoin(users, eq(users.id, reservations.createdById))
    .leftJoin(orders, eq(orders.id, reservations.orderId))
    .where(where)
    .orderBy(asc(reservations.startsAt), asc(reservations.id));
  if (heads.length === 0) return [];
  const ids = heads.map((head) => head.reservation.id);
  const [tables, lines] = await Promise.all([
    db
      .select({
        reservationId: reservationTables.reservationId,
        id: diningTables.id,
        tableNo: diningTables.tableNo,
        seats: diningTables.seats,
      })
      .from(reservationTables)
      .innerJoin(diningTables, eq(diningTables.id, reservationTables.tableId))
      .where(inArray(reservationTables.reservationId, ids))
      .orderBy(asc(diningTables.tableNo)),
    db
      .select()
      .from(reservationLines)
      .where(inArray(reservationLines.reservationId, ids))
      .orderBy(asc(reservationLines.position)),
  ]);
  return heads.map((head) => ({
    reservation: head.reservation,
    createdBy: head.createdBy,
    // An order's number is generated, typed nullable by Drizzle, but always set on a row.
    order: head.order ? { orderNo: head.order.orderNo ?? 0, status: head.order.status } : null,
    tables: tables
      .filter((table) => table.reservationId === head.reservation.id)
      .map(({ id, tableNo, seats }) => ({ id, tableNo, seats })),
    lines: lines.filter((line) => line.reservationId === head.reservation.id),
  }));
}

/** A reservation of the branch; one of another branch is not found, as if it did not exist. */
export async function loadReservation(
  db: Executor,
  branchId: string,
  id: string,
): Promise<LoadedReservation | undefined> {
  const [loaded] = await loadReservations(db, and(eq(reservations.branchId, branchId), eq(reservations.id, id))!);
  return loaded;
}

/** The branch's reservations starting within [from, to), by time. */
export const loadBetween = (db: Executor, branchId: string, range: { from: Date; to: Date }) =>
  loadReservations(
    db,
    and(
      eq(reservations.branchId, branchId),
      gte(reservations.startsAt, range.from),
      lt(reservations.startsAt, range.to),
    )!,
  );

/** A restaurant day ('YYYY-MM-DD' in `timezone`) as the instants [its midnight, the next midnight). */
export async function dayAsInstants(db: Executor, timezone: string, day: string): Promise<{ from: Date; to: Date }> {
  const zone = sql`${timezone}::text`;
  const result = (await db.execute(
    sql`select (${day}::date::timestamp at time zone ${zone}) as "from",
               ((${day}::date + 1)::timestamp at time zone ${zone}) as "to"`,
  )) as unknown as { rows: { from: string | Date; to: string | Date }[] };
  const bounds = result.rows[0]!;
  return { from: new Date(bounds.from), to: new Date(bounds.to) };
}

/** Locks the reservation's row for the rest of the transaction: every change and every firing queue here. */
export async function lockReservation(db: Executor, branchId: string, id: string): Promise<ReservationRow | undefined> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.branchId, branchId), eq(reservations.id, id)))
    .for('update');
  return row;
}

/**
 * The branch's tables among these, locked in id order for the rest of the transaction, so that two bookings
 * of one table check for overlaps one after the other (and two bookings of several tables never deadlock).
 * A table of another branch is left out, as one that does not exist.
 */
export async function lockTables(db: Executor, branchId: string, ids: string[]): Promise<TableRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: diningTables.id, tableNo: diningTables.tableNo, seats: diningTables.seats })
    .from(diningTables)
    .where(and(eq(diningTables.branchId, branchId), inArray(diningTables.id, ids)))
    .orderBy(asc(diningTables.id))
    .for('update');
}

/**
 * The first reservation, other than `exceptId`, that holds one of these tables (in one of the `holding`
 * statuses: booked or arrived, and also waiting for the staff when a guest asks online) at some moment of
 * [from, to); one that ends exactly when this one starts does not.
 */
export async function findOverlap(
  db: Executor,
  tableIds: string[],
  range: { from: Date; to: Date },
  { exceptId, holding = tableHoldingStatuses }: { exceptId?: string; holding?: readonly ReservationStatus[] } = {},
) {
  if (tableIds.length === 0) return undefined;
  const [row] = await db
    .select({
      name: reservations.name,
      startsAt: reservations.startsAt,
      durationMinutes: reservations.durationMinutes,
      tableNo: diningTables.tableNo,
    })
    .from(reservationTables)
    .innerJoin(reservations, eq(reservations.id, reservationTables.reservationId))
    .innerJoin(diningTables, eq(diningTables.id, reservationTables.tableId))
    .where(
      and(
        inArray(reservationTables.tableId, tableIds),
        inArray(reservations.status, [...holding]),
        exceptId ? ne(reservations.id, exceptId) : undefined,
        lt(reservations.startsAt, range.to),
        gt(endsAt, range.from),
      ),
    )
    .orderBy(asc(reservations.startsAt), asc(diningTables.tableNo))
    .limit(1);
  return row;
}

export async function insertReservation(db: Executor, values: typeof reservations.$inferInsert): Promise<void> {
  await db.insert(reservations).values(values);
}

/** Replaces the reservation's tables. */
export async function setTables(db: Executor, reservationId: string, tableIds: string[]): Promise<void> {
  await db.delete(reservationTables).where(eq(reservationTables.reservationId, reservationId));
  if (tableIds.length > 0) {
    await db.insert(reservationTables).values(tableIds.map((tableId) => ({ reservationId, tableId })));
  }
}

/** Replaces the reservation's pre-order. */
export async function setLines(
  db: Executor,
  reservationId: string,
  lines: Omit<ReservationLineRow, 'reservationId' | 'position'>[],
): Promise<void> {
  await db.delete(reservationLines).where(eq(reservationLines.reservationId, reservationId));
  if (lines.length > 0) {
    await db.insert(reservationLines).values(lines.map((line, position) => ({ ...line, reservationId, position })));
  }
}

/** Changes the reservation (found in its branch by the caller, under its lock), raising its version. */
export async function updateReservation(
  db: Executor,
  id: string,
  changes: Partial<typeof reservations.$inferInsert>,
): Promise<void> {
  await db
    .update(reservations)
    .set({ ...changes, version: sql`${reservations.version} + 1`, updatedAt: sql`now()` })
    .where(eq(reservations.id, id));
}

/** What makes a reservation due to fire at `now`: booked, not fired, with a pre-order and a table. */
function dueAt(now: Date) {
  return and(
    eq(reservations.status, 'booked'),
    isNull(reservations.orderId),
    isNotNull(reservations.fireAt),
    lte(reservations.fireAt, now),
    exists(sql`(select 1 from ${reservationLines} where ${reservationLines.reservationId} = ${reservations.id})`),
    exists(sql`(select 1 from ${reservationTables} where ${reservationTables.reservationId} = ${reservations.id})`),
  );
}

/** The reservations due to fire in every branch, the earliest first, each with its branch. */
export async function findDue(db: Executor, now: Date, limit: number): Promise<{ id: string; branchId: string }[]> {
  return db
    .select({ id: reservations.id, branchId: reservations.branchId })
    .from(reservations)
    .where(dueAt(now))
    .orderBy(asc(reservations.fireAt), asc(reservations.id))
    .limit(limit);
}

/**
 * The reservation locked if it is still due and no one else holds it (another instance firing it, staff
 * marking the guests arrived): `skip locked` passes it over instead of waiting, and whoever holds it
 * decides.
 */
export async function lockIfDue(db: Executor, id: string, now: Date): Promise<ReservationRow | undefined> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, id), dueAt(now)))
    .for('update', { skipLocked: true });
  return row;
}

/** Every table of the branch, smallest first: the ones a guest's booking online may be given. */
export async function listTables(db: Executor, branchId: string): Promise<TableRow[]> {
  return db
    .select({ id: diningTables.id, tableNo: diningTables.tableNo, seats: diningTables.seats })
    .from(diningTables)
    .where(eq(diningTables.branchId, branchId))
    .orderBy(asc(diningTables.seats), asc(diningTables.tableNo));
}

/** When each of these tables is held (by a reservation in one of the `holding` statuses) within [from, to). */
export async function holdsBetween(
  db: Executor,
  tableIds: string[],
  range: { from: Date; to: Date },
  holding: readonly ReservationStatus[],
): Promise<{ tableId: string; from: Date; to: Date }[]> {
  if (tableIds.length === 0) return [];
  const rows = await db
    .select({
      tableId: reservationTables.tableId,
      startsAt: reservations.startsAt,
      durationMinutes: reservations.durationMinutes,
    })
    .from(reservationTables)
    .innerJoin(reservations, eq(reservations.id, reservationTables.reservationId))
    .where(
      and(
        inArray(reservationTables.tableId, tableIds),
        inArray(reservations.status, [...holding]),
        lt(reservations.startsAt, range.to),
        gt(endsAt, range.from),
      ),
    );
  return rows.map((row) => ({
    tableId: row.tableId,
    from: row.startsAt,
    to: new Date(row.startsAt.getTime() + row.durationMinutes * 60_000),
  }));
}

/**
 * Times of day on a restaurant day ('YYYY-MM-DD', ["17:00", "17:15"]) as instants, in `timezone` as PostgreSQL
 * reads it (daylight saving included), in the order given.
 */
export async function localTimesAsInstants(
  db: Executor,
  timezone: string,
  day: string,
  times: string[],
): Promise<Date[]> {
  if (times.length === 0) return [];
  const result = (await db.execute(
    sql`select ((${day}::date + t.value::time)::timestamp at time zone ${timezone}::text) as "at"
        from jsonb_array_elements_text(${JSON.stringify(times)}::jsonb) with ordinality as t(value, n)
        order by t.n`,
  )) as unknown as { rows: { at: string | Date }[] };
  return result.rows.map((row) => new Date(row.at));
}

/**
 * How many bookings this phone asked the branch for online from `from` on: those booked, and those waiting that
 * were asked from `addressHash`'s connection (a stranger's requests with this number do not use up the guest's own).
 */
export async function countOnlineBookingsAhead(
  db: Executor,
  branchId: string,
  phone: string,
  addressHash: string,
  from: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reservations)
    .where(
      and(
        eq(reservations.branchId, branchId),
        eq(reservations.phone, phone),
        eq(reservations.source, 'public'),
        gte(reservations.startsAt, from),
        or(
          eq(reservations.status, 'booked'),
          and(eq(reservations.status, 'requested'), eq(reservations.requestAddressHash, addressHash)),
        ),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Marks expired the requests nobody answered, in every branch: asked before `askedBefore`, or whose time has
 * come by `now`. Returns them with their branch, for the screens.
 */
export async function expireRequests(
  db: Executor,
  askedBefore: Date,
  now: Date,
): Promise<{ id: string; branchId: string }[]> {
  const rows = await db
    .update(reservations)
    .set({ status: 'expired', version: sql`${reservations.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(reservations.status, 'requested'),
        or(lt(reservations.createdAt, askedBefore), lte(reservations.startsAt, now)),
      ),
    )
    .returning({ id: reservations.id, branchId: reservations.branchId });
  return rows;
}

/**
 * Declines, in one statement, every request still waiting that was asked with this phone number or from this
 * connection (the staff's "decline all from this guest"); returns their ids.
 */
export async function declineRequestsAlike(
  db: Executor,
  branchId: string,
  alike: { id: string; phone: string; addressHash: string | null },
): Promise<string[]> {
  const rows = await db
    .update(reservations)
    .set({ status: 'declined', version: sql`${reservations.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(reservations.branchId, branchId),
        eq(reservations.status, 'requested'),
        or(
          eq(reservations.id, alike.id),
          alike.phone ? eq(reservations.phone, alike.phone) : undefined,
          alike.addressHash ? eq(reservations.requestAddressHash, alike.addressHash) : undefined,
        ),
      ),
    )
    .returning({ id: reservations.id });
  return rows.map((row) => row.id);
}

/** The branch's guests' requests still to answer: waiting, and not over yet, by time. */
export const loadRequests = (db: Executor, branchId: string, now: Date) =>
  loadReservations(
    db,
    and(eq(reservations.branchId, branchId), eq(reservations.status, 'requested'), gt(endsAt, now))!,
  );

/** The reservation a guest's link names, by the link's hash, in whichever branch it was asked (the key says). */
export async function loadByGuestKey(db: Executor, keyHash: string): Promise<LoadedReservation | undefined> {
  const [loaded] = await loadReservations(db, eq(reservations.guestKeyHash, keyHash));
  return loaded;
}

/** Locks the reservation a guest's link names, as lockReservation does. */
export async function lockByGuestKey(db: Executor, keyHash: string): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(reservations).where(eq(reservations.guestKeyHash, keyHash)).for('update');
  return row;
}
