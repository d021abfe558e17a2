import type { StockTransferStatus } from '@quan/contract/stock-transfer';
import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { branches, stockTransferLines, stockTransfers } from '../../db/schema/branches';
import { ingredients } from '../../db/schema/ingredients';
import { users } from '../../db/schema/users';

export type TransferRow = typeof stockTransfers.$inferSelect;

export async function insertTransfer(
  db: Executor,
  values: Omit<typeof stockTransfers.$inferInsert, 'transferNo'>,
): Promise<TransferRow> {
  const [row] = await db.insert(stockTransfers).values(values).returning();
  if (!row) throw new Error('insert into stock_transfers returned no row');
  return row;
}

export async function insertTransferLines(db: Executor, lines: (typeof stockTransferLines.$inferInsert)[]) {
  await db.insert(stockTransferLines).values(lines);
}

/** Locks the transfer for the rest of the transaction: two people receiving it at once are one after the other. */
export async function lockTransfer(db: Executor, id: string): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(stockTransfers).where(eq(stockTransfers.id, id)).for('update');
  return row;
}

/** The transfer's lines with their catalogue ingredient, by ingredient name. */
export async function linesOf(db: Executor, transferIds: string[]) {
  if (transferIds.length === 0) return [];
  return db
    .select({ line: stockTransferLines, ingredient: ingredients })
    .from(stockTransferLines)
    .innerJoin(ingredients, eq(ingredients.id, stockTransferLines.ingredientId))
    .where(inArray(stockTransferLines.transferId, transferIds))
    .orderBy(asc(sql`lower(${ingredients.name})`));
}

export async function markLineReceived(
  db: Executor,
  line: { transferId: string; ingredientId: string; received: number; differenceReason: string },
): Promise<void> {
  await db
    .update(stockTransferLines)
    .set({ received: line.received, differenceReason: line.differenceReason })
    .where(
      and(eq(stockTransferLines.transferId, line.transferId), eq(stockTransferLines.ingredientId, line.ingredientId)),
    );
}

export async function markReceived(db: Executor, id: string, receivedById: string): Promise<void> {
  await db
    .update(stockTransfers)
    .set({ status: 'received', receivedById, receivedAt: sql`now()` })
    .where(eq(stockTransfers.id, id));
}

/** Another branch of the chain, to send to: the branches other than this one, in the chain's order. */
export async function otherBranches(db: Executor, branchId: string) {
  return db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(ne(branches.id, branchId))
    .orderBy(asc(branches.position));
}

const fromBranch = alias(branches, 'from_branch');
const toBranch = alias(branches, 'to_branch');
const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

/** A transfer the branch sent or receives: another branch's transfers are not there for it. */
const involves = (branchId: string) =>
  or(eq(stockTransfers.fromBranchId, branchId), eq(stockTransfers.toBranchId, branchId));

function selectTransfers(db: Executor) {
  return db
    .select({
      transfer: stockTransfers,
      from: { id: fromBranch.id, name: fromBranch.name },
      to: { id: toBranch.id, name: toBranch.name },
      sentBy: { id: sender.id, name: sender.name },
      receivedBy: { id: receiver.id, name: receiver.name },
    })
    .from(stockTransfers)
    .innerJoin(fromBranch, eq(fromBranch.id, stockTransfers.fromBranchId))
    .innerJoin(toBranch, eq(toBranch.id, stockTransfers.toBranchId))
    .leftJoin(sender, eq(sender.id, stockTransfers.sentById))
    .leftJoin(receiver, eq(receiver.id, stockTransfers.receivedById));
}

export type TransferHead = NonNullable<Awaited<ReturnType<typeof findTransfer>>>;

/** One transfer as the branch sees it; undefined when it neither sent nor receives it. */
export async function findTransfer(db: Executor, branchId: string, id: string) {
  const [row] = await selectTransfers(db).where(and(eq(stockTransfers.id, id), involves(branchId)));
  return row;
}

/** One page of the branch's transfers, in and out, newest first. */
export async function pageTransfers(
  db: Executor,
  branchId: string,
  filter: { status?: StockTransferStatus },
  page: { offset: number; limit: number },
) {
  const where = and(involves(branchId), filter.status ? eq(stockTransfers.status, filter.status) : undefined);
  const [rows, [total]] = await Promise.all([
    selectTransfers(db)
      .where(where)
      .orderBy(desc(stockTransfers.sentAt), desc(stockTransfers.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(stockTransfers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
