import type { BankNotificationOutcome, PaymentMethod } from '@quan/contract/payments';
import type { ErrorParams } from '@quan/contract/common';
import type { NoteCounts } from '@quan/contract/shifts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { orders } from './orders';
import { users } from './users';

/**
 * A shift of one cash drawer: opened with the float counted, closed with the drawer counted. At most one
 * is open per device. The expected cash is frozen at closing, so later refunds never rewrite a closed shift.
 */
export const shifts = pgTable(
  'shifts',
  {
    id: uuid('id').primaryKey(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    shiftNo: integer('shift_no').generatedAlwaysAsIdentity({ startWith: 1 }),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name').notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull(),
    openedById: uuid('opened_by_id').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openingFloat: integer('opening_float').notNull(),
    closedById: uuid('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    countedCash: integer('counted_cash'),
    noteCounts: jsonb('note_counts').$type<NoteCounts>(),
    expectedCash: integer('expected_cash'),
    note: text('note').notNull().default(''),
    reopenCount: integer('reopen_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('shifts_shift_no_unique').on(t.shiftNo),
    uniqueIndex('shifts_one_open_per_device')
      .on(t.deviceId)
      .where(sql`${t.status} = 'open'`),
    index('shifts_branch_opened_at_idx').on(t.branchId, t.openedAt),
    check('shifts_status_check', sql`${t.status} in ('open', 'closed')`),
    check('shifts_money_not_negative', sql`${t.openingFloat} >= 0 and coalesce(${t.countedCash}, 0) >= 0`),
  ],
);

/** Each payment towards an order's bill (or a part of its split bill); refunds are kept beside it. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
    partNo: integer('part_no'),
    method: text('method').$type<PaymentMethod>().notNull(),
    amount: integer('amount').notNull(),
    tip: integer('tip').notNull().default(0),
    /** Cash only: what the guest handed over; the change is tendered − amount − tip. */
    tendered: integer('tendered'),
    takenById: uuid('taken_by_id').references(() => users.id, { onDelete: 'set null' }),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
    shiftId: uuid('shift_id').references((): AnyPgColumn => shifts.id, { onDelete: 'set null' }),
    /** The bank's id of a transfer recorded from its notification: the same transfer is never paid twice. */
    bankTransactionId: text('bank_transaction_id'),
    /**
     * Cash only: what the cash rounding added to (or, negative, took off) `amount` so the guest paid in real
     * notes. The drawer holds amount + rounding; revenue stays `amount` and the Z report counts the rounding.
     */
    rounding: integer('rounding').notNull().default(0),
    /** What was refunded of `amount`, kept here so the bill's sums never add up the refunds row by row. */
    refunded: integer('refunded').notNull().default(0),
  },
  (t) => [
    index('order_payments_order_id_idx').on(t.orderId),
    index('order_payments_shift_id_idx').on(t.shiftId),
    index('order_payments_taken_at_idx').on(t.takenAt),
    uniqueIndex('order_payments_bank_transaction_unique').on(t.bankTransactionId),
    check(
      'order_payments_money_check',
      sql`${t.amount} > 0 and ${t.tip} >= 0 and ${t.refunded} between 0 and ${t.amount} and (${t.tendered} is null or ${t.tendered} >= ${t.amount} + ${t.rounding} + ${t.tip}) and (${t.rounding} = 0 or ${t.method} = 'cash')`,
    ),
    check('order_payments_method_check', sql`${t.method} in ('cash', 'card', 'transfer', 'ewallet', 'voucher')`),
  ],
);

/** A manager's refund of (part of) a payment, with the reason, in the shift of the device that gave it. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => orderPayments.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    refundedById: uuid('refunded_by_id').references(() => users.id, { onDelete: 'set null' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull().defaultNow(),
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('payment_refunds_payment_id_idx').on(t.paymentId),
    index('payment_refunds_shift_id_idx').on(t.shiftId),
    check('payment_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Cash put into or taken out of a drawer during a shift (change brought in, a supplier paid), with why. */
export const cashMovements = pgTable(
  'cash_movements',
  {
    id: uuid('id').primaryKey(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'in' | 'out'>().notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    byId: uuid('by_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cash_movements_shift_id_idx').on(t.shiftId),
    check('cash_movements_kind_check', sql`${t.kind} in ('in', 'out')`),
    check('cash_movements_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Every signed bank notification, by the bank's transaction id, with what was decided the first time it came:
 * a repeat is answered from here and never decided again (a refusal stays a refusal when the bill changes),
 * and staff apply a refused transfer to an order by hand from this list.
 */
export const bankNotifications = pgTable(
  'bank_notifications',
  {
    transactionId: text('transaction_id').primaryKey(),
    /** The branch whose account received it (by account number); null: no branch has that account. */
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    accountNumber: text('account_number'),
    transactedAt: timestamp('transacted_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** paid: matched and paid on arrival; refused: left to staff; applied: paid by a person afterwards. */
    outcome: text('outcome').$type<BankNotificationOutcome>().notNull(),
    /** Why it was refused, as the sender was told, and as a code with its values for a screen to say it. */
    reason: text('reason'),
    reasonCode: text('reason_code'),
    reasonParams: jsonb('reason_params').$type<ErrorParams>(),
    paymentId: uuid('payment_id').references((): AnyPgColumn => orderPayments.id, { onDelete: 'set null' }),
    appliedById: uuid('applied_by_id').references(() => users.id, { onDelete: 'set null' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    index('bank_notifications_refused_idx')
      .on(t.receivedAt)
      .where(sql`${t.outcome} = 'refused'`),
    check('bank_notifications_outcome_check', sql`${t.outcome} in ('paid', 'refused', 'applied')`),
    check('bank_notifications_amount_positive', sql`${t.amount} > 0`),
  ],
);
