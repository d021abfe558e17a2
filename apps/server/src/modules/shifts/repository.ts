import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { openOrderStatuses } from '@quan/contract/order';
import type { Executor } from '../../db/client';
import { orderLines, orders } from '../../db/schema/orders';
import { cashMovements, orderPayments, paymentRefunds, shifts } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { taxesByRate } from '../reports/taxes-by-rate';

/**
 * The shift a payment, refund or completion on `deviceId` belongs to: the one open on that device; else, for a
 * device that never kept a drawer (a waiter's phone taking payments for the counter), the branch's only
 * open shift; else none. A drawer device whose shift is closed counts in no other drawer: its cash is not in
 * theirs. Only the branch's drawers count: money taken in one shop is never in another's. The shift row is
 * locked (shared), so it cannot close while the payment is being written into it.
 */
export async function shiftFor(tx: Executor, branchId: string, deviceId: string | null): Promise<string | null> {
  const inBranch = eq(shifts.branchId, branchId);
  if (deviceId) {
    const [own] = await tx
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(inBranch, eq(shifts.deviceId, deviceId), eq(shifts.status, 'open')))
      .for('share');
    if (own) return own.id;
    const [keptDrawer] = await tx
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(inBranch, eq(shifts.deviceId, deviceId)))
      .limit(1);
    if (keptDrawer) return null;
  }
  const open = await tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(inBranch, eq(shifts.status, 'open')))
    .limit(2)
    .for('share');
  return open.length === 1 ? open[0]!.id : null;
}

export type ShiftRow = typeof shifts.$inferSelect;

export async function insertShift(tx: Executor, row: typeof shifts.$inferInsert): Promise<ShiftRow> {
  const [inserted] = await tx.insert(shifts).values(row).returning();
  return inserted!;
}

/**
 * One shift of this branch (another branch's id finds nothing); locked for the rest of the transaction when it
 * is about to change.
 */
export async function findShift(
  db: Executor,
  branchId: string,
  id: string,
  lock = false,
): Promise<ShiftRow | undefined> {
  const query = db
    .select()
    .from(shifts)
    .where(and(eq(shifts.id, id), eq(shifts.branchId, branchId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The shift open on a device, if any (another than `except`). */
export async function openShiftOn(db: Executor, deviceId: string, except?: string): Promise<ShiftRow | undefined> {
  const [row] = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.deviceId, deviceId), eq(shifts.status, 'open'), except ? ne(shifts.id, except) : undefined));
  return row;
}

/** How many shifts of the branch are open besides this one. */
export async function otherOpenShifts(db: Executor, branchId: string, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shifts)
    .where(and(eq(shifts.branchId, branchId), eq(shifts.status, 'open'), ne(shifts.id, id)));
  return row?.n ?? 0;
}

export async function updateShift(tx: Executor, id: string, change: Partial<typeof shifts.$inferInsert>) {
  const [row] = await tx.update(shifts).set(change).where(eq(shifts.id, id)).returning();
  return row!;
}

