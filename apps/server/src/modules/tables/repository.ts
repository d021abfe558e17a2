import type { OrderStatus } from '@quan/contract/order';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { diningTables } from '../../db/schema/tables';

export type TableRow = typeof diningTables.$inferSelect;

const withCurrentOrder = {
  table: diningTables,
  currentOrder: { id: orders.id, orderNo: orders.orderNo, customerName: orders.customerName, status: orders.status },
};

export type TableWithOrder = {
  table: TableRow;
  currentOrder: { id: string; orderNo: number; customerName: string; status: OrderStatus } | null;
};

export async function listTables(db: Executor, branchId: string): Promise<TableWithOrder[]> {
  return db
    .select(withCurrentOrder)
    .from(diningTables)
    .leftJoin(orders, eq(orders.id, diningTables.currentOrderId))
    .where(eq(diningTables.branchId, branchId))
    .orderBy(asc(diningTables.tableNo));
}

/** A table of this branch; another branch's id finds nothing. */
export async function findTable(db: Executor, branchId: string, id: string): Promise<TableWithOrder | undefined> {
  const [row] = await db
    .select(withCurrentOrder)
    .from(diningTables)
    .leftJoin(orders, eq(orders.id, diningTables.currentOrderId))
    .where(and(eq(diningTables.id, id), eq(diningTables.branchId, branchId)));
  return row;
}

export async function findTableByNumber(
  db: Executor,
  branchId: string,
  tableNo: number,
): Promise<TableRow | undefined> {
  const [row] = await db
    .select()
    .from(diningTables)
    .where(and(eq(diningTables.branchId, branchId), eq(diningTables.tableNo, tableNo)));
  return row;
}

export async function findTableRow(db: Executor, branchId: string, id: string): Promise<TableRow | undefined> {
  const [row] = await db
    .select()
    .from(diningTables)
    .where(and(eq(diningTables.id, id), eq(diningTables.branchId, branchId)));
  return row;
}

export async function insertTable(db: Executor, values: typeof diningTables.$inferInsert): Promise<void> {
  await db.insert(diningTables).values(values);
}

export async function updateTable(
  db: Executor,
  branchId: string,
  id: string,
  changes: Partial<typeof diningTables.$inferInsert>,
) {
  const rows = await db
    .update(diningTables)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(diningTables.id, id), eq(diningTables.branchId, branchId)))
    .returning({ id: diningTables.id });
  return rows.length > 0;
}

/**
 * Seats an order only if no order holds the table (the condition makes two orders racing for it safe) and
 * the table is of the order's branch.
 */
export async function seatOrder(db: Executor, branchId: string, tableId: string, orderId: string): Promise<boolean> {
  const rows = await db
    .update(diningTables)
    .set({ status: 'booked', currentOrderId: orderId, updatedAt: sql`now()` })
    .where(and(eq(diningTables.id, tableId), eq(diningTables.branchId, branchId), isNull(diningTables.currentOrderId)))
    .returning({ id: diningTables.id });
  return rows.length > 0;
}

/** Frees the table only if it still holds this order. */
export async function releaseOrder(db: Executor, tableId: string, orderId: string): Promise<boolean> {
  const rows = await db
    .update(diningTables)
    .set({ status: 'available', currentOrderId: null, updatedAt: sql`now()` })
    .where(and(eq(diningTables.id, tableId), eq(diningTables.currentOrderId, orderId)))
    .returning({ id: diningTables.id });
  return rows.length > 0;
}

export async function deleteTable(db: Executor, branchId: string, id: string): Promise<void> {
  await db.delete(diningTables).where(and(eq(diningTables.id, id), eq(diningTables.branchId, branchId)));
}
