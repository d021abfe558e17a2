import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { orders } from './orders';

/** The restaurant's tables (named so to tell them from database tables). */
export const diningTables = pgTable(
  'dining_tables',
  {
    id: uuid('id').primaryKey(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    tableNo: integer('table_no').notNull(),
    seats: integer('seats').notNull(),
    status: text('status').$type<'available' | 'booked'>().notNull().default('available'),
    /** The open order seated here. Set and cleared with conditional updates, so two orders never share it. */
    currentOrderId: uuid('current_order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    qrKey: text('qr_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dining_tables_branch_table_no_unique').on(t.branchId, t.tableNo),
    check('dining_tables_status_check', sql`${t.status} in ('available', 'booked')`),
  ],
);
