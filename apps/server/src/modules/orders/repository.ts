import type { OrderStatus } from '@quan/contract/order';
import type { RoundStatus } from '@quan/contract/rounds';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNull, lte, max, ne, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Executor } from '../../db/client';
import {
  kitchenTicketPrints,
  orderBillParts,
  orderIdempotencyKeys,
  orderLines,
  orderRounds,
  orders,
} from '../../db/schema/orders';
import { bankNotifications, orderPayments, paymentRefunds } from '../../db/schema/payments';
import { diningTables } from '../../db/schema/tables';
import { users } from '../../db/schema/users';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderRoundRow = typeof orderRounds.$inferSelect;
export type BillPartRow = typeof orderBillParts.$inferSelect;

export interface OrderFilter {
  startDate?: Date;
  endDate?: Date;
  statuses?: OrderStatus[];
  tableId?: string;
  customerId?: string;
}

/** Each property of a line and the column it is written to. */
const LINE_COLUMNS = Object.entries(getTableColumns(orderLines)).map(
  ([key, column]) => [key as keyof OrderLineRow, column.keyAsName ? toSnakeCase(key) : column.name] as const,
);

/**
 * Lines to write in the same statement as the round (and order) they belong to: `db.with(…)`. They go as one
 * jsonb parameter that PostgreSQL turns back into rows of the table, because Drizzle's insert builder takes
 * long over many parameters (a dozen per line), on the one thread that serves every request: with 8 orders
 * in flight that thread is what limits them. A line is a whole row, every column given, so no default is
 * needed; a column added to the table is a type error where lines are built.
 */
function withLines(db: Executor, lines: OrderLineRow[]) {
  if (lines.length === 0) return [];
  const rows = lines.map((line) => Object.fromEntries(LINE_COLUMNS.map(([key, name]) => [name, line[key]])));
  const insert = sql`insert into ${orderLines}
    select * from jsonb_populate_recordset(null::${orderLines}, ${JSON.stringify(rows)}::jsonb)`;
  return [db.$with('new_lines', {}).as(insert)];
}

/**
 * A new order with its first round and that round's lines, in one statement (one round trip): foreign keys
 * are checked at the end of a statement, when the order is there. The round is sent at the order's
 * `created_at`: both are `now()`, the transaction's start.
 */
export async function insertOrder(
  db: Executor,
  values: typeof orders.$inferInsert,
  first: { round: Omit<OrderRoundRow, 'sentAt'>; lines: OrderLineRow[] },
): Promise<{ order: OrderRow; round: OrderRoundRow }> {
  const round = db.$with('new_round').as(db.insert(orderRounds).values(first.round));
  const [order] = await db
    .with(round, ...withLines(db, first.lines))
    .insert(orders)
    .values(values)
    .returning();
  if (!order) throw new Error('insert into orders returned no row');
  return { order, round: { ...first.round, sentAt: order.createdAt } };
}

export async function insertLines(db: Executor, lines: (typeof orderLines.$inferInsert)[]): Promise<void> {
  await db.insert(orderLines).values(lines);
}

