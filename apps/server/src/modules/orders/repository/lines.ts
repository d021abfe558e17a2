import type { RoundStatus } from '@quan/contract/rounds';
import { byVatRate, type RateAmount } from '@quan/contract/vat';
import { and, asc, eq, getTableColumns, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Executor } from '../../../db/client';
import { kitchenTicketPrints, orderLines, orderRounds } from '../../../db/schema/orders';

// An order's lines and rounds: written with the order or a new round, voided, moved, and marked ready by the
// kitchen.

export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderRoundRow = typeof orderRounds.$inferSelect;

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
export function withLines(db: Executor, lines: OrderLineRow[]) {
  if (lines.length === 0) return [];
  const rows = lines.map((line) => Object.fromEntries(LINE_COLUMNS.map(([key, name]) => [name, line[key]])));
  const insert = sql`insert into ${orderLines}
    select * from jsonb_populate_recordset(null::${orderLines}, ${JSON.stringify(rows)}::jsonb)`;
  return [db.$with('new_lines', {}).as(insert)];
}

export async function insertLines(db: Executor, lines: (typeof orderLines.$inferInsert)[]): Promise<void> {
  await db.insert(orderLines).values(lines);
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

/** What is still on the bill, added up by VAT rate: each line keeps the rate it was ordered at. */
export async function billedSubtotals(db: Executor, orderId: string): Promise<RateAmount[]> {
  const rows = await db
    .select({ vatRate: orderLines.vatRate, amount: sql<number>`coalesce(sum(${orderLines.total}), 0)::int` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .groupBy(orderLines.vatRate);
  return byVatRate(rows);
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

/** A station starts cooking some lines (now); a line started before keeps its first start. */
export async function startLines(db: Executor, orderId: string, positions: number[]) {
  if (positions.length === 0) return;
  await db
    .update(orderLines)
    .set({ startedAt: sql`now()` })
    .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.position, positions), isNull(orderLines.startedAt)));
}

/**
 * A station marks its lines of a round done (now), or takes that back. Done is started too, for a cook who
 * never tapped Start; taking it back leaves them started, as the cooking was.
 */
export async function setLinesReady(db: Executor, orderId: string, positions: number[], ready: boolean) {
  if (positions.length === 0) return;
  await db
    .update(orderLines)
    .set(
      ready
        ? {
            readyAt: sql`coalesce(${orderLines.readyAt}, now())`,
            startedAt: sql`coalesce(${orderLines.startedAt}, now())`,
          }
        : { readyAt: null },
    )
    .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.position, positions)));
}

/**
 * A round going ready marks the lines no station had marked yet, so preparation times cover every line; they
 * are started too, if nobody said so before.
 */
export async function markRoundLinesReady(db: Executor, orderId: string, roundNos: number[]) {
  if (roundNos.length === 0) return;
  await db
    .update(orderLines)
    .set({ readyAt: sql`now()`, startedAt: sql`coalesce(${orderLines.startedAt}, now())` })
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
