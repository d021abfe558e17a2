import type { PaymentMethod } from '@quan/contract/order';
import { bigint, date, index, integer, pgTable, smallint, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Completed orders summed per branch, local day, hour and payment method, kept up to date in the transaction
 * that completes an order. Revenue figures read these few rows instead of the orders, so a restaurant with
 * years of history answers as fast as a new one. Days and hours are in the branch's `sales_rollup_state.timezone`.
 */
export const salesByHour = pgTable(
  'sales_by_hour',
  {
    branchId: uuid('branch_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    orders: integer('orders').notNull(),
    guests: integer('guests').notNull(),
  },
  (t) => [uniqueIndex('sales_by_hour_key').on(t.branchId, t.day, t.hour, t.paymentMethod)],
);

/** What each dish sold per local day (line totals, before discount and tax), for top dishes and categories. */
export const itemSalesByDay = pgTable(
  'item_sales_by_day',
  {
    branchId: uuid('branch_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The dish when it sold; no foreign key, so it stays after the dish is deleted (its name too). */
    itemId: uuid('item_id'),
    categoryId: uuid('category_id'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('item_sales_by_day_key').on(t.branchId, t.day, t.itemId, t.categoryId, t.name).nullsNotDistinct(),
    index('item_sales_by_day_category_idx').on(t.categoryId),
  ],
);

/**
 * The time zone each branch's sums above were built in. No row or a null zone until the first build; a
 * different zone in the branch's settings makes its next report rebuild them from its orders.
 */
export const salesRollupState = pgTable('sales_rollup_state', {
  branchId: uuid('branch_id').primaryKey(),
  timezone: text('timezone'),
});
