import type { CustomerStatus, MembershipLevel } from '@quan/contract/customer';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Loyalty customers. The counters change only with conditional, additive UPDATEs in the order's transaction. */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** Digits only, "0901234567" (see normalisePhone). */
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    address: text('address').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<CustomerStatus>().notNull().default('active'),
    membershipLevel: text('membership_level').$type<MembershipLevel>().notNull().default('bronze'),
    loyaltyPoints: integer('loyalty_points').notNull().default(0),
    totalSpent: bigint('total_spent', { mode: 'number' }).notNull().default(0),
    totalOrders: integer('total_orders').notNull().default(0),
    lastVisit: timestamp('last_visit', { withTimezone: true }),
    /** Reservations they did not come to. */
    noShowCount: integer('no_show_count').notNull().default(0),
    /** Name, phone and email folded (lower case, no accents) for search; written with every change. */
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_phone_unique').on(t.phone),
    // Trigram index: "contains" searches stay fast at 100 k customers.
    index('customers_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('customers_created_at_idx').on(t.createdAt),
    check('customers_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('customers_level_check', sql`${t.membershipLevel} in ('bronze', 'silver', 'gold', 'platinum')`),
    check(
      'customers_counters_not_negative',
      sql`${t.loyaltyPoints} >= 0 and ${t.totalSpent} >= 0 and ${t.totalOrders} >= 0`,
    ),
  ],
);
