import type { StockChangeReason } from '@quan/contract/ingredient';
import { sql } from 'drizzle-orm';
import { check, integer, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { branches, stockTransfers } from './branches';
import { ingredients } from './ingredients';
import { orders } from './orders';
import { users } from './users';

/**
 * Every change of a branch's stock of an ingredient, written in the same transaction as the change. The rows of an
 * order are also what its cancellation gives back, so a recipe edited in between changes nothing.
 */
export const ingredientHistory = pgTable(
  'ingredient_history',
  {
    id: uuid('id').primaryKey(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    ingredientId: uuid('ingredient_id')
      .notNull()
      .references(() => ingredients.id, { onDelete: 'cascade' }),
    /** Signed: + in, − out. */
    change: numeric('change', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    quantityAfter: numeric('quantity_after', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    reason: text('reason').$type<StockChangeReason>().notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The order's round whose dishes took (or gave back) this stock. */
    roundNo: integer('round_no'),
    /** The stock transfer that took this stock out of one branch or brought it into another. */
    transferId: uuid('transfer_id').references(() => stockTransfers.id),
    note: text('note').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ingredient_history_branch_ingredient_created_idx').on(t.branchId, t.ingredientId, t.createdAt),
    index('ingredient_history_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    check(
      'ingredient_history_reason_check',
      sql`${t.reason} in ('initial', 'restock', 'adjustment', 'waste', 'order', 'order_cancelled', 'transfer_out', 'transfer_in')`,
    ),
  ],
);
