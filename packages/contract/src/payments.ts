import { z } from 'zod';
import { roundCash } from './bill';
import { invoiceBuyerSchema } from './einvoice';
import { lineText, multiLineCheck, multiLineText, oneLineCheck } from './text-fields';
import { errorParamsSchema, idSchema, isoDateTimeSchema } from './common';

export const paymentMethods = ['cash', 'card', 'transfer', 'ewallet', 'voucher'] as const;
export const paymentMethodSchema = z.enum(
  paymentMethods,
  'Payment method must be cash, card, transfer, ewallet or voucher',
);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * The header a staff device sends with every call: the id it made for itself once (kept on the device).
 * A payment, a refund or a pay-in belongs to the shift open on that device, so each cash drawer counts
 * its own cash.
 */
export const DEVICE_ID_HEADER = 'x-device-id';
export const deviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'A device id is 8 to 64 letters, digits or dashes');

/** A whole, positive amount of VND. */
export const amountSchema = z
  .int32('An amount is a whole number of đồng')
  .min(1, 'The amount must be more than 0 ₫')
  .max(2_000_000_000, 'The amount can be at most 2.000.000.000 ₫');

/** Why a person did something to money by hand (a refund, a pay-out, reopening a shift). */
export const moneyReasonSchema = multiLineText('Say why')
  .min(3, 'Say why in a few words')
  .max(200, 'A reason can be at most 200 characters');

export const refundSchema = z.object({
  _id: idSchema,
  amount: z.int32(),
  reason: z.string(),
  refundedBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
  refundedAt: isoDateTimeSchema,
  shiftId: idSchema.nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** One payment of an order or of a part of its split bill. */
export const paymentSchema = z.object({
  _id: idSchema,
  method: paymentMethodSchema,
  /** What it pays of the bill. */
  amount: z.int32(),
  /** A tip on top of the amount, kept apart from revenue. */
  tip: z.int32(),
  /** Cash only: what the guest handed over; `change` is what went back. */
  tendered: z.int32().nullable(),
  change: z.int32(),
  /**
   * Cash only: what the cash rounding added to `amount` (negative: took off), so the guest paid in real
   * notes; the drawer holds amount + rounding. 0 for an exact payment.
   */
  rounding: z.int32(),
  /** The part of a split bill it pays; null for the whole order. */
  partNo: z.int32().nullable(),
  /** Who took it; null when a bank notification recorded it. */
  takenBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
  takenAt: isoDateTimeSchema,
  /** The shift (cash drawer) it was taken in, if one was open. */
  shiftId: idSchema.nullable(),
  /** The bank's transaction id when a bank notification recorded the transfer. */
  bankTransactionId: z.string().nullable(),
  /** How much of `amount` was refunded, and each refund. */
  refunded: z.int32(),
  refunds: z.array(refundSchema),
});
export type Payment = z.infer<typeof paymentSchema>;

const expectedVersionSchema = z.int32('The version must be a whole number').min(1).optional();

/**
 * POST /api/order/{id}/payments: a payment towards the bill (or towards one part of a split bill).
 * `amount` is what it pays and can be at most what is due; in cash, the guest may hand over more
 * (`tendered`) and the change is worked out. The payment that settles a ready or served order completes it.
 *
 * Cash rounding: a cash payment whose `amount` is all that is due (of the bill or of the part) is rounded by
 * the server to the restaurant's step (`cashRounding`, half up, see `cashDueOf`). `amount` stays what it pays
 * of the bill; the payment's `rounding` is what the guest hands over beyond it (negative: less), and
 * `tendered` must cover amount + rounding + tip. A partial cash payment, and any other method, is not rounded.
 * Only the server knows the rounding, so it, not this schema, checks that `tendered` covers what is owed.
 */
export const takePaymentBodySchema = z
  .strictObject({
    method: paymentMethodSchema,
    amount: amountSchema,
    tip: z.int32('A tip is a whole number of đồng').min(0, 'A tip cannot be negative').max(100_000_000).optional(),
    tendered: amountSchema.optional(),
    partNo: z.int32('The part must be a whole number').min(1).max(20).optional(),
    /** A guest who wants the e-invoice in their company's name says so as they pay; left out keeps what was said. */
    invoiceBuyer: invoiceBuyerSchema.optional(),
    expectedVersion: expectedVersionSchema,
  })
  .refine((body) => body.tendered === undefined || body.method === 'cash', {
    message: 'Only cash is handed over with change',
    path: ['tendered'],
  });
export type TakePaymentBody = z.infer<typeof takePaymentBodySchema>;

export const paymentParamsSchema = z.strictObject({ id: idSchema, paymentId: idSchema });

/** POST /api/order/{id}/payments/{paymentId}/refunds: a manager gives back part or all of a payment. */
export const refundPaymentBodySchema = z.strictObject({
  amount: amountSchema,
  reason: moneyReasonSchema,
});
export type RefundPaymentBody = z.infer<typeof refundPaymentBodySchema>;

/** The change of a cash payment: what was handed over less the amount, its rounding and the tip (never negative). */
export function changeDue(tendered: number, amount: number, tip = 0, rounding = 0): number {
  return Math.max(0, tendered - amount - rounding - tip);
}

/**
 * What a guest owes in cash for `amount` of a bill whose `due` is left, at the restaurant's rounding step:
 * all of what is due is rounded (`roundCash`), a part of it is paid exactly. `rounding` is the difference,
 * recorded on the payment; the server and the payment dialog both work it out here.
 */
export function cashDueOf(amount: number, due: number, step: number): { cash: number; rounding: number } {
  const cash = amount === due ? roundCash(amount, step) : amount;
  return { cash, rounding: cash - amount };
}

/** The notes a cashier is handed most, largest first: the quick buttons of the cash field. */
export const quickCashNotes = [500_000, 200_000, 100_000, 50_000] as const;

/** Vietnamese banknotes, largest first: a drawer is counted note by note. */
export const cashNotes = [500_000, 200_000, 100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500] as const;

/**
 * The transfer note a VietQR code carries and a bank notification is matched by: "QUAN 1042", with
 * " P2" for the second part of a split bill. Banks keep letters and digits; spaces may be dropped.
 */
export function transferNote(orderNo: number, partNo?: number | null): string {
  return partNo ? `QUAN ${orderNo} P${partNo}` : `QUAN ${orderNo}`;
}
/**
 * The order (and part) a bank's copy of the note names, with or without the spaces a bank may drop
 * ("CK QUAN1042P2CAM ON"); null when it names none, or several different ones (a sender's name or address may
 * hold "QUAN" too: such a transfer is left to staff).
 */
export function parseTransferNote(text: string): { orderNo: number; partNo: number | null } | null {
  const named = [...text.matchAll(/(?<![A-Z0-9])QUAN\s*(\d{1,9})(?!\d)(?:\s*P(\d{1,2})(?!\d))?/gi)].map((match) => ({
    orderNo: Number(match[1]),
    partNo: match[2] ? Number(match[2]) : null,
  }));
  const [first] = named;
  const agree = named.every((one) => one.orderNo === first?.orderNo && one.partNo === first.partNo);
  return first && agree ? first : null;
}

/**
 * POST /api/payments/bank-notifications: a bank notification service tells that a transfer arrived.
 * The raw body is signed with HMAC-SHA256 and the shared secret (`X-Signature: sha256=<hex>`). The
 * transaction id makes a repeated notification harmless, and `transactedAt` (inside the signed bytes) dates
 * it: one older than `BANK_NOTIFICATION_MAX_AGE_HOURS` is refused, so an old signed body replayed later pays
 * nothing.
 */
export const bankNotificationBodySchema = z.object({
  transactionId: lineText().min(1, 'transactionId is missing').max(100),
  amount: amountSchema,
  /** The transfer note as the bank received it ("QUAN 1042"). */
  description: z.string().check(multiLineCheck()).max(500),
  accountNumber: z.string().check(oneLineCheck()).max(30).optional(),
  transactedAt: isoDateTimeSchema,
});
export type BankNotificationBody = z.infer<typeof bankNotificationBodySchema>;
export const BANK_SIGNATURE_HEADER = 'x-signature';
/** A notification dated longer ago than this is refused (a bank's own retries arrive within hours). */
export const BANK_NOTIFICATION_MAX_AGE_HOURS = 24;

/** What became of a notification: paid on arrival, refused and left to staff, or applied by a person later. */
export const bankNotificationOutcomes = ['paid', 'refused', 'applied'] as const;
export type BankNotificationOutcome = (typeof bankNotificationOutcomes)[number];

/**
 * The answer to a notification, always 200 once the signature holds, so that the sender stops retrying:
 * `paid` recorded now; `duplicate` recorded before (on arrival or by staff); `refused` paid nothing, then
 * or now, and is left to staff (a repeat of a refused notification is refused again with the same reason).
 */
export const bankNotificationResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.enum(['paid', 'duplicate']), orderNo: z.int32(), paymentId: idSchema }),
  /** `code` names the reason for a program (TRANSFER_OTHER_AMOUNT, ORDER_NO_NOT_FOUND, TRANSFER_STALE, …). */
  z.object({ outcome: z.literal('refused'), reason: z.string(), code: z.string() }),
]);
export type BankNotificationResult = z.infer<typeof bankNotificationResultSchema>;

