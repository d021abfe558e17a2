import { z } from 'zod';
import { lineText, multiLineText, oneLineCheck } from './text-fields';
import { idSchema } from './common';
import { dishOptionGroupSchema } from './options';
import { billsSchema, orderItemSchema, orderLineInputSchema, orderRoundSchema, orderStatusSchema } from './order';

/** A branch as its diners' pages name it: `slug` is its part of their links (`/b/<slug>/public-menu`). */
export const publicBranchSchema = z.object({
  name: z.string(),
  slug: z.string(),
  address: z.string(),
  phone: z.string(),
  /** Whether guests may ask this branch for a table online (its /b/<slug>/book). */
  booking: z.boolean(),
});
export type PublicBranch = z.infer<typeof publicBranchSchema>;

/**
 * GET /api/public-menu (the first branch's) or /api/public/b/{slug}/menu (that branch's: its prices, without
 * the dishes it does not sell): what diners see. No costs, recipes or keys.
 */
export const publicMenuSchema = z.object({
  restaurant: z.object({
    name: z.string(),
    /** Whether guests may ask this branch for a table online (/book). */
    booking: z.boolean(),
    /** The menu's branch, when the restaurant has several; absent with one. */
    branch: publicBranchSchema.optional(),
    /** Every branch, in the restaurant's order, when it has several (the landing page lists them); absent with one. */
    branches: z.array(publicBranchSchema).optional(),
  }),
  categories: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      /** Shown instead of `name` to diners whose page is in English; null when not set (absent in an older copy). */
      nameEn: z.string().nullable().optional(),
      items: z.array(
        z.object({
          _id: idSchema,
          name: z.string(),
          description: z.string(),
          /** Shown instead of `name` to diners whose page is in English; null when not set. */
          nameEn: z.string().nullable(),
          /** Shown instead of `description` to diners whose page is in English; null when not set. */
          descriptionEn: z.string().nullable(),
          price: z.int32(),
          imageUrl: z.string(),
          /** Options to choose in a sheet; empty for a dish that adds with one tap. */
          optionGroups: z.array(dishOptionGroupSchema),
        }),
      ),
    }),
  ),
});
export type PublicMenu = z.infer<typeof publicMenuSchema>;

export const publicTableSchema = z.object({ tableNo: z.int32(), seats: z.int32() });
export type PublicTable = z.infer<typeof publicTableSchema>;
/** With the QR code's key, the table page learns at once whether it may order at this table. */
export const publicTableQuerySchema = z.strictObject({
  key: z.string().check(oneLineCheck()).min(1).max(100).optional(),
});
export const publicTableParamsSchema = z.strictObject({
  tableNo: z.coerce.number().pipe(z.int32('Table number must be a whole number').min(1).max(9999)),
});

/** Limits of one diner order, so a phone cannot flood the kitchen. */
export const DINER_MAX_LINES = 30;
export const DINER_MAX_PER_ITEM = 20;

/** A diner's order from the table page (no token): only these fields. */
export const dinerOrderBodySchema = z.strictObject({
  tableNo: z.int32('Table number must be a whole number').min(1).max(9999),
  tableKey: z.string().check(oneLineCheck()).min(1).max(100),
  customerDetails: z
    .strictObject({
      name: lineText().max(80, 'Name can be at most 80 characters').optional(),
      guests: z.int32('Guests must be a whole number').min(1).max(50).optional(),
    })
    .optional(),
  items: z
    .array(orderLineInputSchema)
    .min(1, 'Add at least one dish')
    .max(DINER_MAX_LINES, `An order from the table has at most ${DINER_MAX_LINES} lines`)
    .refine((lines) => {
      const perItem = new Map<string, number>();
      for (const line of lines) perItem.set(line.itemId, (perItem.get(line.itemId) ?? 0) + line.quantity);
      return [...perItem.values()].every((quantity) => quantity <= DINER_MAX_PER_ITEM);
    }, `At most ${DINER_MAX_PER_ITEM} of one dish per order; ask the staff for more`),
  note: multiLineText().max(500, 'A note can be at most 500 characters').optional(),
});
export type DinerOrderBody = z.infer<typeof dinerOrderBodySchema>;

/** What a diner may see of their order. */
export const publicOrderSchema = z.object({
  _id: idSchema,
  orderNo: z.int32(),
  status: orderStatusSchema,
  items: z.array(orderItemSchema),
  /** The table's rounds, each with its own status (a second round may wait while the first is served). */
  rounds: z.array(orderRoundSchema.omit({ sentBy: true })),
  bills: billsSchema,
});
export type PublicOrder = z.infer<typeof publicOrderSchema>;

/** The answer to a diner's order: the order and the secret that lets this phone follow it. */
export const dinerOrderResultSchema = publicOrderSchema.extend({ trackingToken: z.string() });
export type DinerOrderResult = z.infer<typeof dinerOrderResultSchema>;

export const publicOrderParamsSchema = z.strictObject({ id: idSchema });
export const publicOrderQuerySchema = z.strictObject({
  token: z.string().check(oneLineCheck()).min(1, 'The tracking token is missing'),
});

/** What followers of one order hear on `order:updated`. */
export const orderStatusUpdateSchema = z.object({
  _id: idSchema,
  orderNo: z.int32(),
  status: orderStatusSchema,
  /** Each round's status, so the phone shows which dishes are coming. */
  rounds: z.array(orderRoundSchema.omit({ sentBy: true })).optional(),
});
export type OrderStatusUpdate = z.infer<typeof orderStatusUpdateSchema>;

export const trackOrderSchema = z.object({ orderId: idSchema, token: z.string().check(oneLineCheck()).min(1) });
export type TrackOrder = z.infer<typeof trackOrderSchema>;