/** Orders with their table number and author, in the order of `ids`. */
export async function findOrders(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      order: orders,
      table: { id: diningTables.id, tableNo: diningTables.tableNo },
      createdBy: { id: users.id, name: users.name },
    })
    .from(orders)
    .leftJoin(diningTables, eq(diningTables.id, orders.tableId))
    .leftJoin(users, eq(users.id, orders.createdById))
    .where(inArray(orders.id, ids));
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  const rounds = await db
    .select({ round: orderRounds, sentBy: { id: users.id, name: users.name } })
    .from(orderRounds)
    .leftJoin(users, eq(users.id, orderRounds.sentById))
    .where(inArray(orderRounds.orderId, ids))
    .orderBy(asc(orderRounds.orderId), asc(orderRounds.no));
  const parts = await db
    .select()
    .from(orderBillParts)
    .where(inArray(orderBillParts.orderId, ids))
    .orderBy(asc(orderBillParts.orderId), asc(orderBillParts.no));
  const payments = await db
    .select({ payment: orderPayments, takenBy: { id: users.id, name: users.name } })
    .from(orderPayments)
    .leftJoin(users, eq(users.id, orderPayments.takenById))
    .where(inArray(orderPayments.orderId, ids))
    .orderBy(asc(orderPayments.takenAt), asc(orderPayments.id));
  const refunds = payments.some(({ payment }) => payment.refunded > 0)
    ? await db
        .select({ refund: paymentRefunds, orderId: orderPayments.orderId, by: { id: users.id, name: users.name } })
        .from(paymentRefunds)
        .innerJoin(orderPayments, eq(orderPayments.id, paymentRefunds.paymentId))
        .leftJoin(users, eq(users.id, paymentRefunds.refundedById))
        .where(inArray(orderPayments.orderId, ids))
        .orderBy(asc(paymentRefunds.refundedAt))
    : [];
  const byId = new Map(rows.map((row) => [row.order.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        ...row,
        lines: lines.filter((line) => line.orderId === id),
        rounds: rounds.filter(({ round }) => round.orderId === id),
        billParts: parts.filter((part) => part.orderId === id),
        payments: payments.filter(({ payment }) => payment.orderId === id),
        refunds: refunds.filter((refund) => refund.orderId === id),
      },
    ];
  });
}

function filterConditions(filter: OrderFilter) {
  return and(
    filter.startDate ? gte(orders.createdAt, filter.startDate) : undefined,
    filter.endDate ? lte(orders.createdAt, filter.endDate) : undefined,
    filter.statuses?.length ? inArray(orders.status, filter.statuses) : undefined,
    filter.tableId ? eq(orders.tableId, filter.tableId) : undefined,
    filter.customerId ? eq(orders.customerId, filter.customerId) : undefined,
  );
}

/** One page of ids, newest (or oldest) first, and the number of matching orders. */
export async function pageOrderIds(
  db: Executor,
  filter: OrderFilter,
  page: { offset: number; limit: number; sort: 'newest' | 'oldest' },
) {
  const direction = page.sort === 'oldest' ? asc : desc;
  const where = filterConditions(filter);
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(direction(orders.createdAt), direction(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { ids: ids.map((row) => row.id), total: total?.n ?? 0 };
}

export async function orderExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
  return row !== undefined;
}

/** Locks the order row for the rest of the transaction, so two status changes never interleave. */
export async function lockOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** Every change of an order goes through here, so its version grows with each one. */
export async function updateOrder(
  db: Executor,
  id: string,
  changes: Partial<typeof orders.$inferInsert>,
): Promise<void> {
  await db
    .update(orders)
    .set({ ...changes, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(eq(orders.id, id));
}

/** A round of an existing order and its lines (none: dishes move into it afterwards), in one statement. */
export async function insertRound(
  db: Executor,
  round: typeof orderRounds.$inferInsert,
  lines: OrderLineRow[],
): Promise<void> {
  await db
    .with(...withLines(db, lines))
    .insert(orderRounds)
    .values(round);
}

/** The rounds of an order, first to last. */
export function listRounds(db: Executor, orderId: string): Promise<OrderRoundRow[]> {
  return db.select().from(orderRounds).where(eq(orderRounds.orderId, orderId)).orderBy(asc(orderRounds.no));
}

/** Moves some rounds of an order to a status. */
export async function setRoundStatus(
  db: Executor,
  orderId: string,
  rounds: number[],
  status: RoundStatus,
): Promise<void> {
  if (rounds.length === 0) return;
  await db
    .update(orderRounds)
    .set({ status })
    .where(and(eq(orderRounds.orderId, orderId), inArray(orderRounds.no, rounds), ne(orderRounds.status, status)));
}

/** The next line position and round number of an order (read under the order's row lock). */
export async function nextNumbers(db: Executor, orderId: string): Promise<{ position: number; roundNo: number }> {
  const [lines] = await db
    .select({ last: max(orderLines.position) })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const [rounds] = await db
    .select({ last: max(orderRounds.no) })
    .from(orderRounds)
    .where(eq(orderRounds.orderId, orderId));
  return { position: (lines?.last ?? -1) + 1, roundNo: (rounds?.last ?? 0) + 1 };
}

/** Takes a whole round's lines off the bill (a rejected or cancelled round). */
export async function voidRoundLines(db: Executor, orderId: string, roundNo: number): Promise<void> {
  await db
    .update(orderLines)
    .set({ voidedQuantity: orderLines.quantity, total: 0 })
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.roundNo, roundNo)));
}