/** A transfer the bank reported, as staff review it. */
export const bankTransferSchema = z.object({
  transactionId: z.string(),
  amount: z.int32(),
  description: z.string(),
  accountNumber: z.string().nullable(),
  transactedAt: isoDateTimeSchema,
  receivedAt: isoDateTimeSchema,
  outcome: z.enum(bankNotificationOutcomes),
  /** Why it was refused on arrival; kept after staff apply it. */
  reason: z.string().nullable(),
  /** The same as a code and its values, for a screen to say it in its language (`errors.<code>`). */
  reasonCode: z.string().nullable(),
  reasonParams: errorParamsSchema.nullable(),
  /** The order it paid, on arrival or by hand. */
  orderNo: z.int32().nullable(),
  appliedBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
  appliedAt: isoDateTimeSchema.nullable(),
});
export type BankTransfer = z.infer<typeof bankTransferSchema>;

/** GET /api/payments/bank-transfers: the refused transfers still waiting for staff, newest first. */
export const bankTransfersSchema = z.object({ transfers: z.array(bankTransferSchema) });

/** The bank's transaction id in a transfer's address. */
export const bankTransferParamsSchema = z.object({
  transactionId: lineText().min(1, 'transactionId is missing').max(100),
});

/**
 * POST /api/payments/bank-transfers/:transactionId/apply: a person pays a refused transfer onto an order
 * (or a part of its split bill): its whole amount, at most what is due there. Audited.
 */
export const applyBankTransferBodySchema = z.object({
  orderNo: z.int32().min(1, 'Choose an order'),
  partNo: z.int32().min(1).max(99).optional(),
  reason: moneyReasonSchema,
});
export type ApplyBankTransferBody = z.infer<typeof applyBankTransferBodySchema>;
