import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';
import { DEFAULT_PRINTER_PORT, printerHostSchema, printerPortSchema } from './printer-address';
import { lineText } from './text-fields';

/**
 * A branch's network thermal printer (ESC/POS over raw TCP, port 9100): what it prints, and where its jobs go
 * when it is off. Kitchen tickets, bills, receipts, Z reports and the cash drawer reach it by themselves
 * through a queue that keeps every job until the printer takes it.
 */
export const printerModes = ['raster', 'text'] as const;
export type PrinterMode = (typeof printerModes)[number];
/** The Vietnamese code pages a printer may have, for text mode. */
export const printerCodepages = ['tcvn3', 'viscii', 'windows1258'] as const;
export type PrinterCodepage = (typeof printerCodepages)[number];
export const paperWidths = [80, 58] as const;

/** What the printer said when last asked; `no_answer`: it took the connection but answers no status (many do). */
export const printerStatuses = ['online', 'paper_out', 'cover_open', 'offline', 'unreachable', 'no_answer'] as const;
export type PrinterStatus = (typeof printerStatuses)[number];

export const printJobKinds = [
  'kitchen_ticket',
  'void_ticket',
  'notice',
  'bill',
  'receipt',
  'z_report',
  'test_page',
  'drawer',
] as const;
export type PrintJobKind = (typeof printJobKinds)[number];

