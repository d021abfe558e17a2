import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import type { PrintJobError, PrintJobKind, PrinterCodepage, PrinterMode, PrinterStatus } from '@quan/contract/printers';
import type { PrintPayload } from '../../modules/printing/payload';
import { branches } from './branches';
import { stations } from './menu';
import { orders } from './orders';
import { users } from './users';

/**
 * A print bridge: a small program on a machine in the restaurant that takes the branch's print jobs over HTTPS
 * and sends them to printers on its network, for a Quán that runs elsewhere (in the cloud). It signs in with a
 * key made on the Printers screen; only the key's hash is kept.
 */
export const printBridges = pgTable(
  'print_bridges',
  {
    id: uuid('id').primaryKey(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the key, hex: a leaked database does not hand out working keys. */
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('print_bridges_key_hash_unique').on(t.keyHash), index('print_bridges_branch_idx').on(t.branchId)],
);

/**
 * A branch's network thermal printers (raw TCP, ESC/POS). What each prints is said here; the jobs it has to
 * print wait in `print_jobs`.
 */
export const printers = pgTable(
  'printers',
  {
    id: uuid('id').primaryKey(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** An IP address on the restaurant's network (private or loopback): the server connects nowhere else. */
    host: text('host').notNull(),
    port: integer('port').notNull().default(9100),
    /** 80 mm paper is 576 dots wide, 58 mm 384. */
    paperWidth: integer('paper_width').$type<80 | 58>().notNull().default(80),
    /** Raster draws every glyph from the bundled font; text sends the printer's own Vietnamese code page. */
    mode: text('mode').$type<PrinterMode>().notNull().default('raster'),
    codepage: text('codepage').$type<PrinterCodepage>(),
    /** Bills on request ("phiếu tạm tính"). */
    printsBills: boolean('prints_bills').notNull().default(false),
    /** Receipts by themselves once an order is paid. */
    printsReceipts: boolean('prints_receipts').notNull().default(false),
    printsZReports: boolean('prints_z_reports').notNull().default(false),
    /** A cash drawer hangs on it: it opens on a cash payment and on a manager's "Open drawer". */
    hasDrawer: boolean('has_drawer').notNull().default(false),
    /** Where its jobs go once they have waited `fallback_after_seconds` for it. */
    fallbackPrinterId: uuid('fallback_printer_id').references((): AnyPgColumn => printers.id, {
      onDelete: 'set null',
    }),
    fallbackAfterSeconds: integer('fallback_after_seconds').notNull().default(60),
    /** The print bridge that reaches it; null: this server connects to it itself. */
    bridgeId: uuid('bridge_id').references(() => printBridges.id, { onDelete: 'set null' }),
    /** The last status read, and when. */
    status: text('status').$type<PrinterStatus>(),
    statusAt: timestamp('status_at', { withTimezone: true }),
    /**
     * Who sends this printer's jobs (an instance's worker, or a bridge) and until when: one sender at a time, so
     * a chain of instances prints a given job once. Renewed before each job; only its holder releases it.
     */
    leaseHolder: text('lease_holder'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Since when its jobs fail to print; null while it prints. Its fallback takes over once this is old enough. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('printers_branch_name_unique').on(t.branchId, sql`lower(${t.name})`),
    check('printers_paper_width', sql`${t.paperWidth} in (58, 80)`),
    check('printers_port', sql`${t.port} between 1 and 65535`),
    check('printers_fallback_after', sql`${t.fallbackAfterSeconds} between 10 and 3600`),
  ],
);

/** The stations whose kitchen tickets a printer prints (rounds, voids, moves). */
export const printerStations = pgTable(
  'printer_stations',
  {
    printerId: uuid('printer_id')
      .notNull()
      .references(() => printers.id, { onDelete: 'cascade' }),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.printerId, t.stationId] }), index('printer_stations_station_idx').on(t.stationId)],
);

/**
 * The durable print queue. A job is written in the transaction that causes it (a round sent, a payment), so
 * a restart loses none; a printer's jobs print in `seq` order, each once, and wait while it is off.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    printerId: uuid('printer_id')
      .notNull()
      .references(() => printers.id, { onDelete: 'cascade' }),
    /** The printer it was meant for, when it went to that printer's fallback. */
    redirectedFromId: uuid('redirected_from_id').references(() => printers.id, { onDelete: 'set null' }),
    kind: text('kind').$type<PrintJobKind>().notNull(),
    payload: jsonb('payload').$type<PrintPayload>().notNull(),
    opensDrawer: boolean('opens_drawer').notNull().default(false),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    roundNo: integer('round_no'),
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
    /**
     * What caused it, with the printer first meant (`round:<order>:<n>:<station>@<printer>`): the same cause
     * queues one job, whatever retries the request or the event.
     */
    causeKey: text('cause_key'),
    status: text('status').$type<'queued' | 'printed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** An earlier try may have put part of it on paper (cut off mid-way, or the sender stopped): it prints as IN LẠI. */
    mayHavePrinted: boolean('may_have_printed').notNull().default(false),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error').$type<PrintJobError>(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    printedAt: timestamp('printed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('print_jobs_cause_unique').on(t.causeKey),
    index('print_jobs_queued_idx')
      .on(t.printerId, t.seq)
      .where(sql`${t.status} = 'queued'`),
    index('print_jobs_branch_order_idx').on(t.branchId, t.orderId),
  ],
);