/** A page of the branch's shifts, newest first, and how many there are. */
export async function pageShifts(db: Executor, branchId: string, page: { offset: number; limit: number }) {
  const inBranch = eq(shifts.branchId, branchId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(shifts)
      .where(inBranch)
      .orderBy(desc(shifts.openedAt), desc(shifts.shiftNo))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(shifts).where(inBranch),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The branch's shifts opened within [from, to), oldest first (the accountant's export). */
export async function shiftsOpenedWithin(
  db: Executor,
  branchId: string,
  range: { from: Date; to: Date },
): Promise<ShiftRow[]> {
  return db
    .select()
    .from(shifts)
    .where(
      and(
        eq(shifts.branchId, branchId),
        sql`${shifts.openedAt} >= ${range.from.toISOString()} and ${shifts.openedAt} < ${range.to.toISOString()}`,
      ),
    )
    .orderBy(asc(shifts.openedAt), asc(shifts.shiftNo));
}

/** The names of these people (people deleted since are left out). */
export async function namesOf(db: Executor, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function insertMovement(tx: Executor, row: typeof cashMovements.$inferInsert) {
  await tx.insert(cashMovements).values(row);
}

export async function movementsOf(db: Executor, shiftId: string) {
  return db
    .select({ movement: cashMovements, byName: users.name })
    .from(cashMovements)
    .leftJoin(users, eq(users.id, cashMovements.byId))
    .where(eq(cashMovements.shiftId, shiftId))
    .orderBy(asc(cashMovements.at), asc(cashMovements.id));
}

/** An order the branch's last shift cannot close over. */
export interface OpenOrder {
  id: string;
  orderNo: number;
  status: (typeof openOrderStatuses)[number];
}

/** The branch's orders still open (placed, cooking, ready or served), oldest number first. */
export async function openOrders(db: Executor, branchId: string): Promise<OpenOrder[]> {
  const rows = await db
    .select({ id: orders.id, orderNo: orders.orderNo, status: orders.status })
    .from(orders)
    .where(and(eq(orders.branchId, branchId), inArray(orders.status, openOrderStatuses)))
    .orderBy(asc(orders.orderNo));
  return rows.filter((row): row is OpenOrder => (openOrderStatuses as readonly string[]).includes(row.status));
}

const int = (expression: ReturnType<typeof sql>) => sql<string>`coalesce(${expression}, 0)`.mapWith(Number);

/** The payments taken in the shift by method: how many, their amounts, their cash rounding and their tips. */
export async function paymentsByMethod(db: Executor, shiftId: string) {
  return db
    .select({
      method: orderPayments.method,
      payments: count(),
      amount: int(sql`sum(${orderPayments.amount})`),
      rounding: int(sql`sum(${orderPayments.rounding})`),
      tips: int(sql`sum(${orderPayments.tip})`),
    })
    .from(orderPayments)
    .where(eq(orderPayments.shiftId, shiftId))
    .groupBy(orderPayments.method);
}

/** The refunds given in the shift, by the method of the payment they gave back. */
export async function refundsByMethod(db: Executor, shiftId: string) {
  return db
    .select({ method: orderPayments.method, refunds: count(), amount: int(sql`sum(${paymentRefunds.amount})`) })
    .from(paymentRefunds)
    .innerJoin(orderPayments, eq(orderPayments.id, paymentRefunds.paymentId))
    .where(eq(paymentRefunds.shiftId, shiftId))
    .groupBy(orderPayments.method);
}

/** The tips of the shift's payments, by who took them (null: recorded from a bank notification). */
export async function tipsByStaff(db: Executor, shiftId: string) {
  return db
    .select({ staffId: users.id, name: users.name, amount: int(sql`sum(${orderPayments.tip})`) })
    .from(orderPayments)
    .leftJoin(users, eq(users.id, orderPayments.takenById))
    .where(and(eq(orderPayments.shiftId, shiftId), sql`${orderPayments.tip} > 0`))
    .groupBy(users.id, users.name)
    .orderBy(desc(sql`sum(${orderPayments.tip})`), asc(users.name));
}

/** The figures of the branch's orders completed in the shift. */
export async function completedOrderFigures(db: Executor, branchId: string, shiftId: string) {
  const completedHere = and(eq(orders.shiftId, shiftId), eq(orders.branchId, branchId), eq(orders.status, 'completed'));
  const [[figures], [voids], taxes] = await Promise.all([
    db
      .select({
        orders: count(),
        guests: int(sql`sum(${orders.guests})`),
        subtotal: int(sql`sum(${orders.subtotal})`),
        discounts: int(sql`sum(${orders.discount})`),
        serviceCharge: int(sql`sum(${orders.serviceCharge})`),
        taxes: int(sql`sum(${orders.tax})`),
      })
      .from(orders)
      .where(completedHere),
    db
      .select({
        count: int(sql`sum(${orderLines.voidedQuantity})`),
        amount: int(sql`sum(${orderLines.price} * ${orderLines.voidedQuantity})`),
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(completedHere, sql`${orderLines.voidedQuantity} > 0`)),
    taxesByRate(db, completedHere!),
  ]);
  return { ...figures!, taxesByRate: taxes, voids: voids! };
}

/** Cash put into and taken out of the drawer by hand. */
export async function movementTotals(db: Executor, shiftId: string) {
  const [row] = await db
    .select({
      payIns: int(sql`sum(${cashMovements.amount}) filter (where ${cashMovements.kind} = 'in')`),
      payOuts: int(sql`sum(${cashMovements.amount}) filter (where ${cashMovements.kind} = 'out')`),
    })
    .from(cashMovements)
    .where(eq(cashMovements.shiftId, shiftId));
  return row!;
}
