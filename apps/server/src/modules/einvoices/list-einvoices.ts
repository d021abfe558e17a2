import type { EinvoiceList, ListEinvoicesQuery } from '@quan/contract/einvoice';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { einvoices } from '../../db/schema/einvoices';
import { orders } from '../../db/schema/orders';

/** More than a person works through at once; a branch with this many failures has one cause to fix first. */
const LIST_LIMIT = 200;

/**
 * GET /api/einvoices?status=failed: the caller's branch's invoices in that state, oldest first, with their order's
 * number and the provider's message: the dashboard's list of invoices that need a person.
 */
export async function listEinvoices(db: Executor, branchId: string, query: ListEinvoicesQuery): Promise<EinvoiceList> {
  const found = await db
    .select({ row: einvoices, orderNo: orders.orderNo })
    .from(einvoices)
    .innerJoin(orders, eq(orders.id, einvoices.orderId))
    .where(and(eq(einvoices.branchId, branchId), eq(einvoices.status, query.status)))
    .orderBy(asc(einvoices.createdAt), asc(einvoices.id))
    .limit(LIST_LIMIT);
  return {
    items: found.map(({ row, orderNo }) => ({
      orderId: row.orderId,
      orderNo,
      kind: row.kind,
      status: row.status,
      error: row.lastError,
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
