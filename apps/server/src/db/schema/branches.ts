import type { BankAccount, ServiceChargeSettings } from '@quan/contract/settings';
import type { BranchRole } from '@quan/contract/branch';
import type { Language } from '@quan/contract/language';
import type { ReservationSettings } from '@quan/contract/reservations';
import { defaultSettings } from '@quan/contract/settings';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { coupons } from './coupons';
import { ingredients } from './ingredients';
import { items, options, stations } from './menu';
import { users } from './users';

/**
 * The organisation's shops. Everything that happens in a place (tables, stations, shifts, stock, orders,
 * reservations) carries its branch; the settings a place decides for itself live here, beside its
 * name, and the chain's live in `restaurant_settings`. The first branch (lowest `position`) is the one
 * the original diner links open.
 */
export const branches = pgTable(
  'branches',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** Lower case; the branch's part of its diner links (`/b/<slug>/…`). */
    slug: text('slug').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    taxCode: text('tax_code').notNull().default(''),
    receiptHeader: text('receipt_header').notNull().default(''),
    position: integer('position').notNull(),
    /**
     * The next order number of this branch, taken by the statement that inserts the order: the row stays
     * locked until that order commits (the branch's new orders commit one after the other), and an order
     * that fails gives its number back, so the numbers have no gaps.
     */
    nextOrderNo: integer('next_order_no').notNull().default(1001),
    timezone: text('timezone').notNull().default(defaultSettings.timezone),
    /** The account this branch's guests transfer to through VietQR; null until an admin sets it. */
    bank: jsonb('bank').$type<BankAccount>(),
    serviceCharge: jsonb('service_charge')
      .$type<ServiceChargeSettings>()
      .notNull()
      .default(defaultSettings.serviceCharge),
    /** The staff screens' language in this branch, unless a person chose theirs. */
    language: text('language').$type<Language>().notNull().default(defaultSettings.language),
    reservations: jsonb('reservations').$type<ReservationSettings>().notNull().default(defaultSettings.reservations),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('branches_slug_unique').on(t.slug),
    uniqueIndex('branches_position_unique').on(t.position),
    check('branches_language_check', sql`${t.language} in ('vi', 'en')`),
  ],
);

/** The branches a person works in and their role in each. Admins (the owners) hold every branch and have no rows. */
export const branchMembers = pgTable(
  'branch_members',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    role: text('role').$type<BranchRole>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.branchId] }),
    index('branch_members_branch_idx').on(t.branchId),
    check('branch_members_role_check', sql`${t.role} in ('manager', 'staff')`),
  ],
);

/** A branch's own price or availability of a dish; a null price is the menu's. No row: as the menu says. */
export const branchItems = pgTable(
  'branch_items',
  {
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    price: integer('price'),
    /** False: this branch does not sell the dish (absent from its POS and its public menu). */
    isSold: boolean('is_sold').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.itemId] }),
    index('branch_items_item_idx').on(t.itemId),
    check('branch_items_price_not_negative', sql`${t.price} is null or ${t.price} >= 0`),
  ],
);

/** A branch's own price difference or availability of an option; a null delta is the option's. */
export const branchOptions = pgTable(
  'branch_options',
  {
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id')
      .notNull()
      .references(() => options.id, { onDelete: 'cascade' }),
    priceDelta: integer('price_delta'),
    isSold: boolean('is_sold').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.optionId] }), index('branch_options_option_idx').on(t.optionId)],
);

/**
 * The chain's stations a branch runs. A station without a row here is in use (a new station opens in every
 * branch); a branch that does not run one (no grill in a small shop) sends its dishes to its first station
 * in use, so the menu's routing stays the chain's.
 */
export const branchStations = pgTable(
  'branch_stations',
  {
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    inUse: boolean('in_use').notNull(),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.stationId] }), index('branch_stations_station_idx').on(t.stationId)],
);

/** The branches a coupon is limited to; a coupon without rows is good in every branch. */
export const couponBranches = pgTable(
  'coupon_branches',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.branchId] })],
);

/**
 * What a branch holds of each ingredient of the chain's catalogue. Every change of `quantity` writes a row
 * of `ingredient_history` (with the branch) in the same transaction. No row: none held yet.
 */
export const branchStock = pgTable(
  'branch_stock',
  {
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    ingredientId: uuid('ingredient_id')
      .notNull()
      .references(() => ingredients.id, { onDelete: 'cascade' }),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
    lowStockThreshold: numeric('low_stock_threshold', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.ingredientId] }),
    index('branch_stock_ingredient_idx').on(t.ingredientId),
    check('branch_stock_quantity_not_negative', sql`${t.quantity} >= 0`),
    check('branch_stock_threshold_not_negative', sql`${t.lowStockThreshold} >= 0`),
  ],
);

/**
 * Goods sent from one branch's stock to another's: sent (the sender's stock has left), then received with
 * what arrived (the receiver's stock rises by it; a difference keeps its reason). The cost travels with
 * the goods at the sender's cost when sent.
 */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: uuid('id').primaryKey(),
    /** Short number people say ("transfer 12"); one sequence for the chain. */
    transferNo: integer('transfer_no').generatedAlwaysAsIdentity({ startWith: 1 }),
    fromBranchId: uuid('from_branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    toBranchId: uuid('to_branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    status: text('status').$type<'sent' | 'received'>().notNull(),
    note: text('note').notNull().default(''),
    sentById: uuid('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    receivedById: uuid('received_by_id').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_transfers_transfer_no_unique').on(t.transferNo),
    index('stock_transfers_from_idx').on(t.fromBranchId, t.sentAt),
    index('stock_transfers_to_idx').on(t.toBranchId, t.sentAt),
    check('stock_transfers_status_check', sql`${t.status} in ('sent', 'received')`),
    check('stock_transfers_two_branches', sql`${t.fromBranchId} <> ${t.toBranchId}`),
  ],
);

export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => stockTransfers.id, { onDelete: 'cascade' }),
    ingredientId: uuid('ingredient_id')
      .notNull()
      .references(() => ingredients.id, { onDelete: 'restrict' }),
    sent: numeric('sent', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    /** Null until received. */
    received: numeric('received', { precision: 14, scale: 3, mode: 'number' }),
    /** Why what arrived differs from what was sent ("one bag torn"); empty when it does not. */
    differenceReason: text('difference_reason').notNull().default(''),
    /** Whole VND per unit when sent: the money that left the sender with the goods. */
    unitCost: numeric('unit_cost', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.transferId, t.ingredientId] }),
    check('stock_transfer_lines_sent_positive', sql`${t.sent} > 0`),
    check('stock_transfer_lines_received_not_negative', sql`${t.received} is null or ${t.received} >= 0`),
  ],
);
