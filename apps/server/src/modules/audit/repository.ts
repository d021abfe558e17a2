import type { AuditKind } from '@quan/contract/audit';
import { and, count, desc, eq, gte, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { auditLog, orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function insertEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export interface AuditFilter {
  kind?: AuditKind;
  /** Entries this person made or approved. */
  userId?: string;
  startDate?: Date;
  endDate?: Date;
}

const approvers = alias(users, 'approvers');

/**
 * One page of the branch's entries, newest first, with the names of who made and approved them and the order's
 * number.
 */
export async function pageEntries(
  db: Executor,
  branchId: string,
  filter: AuditFilter,
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(auditLog.branchId, branchId),
    filter.kind ? eq(auditLog.kind, filter.kind) : undefined,
    filter.userId ? or(eq(auditLog.actorId, filter.userId), eq(auditLog.approvedById, filter.userId)) : undefined,
    filter.startDate ? gte(auditLog.createdAt, filter.startDate) : undefined,
    filter.endDate ? lte(auditLog.createdAt, filter.endDate) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: auditLog,
        orderNo: orders.orderNo,
        actor: { id: users.id, name: users.name },
        approvedBy: { id: approvers.id, name: approvers.name },
      })
      .from(auditLog)
      .leftJoin(orders, eq(orders.id, auditLog.orderId))
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(approvers, eq(approvers.id, auditLog.approvedById))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