export function listLines(db: Executor, orderId: string): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
}

/** Takes `quantity` more of a line off the bill; the check constraint refuses voiding more than was ordered. */
export async function voidLineQuantity(db: Executor, orderId: string, position: number, quantity: number) {
  const voided = sql`${orderLines.voidedQuantity} + ${quantity}`;
  await db
    .update(orderLines)
    .set({ voidedQuantity: voided, total: sql`${orderLines.price} * (${orderLines.quantity} - (${voided}))` })
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.position, position)));
}

/** The subtotal of what is still on the bill. */
export async function billedSubtotal(db: Executor, orderId: string): Promise<number> {
  const [row] = await db
    .select({ subtotal: sql<number>`coalesce(sum(${orderLines.total}), 0)::int` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return row?.subtotal ?? 0;
}

/**
 * Claims an idempotency key for a call on an order, in one statement. Returns null when claimed, or the row
 * that already holds it (a concurrent request with the same key waits here until the first one commits or
 * rolls back). A key older than `keptFor` is free again: claimed anew, as if it had been deleted.
 */
export async function claimIdempotencyKey(
  db: Executor,
  claim: { scopedKey: string; requestHash: string; orderId: string },
  keptFor: { hours: number },
): Promise<{ requestHash: string; orderId: string } | null> {
  // Written out rather than built with Drizzle's upsert, which took ten times as long to build as this
  // template of plain values: every order with a key runs it.
  const claimed = (await db.execute(sql`
    insert into ${orderIdempotencyKeys} as k (scoped_key, request_hash, order_id)
    values (${claim.scopedKey}, ${claim.requestHash}, ${claim.orderId})
    on conflict (scoped_key) do update
      set request_hash = excluded.request_hash, order_id = excluded.order_id, created_at = now()
      where k.created_at < now() - make_interval(hours => ${keptFor.hours})
    returning k.order_id`)) as unknown as { rows: unknown[] };
  if (claimed.rows.length > 0) return null;
  const [existing] = await db
    .select({ requestHash: orderIdempotencyKeys.requestHash, orderId: orderIdempotencyKeys.orderId })
    .from(orderIdempotencyKeys)
    .where(eq(orderIdempotencyKeys.scopedKey, claim.scopedKey));
  if (!existing) throw new Error('idempotency key vanished between conflict and read');
  return existing;
}

export function listBillParts(db: Executor, orderId: string): Promise<BillPartRow[]> {
  return db.select().from(orderBillParts).where(eq(orderBillParts.orderId, orderId)).orderBy(asc(orderBillParts.no));
}

/** Replaces the parts of a split bill (none paid yet: the caller checked). */
export async function replaceBillParts(db: Executor, orderId: string, parts: (typeof orderBillParts.$inferInsert)[]) {
  await db.delete(orderBillParts).where(eq(orderBillParts.orderId, orderId));
  if (parts.length > 0) await db.insert(orderBillParts).values(parts);
}

/** Marks a part of a split bill paid in full (by its main method), or unpaid again after a refund. */
export async function setBillPartPaid(
  db: Executor,
  part: { orderId: string; no: number },
  paid: { paymentMethod: NonNullable<BillPartRow['paymentMethod']>; paidById: string | null } | null,
) {
  await db
    .update(orderBillParts)
    .set(
      paid
        ? { paymentMethod: paid.paymentMethod, paidById: paid.paidById, paidAt: sql`now()` }
        : { paymentMethod: null, paidById: null, paidAt: null },
    )
    .where(and(eq(orderBillParts.orderId, part.orderId), eq(orderBillParts.no, part.no)));
}

export type PaymentRow = typeof orderPayments.$inferSelect;

export function listPayments(db: Executor, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId))
    .orderBy(asc(orderPayments.takenAt), asc(orderPayments.id));
}

