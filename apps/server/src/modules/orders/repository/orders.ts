import type { OrderStatus } from '@quan/contract/order';
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { branches } from '../../../db/schema/branches';
import {
  auditLog,
  orderBillParts,
  orderBillPrints,
  orderIdempotencyKeys,
  orderLines,
  orderRounds,
  orders,
} from '../../../db/schema/orders';
import { orderPayments, paymentRefunds } from '../../../db/schema/payments';
import { diningTables } from '../../../db/schema/tables';
import { users } from '../../../db/schema/users';
import { withLines, type OrderLineRow, type OrderRoundRow } from './lines';
import { saleInvoicesOf } from '../../einvoices/order-invoice';

// Orders themselves: placed, read with all they hold, listed, locked and changed (each change a new version),
// and the idempotency keys of the calls on them.

export type OrderRow = typeof orders.$inferSelect;

export interface OrderFilter {
  startDate?: Date;
  endDate?: Date;
  statuses?: OrderStatus[];
  tableId?: string;
  customerId?: string;
}

/**
 * A new order with its first round and that round's lines, in one statement (one round trip): foreign keys
 * are checked at the end of a statement, when the order is there. The round is sent at the order's
 * `created_at`: both are `now()`, the transaction's start. The order's number is its branch's next
 * (`branches.next_order_no`), taken by the same statement: only an order really written takes one, and
 * the branch's row stays locked until the transaction ends, so numbers follow the commits with no gap.
 */
export async function insertOrder(
  db: Executor,
  values: Omit<typeof orders.$inferInsert, 'orderNo'>,
  first: { round: Omit<OrderRoundRow, 'sentAt'>; lines: OrderLineRow[] },
): Promise<{ order: OrderRow; round: OrderRoundRow }> {
  const takenNo = db.$with('taken_order_no').as(
    db
      .update(branches)
      .set({ nextOrderNo: sql`${branches.nextOrderNo} + 1` })
      .where(eq(branches.id, values.branchId))
      .returning({ orderNo: sql<number>`${branches.nextOrderNo} - 1`.as('order_no') }),
  );
  const round = db.$with('new_round').as(db.insert(orderRounds).values(first.round));
  const [order] = await db
    .with(takenNo, round, ...withLines(db, first.lines))
    .insert(orders)
    // No branch row, no number: the null is refused by the column, as the branch's foreign key would be.
    .values({ ...values, orderNo: sql`(select ${takenNo.orderNo} from ${takenNo})` })
    .returning();
  if (!order) throw new Error('insert into orders returned no row');
  return { order, round: { ...first.round, sentAt: order.createdAt } };
}

/**
 * Orders of a branch with their table number and author, in the order of `wanted`; an id of another branch is
 * left out, as a missing one is. `branchId` null reads any branch: only where a diner's tracking token, not a
 * branch, decides who may see the order.
 */
export async function findOrders(db: Executor, branchId: string | null, wanted: string[]) {
  if (wanted.length === 0) return [];
  const rows = await db
    .select({
      order: orders,
      table: { id: diningTables.id, tableNo: diningTables.tableNo },
      createdBy: { id: users.id, name: users.name },
    })
    .from(orders)
    .leftJoin(diningTables, eq(diningTables.id, orders.tableId))
    .leftJoin(users, eq(users.id, orders.createdById))
    .where(and(inArray(orders.id, wanted), branchId === null ? undefined : eq(orders.branchId, branchId)));
  // What hangs off an order is read only for the orders found in the branch.
  const ids = rows.map((row) => row.order.id);
  if (ids.length === 0) return [];
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
  // A merge cancels the order it empties; its audit row names both, so no column repeats it.
  const cancelled = rows.filter((row) => row.order.status === 'cancelled').map((row) => row.order.id);
  const mergedFrom = sql<string>`${auditLog.details}->>'fromOrderId'`;
  const merges = cancelled.length
    ? await db
        .select({ fromOrderId: mergedFrom, intoOrderNo: orders.orderNo })
        .from(auditLog)
        .innerJoin(orders, eq(orders.id, auditLog.orderId))
        .where(and(eq(auditLog.kind, 'merge'), inArray(mergedFrom, cancelled)))
    : [];
  // Only a completed order has a sale invoice: the open orders of the counter's hot path ask for none.
  const completed = rows.filter((row) => row.order.status === 'completed').map((row) => row.order.id);
  const invoices = await saleInvoicesOf(db, completed);
  const byId = new Map(rows.map((row) => [row.order.id, row]));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        ...row,
        mergedIntoOrderNo: merges.find((merge) => merge.fromOrderId === id)?.intoOrderNo ?? null,
        lines: lines.filter((line) => line.orderId === id),
        rounds: rounds.filter(({ round }) => round.orderId === id),
        billParts: parts.filter((part) => part.orderId === id),
        payments: payments.filter(({ payment }) => payment.orderId === id),
        refunds: refunds.filter((refund) => refund.orderId === id),
        invoice: invoices.get(id) ?? null,
      },
    ];
  });
}

function filterConditions(branchId: string, filter: OrderFilter) {
  return and(
    eq(orders.branchId, branchId),
    filter.startDate ? gte(orders.createdAt, filter.startDate) : undefined,
    filter.endDate ? lte(orders.createdAt, filter.endDate) : undefined,
    filter.statuses?.length ? inArray(orders.status, filter.statuses) : undefined,
    filter.tableId ? eq(orders.tableId, filter.tableId) : undefined,
    filter.customerId ? eq(orders.customerId, filter.customerId) : undefined,
  );
}

/** One page of the branch's ids, newest (or oldest) first, and the number of matching orders. */
export async function pageOrderIds(
  db: Executor,
  branchId: string,
  filter: OrderFilter,
  page: { offset: number; limit: number; sort: 'newest' | 'oldest' },
) {
  const direction = page.sort === 'oldest' ? asc : desc;
  const where = filterConditions(branchId, filter);
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

export async function orderExists(db: Executor, branchId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.branchId, branchId), eq(orders.id, id)));
  return row !== undefined;
}

/**
 * Locks the branch's order row for the rest of the transaction, so two status changes never interleave; an
 * order of another branch is not found.
 */
export async function lockOrder(db: Executor, branchId: string, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.branchId, branchId), eq(orders.id, id)))
    .for('update');
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

/** Order numbers are the branch's own: the same number names another order in another branch. */
export async function findOrderByNo(db: Executor, branchId: string, orderNo: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.branchId, branchId), eq(orders.orderNo, orderNo)));
  return row;
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

/** Counts one more print of an order's bill or receipt and answers which copy it is (1 for the first). */
export async function countBillPrint(
  db: Executor,
  print: { orderId: string; kind: 'bill' | 'receipt' },
): Promise<number> {
  const [row] = await db
    .insert(orderBillPrints)
    .values({ ...print, copies: 1 })
    .onConflictDoUpdate({
      target: [orderBillPrints.orderId, orderBillPrints.kind],
      set: { copies: sql`${orderBillPrints.copies} + 1`, lastPrintedAt: sql`now()` },
    })
    .returning({ copies: orderBillPrints.copies });
  return row!.copies;
}
