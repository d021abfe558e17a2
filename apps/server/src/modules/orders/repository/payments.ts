import { and, asc, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { branches } from '../../../db/schema/branches';
import { orderBillParts, orders } from '../../../db/schema/orders';
import { bankNotifications, orderPayments, paymentRefunds } from '../../../db/schema/payments';
import { users } from '../../../db/schema/users';

// Money on an order: the parts of a split bill, payments and refunds, and the transfers a bank reported.

export type BillPartRow = typeof orderBillParts.$inferSelect;

export function listBillParts(db: Executor, orderId: string): Promise<BillPartRow[]> {
  return db.select().from(orderBillParts).where(eq(orderBillParts.orderId, orderId)).orderBy(asc(orderBillParts.no));
}

/** Replaces the parts of a split bill; the caller keeps the parts with money on them among `parts`, as they were. */
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

/** The payments taken on a bill before it was split now pay its part `partNo`. */
export async function assignWholeBillPayments(db: Executor, orderId: string, partNo: number): Promise<void> {
  await db
    .update(orderPayments)
    .set({ partNo })
    .where(and(eq(orderPayments.orderId, orderId), isNull(orderPayments.partNo)));
}

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

/** A refund: the row with its reason, and the payment's refunded sum in the same statement order. */
export async function insertRefund(db: Executor, refund: typeof paymentRefunds.$inferInsert): Promise<void> {
  await db.insert(paymentRefunds).values(refund);
  await db
    .update(orderPayments)
    .set({ refunded: sql`${orderPayments.refunded} + ${refund.amount}` })
    .where(eq(orderPayments.id, refund.paymentId));
}

/** A transfer a bank reported, kept by its transaction id with the outcome decided for it. */
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

/**
 * A notification by its transaction id, whichever branch it went to: the bank's sender asks by the id alone,
 * and is answered what was decided for it.
 */
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

/** The branch's refused notifications still waiting for a person, newest first. */
export async function listRefusedBankNotifications(
  db: Executor,
  branchId: string,
  limit: number,
): Promise<KeptBankNotification[]> {
  const rows = await db
    .select(keptNotification())
    .from(bankNotifications)
    .leftJoin(orderPayments, eq(orderPayments.id, bankNotifications.paymentId))
    .leftJoin(orders, eq(orders.id, orderPayments.orderId))
    .leftJoin(users, eq(users.id, bankNotifications.appliedById))
    .where(and(eq(bankNotifications.branchId, branchId), eq(bankNotifications.outcome, 'refused')))
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

/** Locks a notification of the branch; one that went to another branch (or to none) is not found. */
export async function lockBankNotification(
  db: Executor,
  branchId: string,
  transactionId: string,
): Promise<BankNotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(bankNotifications)
    .where(and(eq(bankNotifications.branchId, branchId), eq(bankNotifications.transactionId, transactionId)))
    .for('update');
  return row;
}

/**
 * The branches whose bank account is this account number (one, unless two branches were given the same
 * account), first branch first.
 */
export async function branchesWithAccount(db: Executor, accountNumber: string): Promise<string[]> {
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(sql`${branches.bank}->>'accountNumber' = ${accountNumber}`)
    .orderBy(asc(branches.position));
  return rows.map((row) => row.id);
}

/** Every branch, first first, with whether it has a bank account set. */
export async function branchAccounts(db: Executor): Promise<{ id: string; hasBank: boolean }[]> {
  const rows = await db
    .select({ id: branches.id, hasBank: sql<boolean>`coalesce(${branches.bank}->>'accountNumber', '') <> ''` })
    .from(branches)
    .orderBy(asc(branches.position));
  return rows;
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
