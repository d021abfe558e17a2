import type { OrderStatus, PaymentMethod } from '@quan/contract/order';
import type { RoundStatus } from '@quan/contract/rounds';
import type { AuditKind } from '@quan/contract/audit';
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { coupons } from './coupons';
import { customers } from './customers';
import type { SoldOption } from '@quan/contract/options';
import type { TaxPart } from '@quan/contract/vat';
import type { CompanyInvoiceBuyer } from '@quan/contract/einvoice';
import { vatRate, VAT_RATE_TEXTS } from './vat-rate';
import { categories, items, stations } from './menu';
import { shifts } from './payments';
import { diningTables } from './tables';
import { users } from './users';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    /** The short number people say ("order 1042"): the branch's own sequence, from 1001 (`branches.next_order_no`). */
    orderNo: integer('order_no').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    source: text('source').$type<'pos' | 'table'>().notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull().default(''),
    guests: integer('guests').notNull(),
    customerId: uuid('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
    tableId: uuid('table_id').references((): AnyPgColumn => diningTables.id, { onDelete: 'set null' }),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull().default(0),
    /** The service-charge percent of the order's kind when it was placed (0: none). */
    serviceRate: numeric('service_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    serviceCharge: integer('service_charge').notNull().default(0),
    /** The service charge's VAT rate when it was placed. */
    serviceVatRate: vatRate('service_vat_rate').notNull(),
    /** The VAT by rate, each rounded once; their taxes add up to `tax`. */
    taxes: jsonb('taxes').$type<TaxPart[]>().notNull().default([]),
    /** Whether its prices held the VAT when it was placed: `tax` is then what the total contains, not added to it. */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    couponCode: text('coupon_code'),
    /** The coupon used, so a cancellation gives the use back to it even if its code changed since. */
    couponId: uuid('coupon_id').references((): AnyPgColumn => coupons.id, { onDelete: 'set null' }),
    paymentMethod: text('payment_method').$type<PaymentMethod>(),
    paymentStatus: text('payment_status').$type<'unpaid' | 'paid'>().notNull().default('unpaid'),
    isPreorder: boolean('is_preorder').notNull().default(false),
    note: text('note').notNull().default(''),
    /** The company the guest asked its e-invoice for (name, tax code, address, e-mail); null: a walk-in buyer. */
    invoiceBuyer: jsonb('invoice_buyer').$type<CompanyInvoiceBuyer>(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The diner's secret for following this order (random, 256 bits). Kept as is, not hashed, so a
     * repeated request (same Idempotency-Key) can hand the same token back; it only reveals the order's status.
     */
    trackingToken: text('tracking_token'),
    /** Grows with every change, so a screen holding an older copy is told (409) instead of overwriting. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The shift (cash drawer) in which it was completed: its Z report counts the order's figures. */
    shiftId: uuid('shift_id').references((): AnyPgColumn => shifts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('orders_branch_order_no_unique').on(t.branchId, t.orderNo),
    index('orders_branch_created_at_idx').on(t.branchId, t.createdAt),
    index('orders_status_created_at_idx').on(t.status, t.createdAt),
    index('orders_table_id_idx').on(t.tableId),
    index('orders_shift_id_idx').on(t.shiftId),
    // Reports read completed orders by completion time (the partial days at the edges of a range).
    // A customer's spend over the last 365 days decides their level.
    index('orders_customer_completed_idx')
      .on(t.customerId, t.completedAt)
      .where(sql`${t.status} = 'completed' and ${t.customerId} is not null`),
    index('orders_completed_at_idx')
      .on(t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    check('orders_service_vat_rate_check', sql.raw(`service_vat_rate in (${VAT_RATE_TEXTS})`)),
    check(
      'orders_status_check',
      sql`${t.status} in ('pending', 'in_progress', 'ready', 'served', 'completed', 'cancelled')`,
    ),
    check(
      'orders_money_not_negative',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.tax} >= 0 and ${t.total} >= 0`,
    ),
  ],
);

/** Each line with the name and price copied at order time, so later menu edits never rewrite a bill. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    /** The item's category at order time, for revenue by category. */
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    note: text('note').notNull().default(''),
    /** What the line still costs: price × (quantity − voided quantity). */
    total: integer('total').notNull(),
    /** The round the line was sent in (1 for the first dishes). */
    roundNo: integer('round_no').notNull().default(1),
    /** How many of `quantity` were voided; the line keeps what was ordered. */
    voidedQuantity: integer('voided_quantity').notNull().default(0),
    /** The options chosen, with their names and prices as sold; `price` already holds their changes. */
    options: jsonb('options').$type<SoldOption[]>().notNull().default([]),
    /** Its dish's VAT rate when it was ordered; its options follow it. */
    vatRate: vatRate('vat_rate').notNull(),
    /** The station the line was sent to (its dish's, its category's or the first). */
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
    /** When its station started cooking it; until then (and a short grace time) the floor may still void it. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** When its station marked it done (or the whole round went ready). */
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_lines_order_position').on(t.orderId, t.position),
    index('order_lines_item_id_idx').on(t.itemId),
    check('order_lines_voided_within_quantity', sql`${t.voidedQuantity} between 0 and ${t.quantity}`),
    check('order_lines_vat_rate_check', sql.raw(`vat_rate in (${VAT_RATE_TEXTS})`)),
  ],
);

/** Each batch of dishes sent to the kitchen for one order: its own ticket, its own status. */
export const orderRounds = pgTable(
  'order_rounds',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    no: integer('no').notNull(),
    status: text('status').$type<RoundStatus>().notNull(),
    source: text('source').$type<'pos' | 'table'>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    sentById: uuid('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.no] }),
    check('order_rounds_status_check', sql`${t.status} in ('pending', 'in_progress', 'ready', 'served', 'cancelled')`),
  ],
);

/** The parts of a split bill, each paid on its own; their amounts add up exactly to the order's bill. */
export const orderBillParts = pgTable(
  'order_bill_parts',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    no: integer('no').notNull(),
    /** The lines of a split by lines; empty for an even split. */
    lines: jsonb('lines').$type<{ position: number; quantity: number }[]>().notNull().default([]),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    serviceCharge: integer('service_charge').notNull().default(0),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    /** The method that paid most of it and when it was paid in full; its payments are in order_payments. */
    paymentMethod: text('payment_method').$type<PaymentMethod>(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidById: uuid('paid_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.no] })],
);

/**
 * Every hand-made change of money or of an order's place (voids, merges, splits, moves, refunds, the cash
 * drawer's pay-ins, counts and reopenings), written in the transaction of the change, with who made it and
 * who approved it; and the managers' approvals refused, written once the change they were for rolled back.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<AuditKind>().notNull(),
    /** The branch the change was made in; null for the chain's own (accounts, branches, the menu). */
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    approvedById: uuid('approved_by_id').references(() => users.id, { onDelete: 'set null' }),
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_kind_created_at_idx').on(t.kind, t.createdAt),
    check(
      'audit_log_kind_check',
      sql`${t.kind} in ('void', 'merge', 'split', 'move', 'refund', 'cash-movement', 'shift-close', 'shift-reopen', 'bank-transfer', 'approval-refused', 'stock-transfer', 'drawer-open', 'einvoice')`,
    ),
  ],
);

/**
 * Idempotency-Keys of the calls that change an order (placing it, a round, a status or round move, a
 * payment), scoped to who sent them and kept 24 h: a repeat with the same request answers the first result,
 * another request under the key is refused (modules/orders/idempotency.ts). A new order's key is claimed in
 * its transaction before the order row exists, so `order_id` has no foreign key.
 */
export const orderIdempotencyKeys = pgTable('order_idempotency_keys', {
  scopedKey: text('scoped_key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  orderId: uuid('order_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How many times each station's ticket of a round was printed: the second and later copies say REPRINT. */
export const kitchenTicketPrints = pgTable(
  'kitchen_ticket_prints',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    roundNo: integer('round_no').notNull(),
    /** The station's id, or '' for the whole round's ticket. */
    stationKey: text('station_key').notNull(),
    copies: integer('copies').notNull(),
    lastPrintedAt: timestamp('last_printed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.roundNo, t.stationKey] })],
);

/** How many times an order's provisional bill and its receipt were printed: later copies say REPRINT. */
export const orderBillPrints = pgTable(
  'order_bill_prints',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'bill' (before payment) or 'receipt' (once paid). */
    kind: text('kind').$type<'bill' | 'receipt'>().notNull(),
    copies: integer('copies').notNull(),
    lastPrintedAt: timestamp('last_printed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.kind] }),
    check('order_bill_prints_kind_check', sql`${t.kind} in ('bill', 'receipt')`),
  ],
);