export async function insertPayment(db: Executor, payment: typeof orderPayments.$inferInsert): Promise<void> {
  await db.insert(orderPayments).values(payment);
}

/** The payment with this bank transaction id, if that transfer was recorded before. */
export type BankNotificationRow = typeof bankNotifications.$inferSelect;

/** A notification as it was decided, with the order its payment went to and who applied it by hand. */
export type KeptBankNotification = BankNotificationRow & {
  orderNo: number | null;
  appliedBy: { id: string; name: string } | null;
};

const keptNotification = () =>
  ({
    ...getTableColumns(bankNotifications),
    orderNo: orders.orderNo,
    appliedByName: users.name,
  }) as const;

function asKept({
  appliedByName,
  ...row
}: BankNotificationRow & { orderNo: number | null; appliedByName: string | null }) {
  return {
    ...row,
    appliedBy: row.appliedById && appliedByName !== null ? { id: row.appliedById, name: appliedByName } : null,
  };
}

export async function findBankNotification(
  db: Executor,
  transactionId: string,
): Promise<KeptBankNotification | undefined> {
  const [row] = await db
    .select(keptNotification())
    .from(bankNotifications)
    .leftJoin(orderPayments, eq(orderPayments.id, bankNotifications.paymentId))
    .leftJoin(orders, eq(orders.id, orderPayments.orderId))
    .leftJoin(users, eq(users.id, bankNotifications.appliedById))
    .where(eq(bankNotifications.transactionId, transactionId));
  return row && asKept(row);
}

/** The refused notifications still waiting for a person, newest first. */
export async function listRefusedBankNotifications(db: Executor, limit: number): Promise<KeptBankNotification[]> {
  const rows = await db
    .select(keptNotification())
    .from(bankNotifications)
    .leftJoin(orderPayments, eq(orderPayments.id, bankNotifications.paymentId))
    .leftJoin(orders, eq(orders.id, orderPayments.orderId))
    .leftJoin(users, eq(users.id, bankNotifications.appliedById))
    .where(eq(bankNotifications.outcome, 'refused'))
    .orderBy(desc(bankNotifications.receivedAt))
    .limit(limit);
  return rows.map(asKept);
}

/**
 * Keeps a notification as being decided now; false when its transaction id was kept before (a notification
 * delivered twice at once waits here for the first one's transaction, then finds it).
 */
export async function claimBankNotification(
  db: Executor,
  values: Omit<typeof bankNotifications.$inferInsert, 'outcome'>,
): Promise<boolean> {
  const claimed = await db
    .insert(bankNotifications)
    .values({ ...values, outcome: 'refused' })
    .onConflictDoNothing()
    .returning({ transactionId: bankNotifications.transactionId });
  return claimed.length > 0;
}

export async function lockBankNotification(
  db: Executor,
  transactionId: string,
): Promise<BankNotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(bankNotifications)
    .where(eq(bankNotifications.transactionId, transactionId))
    .for('update');
  return row;
}

export async function settleBankNotification(
  db: Executor,
  transactionId: string,
  values: Partial<
    Pick<
      BankNotificationRow,
      'outcome' | 'reason' | 'reasonCode' | 'reasonParams' | 'paymentId' | 'appliedById' | 'appliedAt'
    >
  >,
): Promise<void> {
  await db.update(bankNotifications).set(values).where(eq(bankNotifications.transactionId, transactionId));
}

/** A refund: the row with its reason, and the payment's refunded sum in the same statement order. */
export async function insertRefund(db: Executor, refund: typeof paymentRefunds.$inferInsert): Promise<void> {
  await db.insert(paymentRefunds).values(refund);
  await db
    .update(orderPayments)
    .set({ refunded: sql`${orderPayments.refunded} + ${refund.amount}` })
    .where(eq(orderPayments.id, refund.paymentId));
}

