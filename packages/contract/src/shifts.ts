import { z } from 'zod';
import { lineText, multiLineText } from './text-fields';
import { idSchema, isoDateTimeSchema } from './common';
import {
  amountSchema,
  cashNotes,
  DEVICE_ID_HEADER,
  deviceIdSchema,
  moneyReasonSchema,
  paymentMethodSchema,
} from './payments';
import { reportScopeSchema } from './report';
import { taxPartSchema } from './vat';

const personSchema = z.object({ _id: idSchema, name: z.string() });

/** The most cash a drawer is taken to hold: what the books keep as a whole number of đồng. */
export const MAX_DRAWER_CASH = 2_000_000_000;

/** A count of the drawer by note: how many of each banknote. */
export const noteCountsSchema = z
  .array(
    z.strictObject({
      note: z.union(
        cashNotes.map((note) => z.literal(note)),
        'Not a Vietnamese banknote',
      ),
      count: z.int32('Count whole notes').min(0, 'A count cannot be negative').max(100_000),
    }),
  )
  .max(cashNotes.length)
  .refine((counts) => counts.reduce((sum, { note, count }) => sum + note * count, 0) <= MAX_DRAWER_CASH, {
    message: 'The count comes to more than 2.000.000.000 ₫',
  });
export type NoteCounts = z.infer<typeof noteCountsSchema>;

/** The cash a count adds up to. */
export const countedTotal = (counts: NoteCounts) => counts.reduce((sum, { note, count }) => sum + note * count, 0);

/**
 * The end-of-shift report (Z report): what the shift sold and took, and what the drawer should hold.
 * Sales are the payments taken in the shift, net of the refunds given in it; the orders' figures
 * (discounts, service charge, taxes, voids, guests) are those of the orders completed in it.
 */
export const zReportSchema = z.object({
  /** Payments by method, net of refunds of that method given in the shift. */
  byMethod: z.array(z.object({ method: paymentMethodSchema, payments: z.int32(), amount: z.int32() })),
  /** What the shift took in all, net of refunds (tips apart). */
  netSales: z.int32(),
  refunds: z.object({ count: z.int32(), amount: z.int32() }),
  tips: z.object({
    amount: z.int32(),
    byStaff: z.array(z.object({ staff: personSchema.nullable(), amount: z.int32() })),
  }),
  orders: z.int32(),
  guests: z.int32(),
  subtotal: z.int32(),
  discounts: z.int32(),
  serviceCharge: z.int32(),
  taxes: z.int32(),
  /** `taxes` by VAT rate, as the orders' bills rounded them: each rate's taxable amount and tax. */
  taxesByRate: z.array(taxPartSchema),
  voids: z.object({ count: z.int32(), amount: z.int32() }),
  cash: z.object({
    openingFloat: z.int32(),
    /** Cash payments (what they paid of the bills), their tips, cash refunds and pay-ins/pay-outs. */
    sales: z.int32(),
    /**
     * What cash rounding added to the cash payments (negative: took off): the guests handed over real notes,
     * so the drawer holds it, but it is not revenue and stays out of `sales` and `netSales`.
     */
    rounding: z.int32(),
    tips: z.int32(),
    refunds: z.int32(),
    payIns: z.int32(),
    payOuts: z.int32(),
    /** What the drawer should hold: float + sales + rounding + tips − refunds + pay-ins − pay-outs. */
    expected: z.int32(),
    /** What was counted at closing, and counted − expected (negative: short). Null while open. */
    counted: z.int32().nullable(),
    overShort: z.int32().nullable(),
  }),
});
export type ZReport = z.infer<typeof zReportSchema>;

export const cashMovementSchema = z.object({
  _id: idSchema,
  kind: z.enum(['in', 'out']),
  amount: z.int32(),
  reason: z.string(),
  by: personSchema.nullable(),
  at: isoDateTimeSchema,
});
export type CashMovement = z.infer<typeof cashMovementSchema>;

export const shiftStatuses = ['open', 'closed'] as const;

