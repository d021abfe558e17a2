import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';
import { ingredientUnits, stockQuantitySchema } from './ingredient';
import { lineText, multiLineText } from './text-fields';

/**
 * Stock transfers: a manager sends ingredients from their branch's stock to another branch of the chain (the
 * sender's stock falls at once); the receiving branch confirms what arrived, which may differ from what was
 * sent (each difference keeps its reason), and its stock rises by that. The cost travels with the goods at the
 * ingredient's cost per unit when sent.
 */
export const stockTransferStatuses = ['sent', 'received'] as const;
export type StockTransferStatus = (typeof stockTransferStatuses)[number];

/** What a quantity sent must be: some of it, with up to 3 decimals. */
const sentQuantitySchema = stockQuantitySchema.refine((value) => value > 0, 'Quantity must be above 0');

/** Refuses an ingredient listed twice, at the second line's `ingredientId`. */
function eachIngredientOnce(lines: readonly { ingredientId: string }[], context: z.RefinementCtx) {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    if (seen.has(line.ingredientId)) {
      context.addIssue({
        code: 'custom',
        path: [index, 'ingredientId'],
        message: 'Each ingredient can be listed once',
      });
    }
    seen.add(line.ingredientId);
  });
}

/** POST /api/stock-transfers: from the sender's current branch to `toBranchId`. */
export const sendStockTransferBodySchema = z.strictObject({
  toBranchId: idSchema,
  lines: z
    .array(z.strictObject({ ingredientId: idSchema, quantity: sentQuantitySchema }))
    .min(1, 'Send at least one ingredient')
    .max(100, 'A transfer can carry at most 100 ingredients')
    .superRefine(eachIngredientOnce),
  note: multiLineText().max(300, 'Note can be at most 300 characters').optional(),
});
export type SendStockTransferBody = z.infer<typeof sendStockTransferBodySchema>;

/**
 * POST /api/stock-transfers/{id}/receive: what arrived of every line sent (0 when nothing did). A `reason` is
 * required for every line whose quantity differs from what was sent.
 */
export const receiveStockTransferBodySchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        ingredientId: idSchema,
        received: stockQuantitySchema,
        reason: lineText().max(200, 'Reason can be at most 200 characters').optional(),
      }),
    )
    .min(1, 'Say what arrived of each ingredient')
    .max(100, 'A transfer can carry at most 100 ingredients')
    .superRefine(eachIngredientOnce),
});
export type ReceiveStockTransferBody = z.infer<typeof receiveStockTransferBodySchema>;

/** GET /api/stock-transfers: the current branch's transfers, in and out, newest first. */
export const listStockTransfersQuerySchema = z.strictObject({
  status: z.enum(stockTransferStatuses).optional(),
  page: z.coerce.number().pipe(z.int32().min(1, 'Page must be 1 or more')).default(1),
  limit: z.coerce.number().pipe(z.int32().min(1).max(100, 'Limit can be at most 100')).default(20),
});
export type ListStockTransfersQuery = z.input<typeof listStockTransfersQuerySchema>;
export type ListStockTransfersFilter = z.output<typeof listStockTransfersQuerySchema>;

export const stockTransferLineSchema = z.object({
  ingredientId: idSchema,
  name: z.string(),
  unit: z.enum(ingredientUnits),
  sent: z.number(),
  /** Null until received. */
  received: z.number().nullable(),
  /** Why what arrived differs from what was sent; empty when it does not. */
  differenceReason: z.string(),
  /** VND per unit when sent: the money that left the sender with the goods. */
  unitCost: z.number(),
});
export type StockTransferLine = z.infer<typeof stockTransferLineSchema>;

const branchRefSchema = z.object({ _id: idSchema, name: z.string() });
const personRefSchema = z.object({ _id: idSchema, name: z.string() }).nullable();

export const stockTransferSchema = z.object({
  _id: idSchema,
  /** Short number people say ("chuyển kho #12"); one sequence for the chain. */
  transferNo: z.int32(),
  status: z.enum(stockTransferStatuses),
  /** As the current branch sees it: `out` when it sent the goods, `in` when it receives them. */
  direction: z.enum(['out', 'in']),
  fromBranch: branchRefSchema,
  toBranch: branchRefSchema,
  note: z.string(),
  sentBy: personRefSchema,
  sentAt: isoDateTimeSchema,
  receivedBy: personRefSchema,
  receivedAt: isoDateTimeSchema.nullable(),
  lines: z.array(stockTransferLineSchema),
  /** What the goods sent cost, in whole VND. */
  sentValue: z.number(),
  /** Received minus sent, in whole VND (negative: goods lost on the way); null until received. */
  differenceValue: z.number().nullable(),
});
export type StockTransfer = z.infer<typeof stockTransferSchema>;

/** GET /api/stock-transfers/branches: the chain's other branches, where the current one can send stock. */
export const transferDestinationSchema = branchRefSchema;
export type TransferDestination = z.infer<typeof transferDestinationSchema>;