export async function findOrderByNo(db: Executor, orderNo: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row;
}

/** Moves every line and round of one order to another, numbered after the ones it has (a merge). */
export async function moveAllLinesAndRounds(
  db: Executor,
  move: { fromOrderId: string; toOrderId: string; positionOffset: number; roundOffset: number },
) {
  await db
    .update(orderLines)
    .set({
      orderId: move.toOrderId,
      position: sql`${orderLines.position} + ${move.positionOffset}`,
      roundNo: sql`${orderLines.roundNo} + ${move.roundOffset}`,
    })
    .where(eq(orderLines.orderId, move.fromOrderId));
  await db
    .update(orderRounds)
    .set({ orderId: move.toOrderId, no: sql`${orderRounds.no} + ${move.roundOffset}` })
    .where(eq(orderRounds.orderId, move.fromOrderId));
}

/** Moves one whole line to another order, as its line `position` in round `roundNo` (a move of lines). */
export async function moveLine(
  db: Executor,
  line: { orderId: string; position: number },
  to: { orderId: string; position: number; roundNo: number },
) {
  await db
    .update(orderLines)
    .set({ orderId: to.orderId, position: to.position, roundNo: to.roundNo })
    .where(and(eq(orderLines.orderId, line.orderId), eq(orderLines.position, line.position)));
}

/** Takes `quantity` portions out of a line that stays (part of it moved to another order). */
export async function reduceLineQuantity(db: Executor, line: { orderId: string; position: number }, quantity: number) {
  const left = sql`${orderLines.quantity} - ${quantity}`;
  await db
    .update(orderLines)
    .set({ quantity: left, total: sql`${orderLines.price} * (${left} - ${orderLines.voidedQuantity})` })
    .where(and(eq(orderLines.orderId, line.orderId), eq(orderLines.position, line.position)));
}

/**
 * Rounds with nothing left on the bill (every dish voided or moved away) are over: cancelled, so that the
 * order's status follows the rounds still being served. Their stock was settled dish by dish already.
 */
export async function cancelSpentRounds(db: Executor, orderId: string): Promise<void> {
  await db.execute(sql`
    update ${orderRounds} r set status = 'cancelled'
    where r.order_id = ${orderId} and r.status <> 'cancelled'
      and not exists (
        select 1 from ${orderLines} l
        where l.order_id = r.order_id and l.round_no = r.no and l.quantity > l.voided_quantity)`);
}

/** A station marks its lines of a round done (now), or takes that back. */
export async function setLinesReady(db: Executor, orderId: string, positions: number[], ready: boolean) {
  if (positions.length === 0) return;
  await db
    .update(orderLines)
    .set({ readyAt: ready ? sql`coalesce(${orderLines.readyAt}, now())` : null })
    .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.position, positions)));
}

/** A round going ready marks the lines no station had marked yet, so preparation times cover every line. */
export async function markRoundLinesReady(db: Executor, orderId: string, roundNos: number[]) {
  if (roundNos.length === 0) return;
  await db
    .update(orderLines)
    .set({ readyAt: sql`now()` })
    .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.roundNo, roundNos), isNull(orderLines.readyAt)));
}

/** Counts one more print of a station's ticket of a round and answers which copy it is (1 for the first). */
export async function countTicketPrint(
  db: Executor,
  ticket: { orderId: string; roundNo: number; stationKey: string },
): Promise<number> {
  const [row] = await db
    .insert(kitchenTicketPrints)
    .values({ ...ticket, copies: 1 })
    .onConflictDoUpdate({
      target: [kitchenTicketPrints.orderId, kitchenTicketPrints.roundNo, kitchenTicketPrints.stationKey],
      set: { copies: sql`${kitchenTicketPrints.copies} + 1`, lastPrintedAt: sql`now()` },
    })
    .returning({ copies: kitchenTicketPrints.copies });
  return row!.copies;
}