/** A shift of one cash drawer (one device), from the float counted to the drawer counted. */
export const shiftSchema = z.object({
  _id: idSchema,
  /** 1, 2, … in the order shifts were opened: "Shift 12". */
  shiftNo: z.int32(),
  deviceId: z.string(),
  /** A name for the drawer ("Quầy 1"), as typed when it opened. */
  deviceName: z.string(),
  status: z.enum(shiftStatuses),
  openedBy: personSchema.nullable(),
  openedAt: isoDateTimeSchema,
  openingFloat: z.int32(),
  closedBy: personSchema.nullable(),
  closedAt: isoDateTimeSchema.nullable(),
  /** The count at closing, by note when it was counted that way. */
  noteCounts: noteCountsSchema.nullable(),
  note: z.string(),
  /** How many times a manager reopened it (each with an audit row). */
  reopenCount: z.int32(),
  movements: z.array(cashMovementSchema),
  report: zReportSchema,
});
export type Shift = z.infer<typeof shiftSchema>;

/** GET /api/shifts: past and open shifts, newest first, without their movements. */
export const shiftSummarySchema = shiftSchema.omit({ movements: true, noteCounts: true });
export type ShiftSummary = z.infer<typeof shiftSummarySchema>;

/** GET /api/shifts/current: the shift open on this device (the X-Device-Id header), or null. */
export const currentShiftHeadersSchema = z.object({ [DEVICE_ID_HEADER]: deviceIdSchema.optional() });
export const currentShiftSchema = shiftSchema.nullable();

/** POST /api/shifts: opens a shift on this device with the float counted into the drawer. */
export const openShiftBodySchema = z.strictObject({
  deviceId: deviceIdSchema,
  deviceName: lineText().min(1, 'Name this drawer ("Quầy 1")').max(40, 'At most 40 characters'),
  openingFloat: z
    .int32('The float is a whole number of đồng')
    .min(0, 'The float cannot be negative')
    .max(1_000_000_000),
});
export type OpenShiftBody = z.infer<typeof openShiftBodySchema>;

/** POST /api/shifts/{id}/cash-movements: cash put into (`in`) or taken out of (`out`) the drawer. */
export const cashMovementBodySchema = z.strictObject({
  kind: z.enum(['in', 'out'], 'Say whether cash goes in or out'),
  amount: amountSchema,
  reason: moneyReasonSchema,
});
export type CashMovementBody = z.infer<typeof cashMovementBodySchema>;

/**
 * POST /api/shifts/{id}/close: the drawer counted, by total or note by note. The last open shift
 * cannot close while orders are open (the refusal lists them). A closed shift cannot change.
 */
export const closeShiftBodySchema = z
  .strictObject({
    countedCash: z.int32('Count whole đồng').min(0, 'The count cannot be negative').max(2_000_000_000).optional(),
    noteCounts: noteCountsSchema.optional(),
    note: multiLineText().max(500, 'A note can be at most 500 characters').optional(),
  })
  .refine((body) => (body.countedCash === undefined) !== (body.noteCounts === undefined), {
    message: 'Give the counted cash as a total or note by note',
    path: ['countedCash'],
  });
export type CloseShiftBody = z.infer<typeof closeShiftBodySchema>;

/** POST /api/shifts/{id}/reopen: a manager reopens a closed shift, with the reason audited. */
export const reopenShiftBodySchema = z.strictObject({ reason: moneyReasonSchema });
export type ReopenShiftBody = z.infer<typeof reopenShiftBodySchema>;

export const listShiftsQuerySchema = z.object({
  page: z.coerce.number().pipe(z.int32().min(1, 'Page must be 1 or more')).default(1),
  limit: z.coerce.number().pipe(z.int32().min(1).max(100, 'Limit can be at most 100')).default(20),
});

/**
 * GET /api/exports/{kind}?from&to&format: an accountant's export of a period (local days, inclusive), of the
 * session's branch; with `scope=chain` ('reports:chain'), every branch's, each row naming its branch.
 */
export const exportKinds = ['orders', 'payments', 'shifts'] as const;
export const exportParamsSchema = z.strictObject({
  kind: z.enum(exportKinds, 'Export orders, payments or shifts'),
});
export const exportQuerySchema = z
  .strictObject({
    from: z.iso.date('from must be a date (YYYY-MM-DD)'),
    to: z.iso.date('to must be a date (YYYY-MM-DD)'),
    format: z.enum(['csv', 'xlsx'], 'Format must be csv or xlsx').default('csv'),
    scope: reportScopeSchema.optional(),
  })
  // PostgreSQL has no year 0, and the first local midnight of year 1 is an instant no JavaScript Date reads.
  .refine((q) => q.from >= '1900-01-01', { message: 'from must be 1900-01-01 or later', path: ['from'] })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: 'Export at most a year at a time',
    path: ['to'],
  });
export type ExportQuery = z.input<typeof exportQuerySchema>;