export const printerSchema = z.object({
  _id: idSchema,
  name: z.string(),
  host: z.string(),
  port: z.int32(),
  paperWidth: z.union([z.literal(80), z.literal(58)]),
  mode: z.enum(printerModes),
  codepage: z.enum(printerCodepages).nullable(),
  /** The stations whose kitchen tickets it prints (rounds, voids, table moves). */
  stationIds: z.array(idSchema),
  printsBills: z.boolean(),
  printsReceipts: z.boolean(),
  printsZReports: z.boolean(),
  hasDrawer: z.boolean(),
  fallbackPrinterId: idSchema.nullable(),
  /** How long a job waits for this printer before it goes to the fallback. */
  fallbackAfterSeconds: z.int32(),
  /** The print bridge that reaches it from the restaurant's network; null: the server connects itself. */
  bridgeId: idSchema.nullable(),
  status: z.enum(printerStatuses).nullable(),
  statusAt: isoDateTimeSchema.nullable(),
  /** Jobs waiting for it, oldest first. */
  queued: z.int32(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Printer = z.infer<typeof printerSchema>;

const printerFields = {
  name: lineText().min(1, 'Name cannot be empty').max(40, 'Name can be at most 40 characters'),
  host: printerHostSchema,
  port: printerPortSchema,
  paperWidth: z.union([z.literal(80), z.literal(58)], 'Paper is 80 or 58 mm wide'),
  mode: z.enum(printerModes, 'Choose raster or text printing'),
  codepage: z.enum(printerCodepages, 'Choose TCVN-3, VISCII or Windows-1258').nullable(),
  stationIds: z.array(idSchema).max(50),
  printsBills: z.boolean(),
  printsReceipts: z.boolean(),
  printsZReports: z.boolean(),
  hasDrawer: z.boolean(),
  fallbackPrinterId: idSchema.nullable(),
  fallbackAfterSeconds: z
    .int32('Seconds must be a whole number')
    .min(10, 'Wait at least 10 seconds before the fallback')
    .max(3600, 'Wait at most an hour before the fallback'),
  bridgeId: idSchema.nullable(),
};

export const createPrinterBodySchema = z
  .strictObject({
    ...printerFields,
    port: printerPortSchema.default(DEFAULT_PRINTER_PORT),
    paperWidth: printerFields.paperWidth.default(80),
    mode: printerFields.mode.default('raster'),
    codepage: printerFields.codepage.default(null),
    stationIds: printerFields.stationIds.default([]),
    printsBills: printerFields.printsBills.default(false),
    printsReceipts: printerFields.printsReceipts.default(false),
    printsZReports: printerFields.printsZReports.default(false),
    hasDrawer: printerFields.hasDrawer.default(false),
    fallbackPrinterId: printerFields.fallbackPrinterId.default(null),
    fallbackAfterSeconds: printerFields.fallbackAfterSeconds.default(60),
    bridgeId: printerFields.bridgeId.default(null),
  })
  .refine((body) => body.mode !== 'text' || body.codepage !== null, {
    path: ['codepage'],
    message: 'Text printing needs the printer’s code page',
  });
export type CreatePrinterBody = z.infer<typeof createPrinterBodySchema>;

export const updatePrinterBodySchema = z.strictObject(printerFields).partial();
export type UpdatePrinterBody = z.infer<typeof updatePrinterBodySchema>;

/**
 * Why a waiting job's last try failed: the printer out of reach (`unreachable`, `timeout`, `reset`, `offline`, or an
 * address off the restaurant's network, `refused_address`), out of paper, its cover open; `in_flight`: a try has
 * begun and not answered yet.
 */
export const printJobErrors = [
  'unreachable',
  'timeout',
  'reset',
  'refused_address',
  'paper_out',
  'cover_open',
  'offline',
  'in_flight',
] as const;
export type PrintJobError = (typeof printJobErrors)[number];

/** A job still waiting for its printer, for the screens that say which tickets have not printed. */
export const queuedPrintJobSchema = z.object({
  _id: idSchema,
  printerId: idSchema,
  kind: z.enum(printJobKinds),
  orderId: idSchema.nullable(),
  roundNo: z.int32().nullable(),
  stationId: idSchema.nullable(),
  attempts: z.int32(),
  lastError: z.enum(printJobErrors).nullable(),
  createdAt: isoDateTimeSchema,
});
export type QueuedPrintJob = z.infer<typeof queuedPrintJobSchema>;

/**
 * A print bridge: a program on a machine in the restaurant (`npm run print-bridge`) that takes the branch's
 * print jobs over HTTPS and sends them to the printers on its network, when Quán runs elsewhere. Its key is shown
 * once, when it is made; revoked, the bridge is refused at once.
 */
export const printBridgeSchema = z.object({
  _id: idSchema,
  name: z.string(),
  createdAt: isoDateTimeSchema,
  lastSeenAt: isoDateTimeSchema.nullable(),
  revokedAt: isoDateTimeSchema.nullable(),
});
export type PrintBridge = z.infer<typeof printBridgeSchema>;

export const createPrintBridgeBodySchema = z.strictObject({
  name: lineText().min(1, 'Name cannot be empty').max(40, 'Name can be at most 40 characters'),
});
export type CreatePrintBridgeBody = z.infer<typeof createPrintBridgeBodySchema>;

/** The answer to making a bridge: the key, this once, for the bridge's command line. */
export const createdPrintBridgeSchema = printBridgeSchema.extend({ key: z.string() });
export type CreatedPrintBridge = z.infer<typeof createdPrintBridgeSchema>;

/** GET /api/print-bridge/next: the next job the bridge sends, encoded for its printer (bytes in base64). */
export const bridgeJobSchema = z.object({
  jobId: idSchema,
  /** Which try of the job this is: the result names it, so that a late answer about an earlier try changes nothing. */
  attempt: z.int32(),
  printer: z.object({ _id: idSchema, name: z.string(), host: z.string(), port: z.int32() }),
  bytes: z.string(),
});
export type BridgeJob = z.infer<typeof bridgeJobSchema>;

export const bridgeFailures = ['unreachable', 'timeout', 'reset', 'refused_address'] as const;
/** POST /api/print-bridge/jobs/{id}/result: what became of a job the bridge sent. */
export const bridgeJobResultBodySchema = z.strictObject({
  attempt: z.int32().min(1),
  printed: z.boolean(),
  failure: z.enum(bridgeFailures).optional(),
});
export type BridgeJobResultBody = z.infer<typeof bridgeJobResultBodySchema>;
