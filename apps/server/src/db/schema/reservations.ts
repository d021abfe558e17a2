import type { SoldOption } from '@quan/contract/options';
import type { ReservationStatus } from '@quan/contract/reservations';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { customers } from './customers';
import { items } from './menu';
import { orders } from './orders';
import { diningTables } from './tables';
import { users } from './users';

/** A party booked for a time, holding its tables from `starts_at` for `duration_minutes`. */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    status: text('status').$type<ReservationStatus>().notNull().default('booked'),
    source: text('source').$type<'phone' | 'walk_in' | 'public'>().notNull(),
    name: text('name').notNull(),
    /** Digits only, as customers keep them; '' without one. */
    phone: text('phone').notNull().default(''),
    customerId: uuid('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
    partySize: integer('party_size').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    note: text('note').notNull().default(''),
    /** When the scheduler sends the pre-order to the kitchen if the guests are not there yet; null: on arrival only. */
    fireAt: timestamp('fire_at', { withTimezone: true }),
    /** The order the pre-order became; set once, in the transaction that placed it, so it fires exactly once. */
    orderId: uuid('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    /**
     * The SHA-256 of a guest's secret link (base64url) for a booking asked for online; null for the staff's.
     * The link itself is shown to the guest once and never stored.
     */
    guestKeyHash: text('guest_key_hash'),
    /**
     * For a booking asked for online: a SHA-256 of the connection it came from (an IPv6 address by its /64), so
     * that staff can decline every request from one connection at once, and a stranger's requests do not count
     * against a guest's own allowance. Not the address itself: nothing else needs it.
     */
    requestAddressHash: text('request_address_hash'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reservations_branch_starts_at_idx').on(t.branchId, t.startsAt),
    // The scheduler's question every tick: booked, not fired, due.
    index('reservations_fire_at_idx')
      .on(t.fireAt)
      .where(sql`${t.status} = 'booked' and ${t.orderId} is null and ${t.fireAt} is not null`),
    uniqueIndex('reservations_guest_key_hash_idx').on(t.guestKeyHash),
    check(
      'reservations_status_check',
      sql`${t.status} in ('requested', 'booked', 'arrived', 'done', 'cancelled', 'no_show', 'declined', 'expired')`,
    ),
    check('reservations_source_check', sql`${t.source} in ('phone', 'walk_in', 'public')`),
    check('reservations_party_size_positive', sql`${t.partySize} > 0`),
    check('reservations_duration_positive', sql`${t.durationMinutes} > 0`),
  ],
);

/** The tables a reservation holds. */
export const reservationTables = pgTable(
  'reservation_tables',
  {
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    tableId: uuid('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.reservationId, t.tableId] }),
    // The overlap check reads a table's reservations.
    index('reservation_tables_table_id_idx').on(t.tableId),
  ],
);

/** Dishes ordered ahead, priced from the menu when booked, stored as order lines store them. */
export const reservationLines = pgTable(
  'reservation_lines',
  {
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** One portion with its options. */
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    note: text('note').notNull().default(''),
    options: jsonb('options').$type<SoldOption[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.reservationId, t.position] })],
);
