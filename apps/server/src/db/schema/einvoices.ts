import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CompanyInvoiceBuyer, EinvoiceProvider, EinvoiceStatus } from '@quan/contract/einvoice';
import type { EInvoiceLine, EInvoiceTaxByRate } from '../../modules/einvoices/provider';
import { branches } from './branches';
import { orders } from './orders';

/**
 * A branch's account at its e-invoice provider. The password is kept to sign in with and never leaves the server:
 * no call returns it and no log writes it.
 */
export const einvoiceSettings = pgTable('einvoice_settings', {
  branchId: uuid('branch_id')
    .primaryKey()
    .references(() => branches.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<EinvoiceProvider>().notNull(),
  signInUrl: text('sign_in_url').notNull(),
  apiUrl: text('api_url').notNull(),
  username: text('username').notNull(),
  password: text('password').notNull(),
  sellerTaxCode: text('seller_tax_code').notNull(),
  templateCode: text('template_code').notNull(),
  invoiceSeries: text('invoice_series').notNull(),
  /** Completed orders are invoiced by themselves only while it is on. */
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The invoices a branch issues, and the queue that issues them: a row is written in the transaction that
 * completes the order (or refunds it), with its transaction id fixed there, before any call to the provider.
 * A worker takes due rows under a lease; after a try whose outcome is unknown (no answer, a crash) it looks the
 * invoice up by that id before it sends again, so an order never has two invoices.
 *
 * - `sale`: the order's invoice, to a walk-in buyer or to the company the guest named.
 * - `adjustment`: a partial refund's reduction of the sale invoice (`original_id`), its lines in `lines`.
 * A sale's cancellation (a full refund) is asked on the sale's own row: `reason` set, status `cancelling`.
 */
export const einvoices = pgTable(
  'einvoices',
  {
    id: uuid('id').primaryKey(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'sale' | 'adjustment'>().notNull(),
    /** Fixed when the row is written, before the first try; the provider keeps it to find the invoice again. */
    transactionId: text('transaction_id').notNull(),
    status: text('status').$type<EinvoiceStatus>().notNull(),
    /** null: a walk-in buyer. */
    buyer: jsonb('buyer').$type<CompanyInvoiceBuyer>(),
    /** An adjustment's lines and rates, fixed when the refund was made; a sale is built from its order. */
    lines: jsonb('lines').$type<EInvoiceLine[]>(),
    taxesByRate: jsonb('taxes_by_rate').$type<EInvoiceTaxByRate[]>(),
    /** The sale invoice an adjustment corrects. */
    originalId: uuid('original_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The worker that holds the row, and until when: another takes it over only after that. */
    leaseHolder: text('lease_holder'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** A call went out whose answer was not stored: look the invoice up before sending again. */
    outcomeUnknown: boolean('outcome_unknown').notNull().default(false),
    /** The provider's own message of the last failure, shown as it is. */
    lastError: text('last_error'),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    invoiceNumber: text('invoice_number'),
    series: text('series'),
    templateCode: text('template_code'),
    lookupCode: text('lookup_code'),
    taxAuthorityCode: text('tax_authority_code'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** Why: a sale's cancellation (the full refund's reason), or an adjustment's own (the partial refund's). */
    reason: text('reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('einvoices_transaction_id_unique').on(t.transactionId),
    uniqueIndex('einvoices_one_sale_per_order')
      .on(t.orderId)
      .where(sql`${t.kind} = 'sale'`),
    index('einvoices_order_idx').on(t.orderId),
    index('einvoices_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('waiting', 'cancelling')`),
    index('einvoices_branch_created_idx').on(t.branchId, t.createdAt),
    check('einvoices_kind_check', sql`${t.kind} in ('sale', 'adjustment')`),
    check('einvoices_status_check', sql`${t.status} in ('waiting', 'issued', 'failed', 'cancelling', 'cancelled')`),
  ],
);
