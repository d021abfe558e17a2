import { z } from 'zod';
import { lineText, multiLineText } from './text-fields';
import { idSchema, isoDateTimeSchema } from './common';

export const ingredientUnits = ['g', 'kg', 'ml', 'l', 'pcs'] as const;
export type IngredientUnit = (typeof ingredientUnits)[number];

/** The largest stock or change a request may name; the column holds far more (numeric(14,3)). */
export const maxStockQuantity = 1_000_000;

/** Whether a number has at most `places` decimals, judged on its shortest decimal form (0.1 + 0.2 fails). */
const hasAtMostDecimals = (places: number) => (value: number) => {
  const [, fraction = ''] = String(value).split('.');
  return !String(value).includes('e') && fraction.length <= places;
};

/** A stock quantity: up to 3 decimals, never negative. */
export const stockQuantitySchema = z
  .number('Quantity must be a number')
  .min(0, 'Quantity cannot be negative')
  .max(maxStockQuantity, 'Quantity is too large')
  .refine(hasAtMostDecimals(3), 'Quantity can have at most 3 decimals');

/** A signed change of stock (restock +, waste −): up to 3 decimals, never 0. */
export const stockChangeSchema = z
  .number('Change must be a number')
  .min(-maxStockQuantity, 'Change is too large')
  .max(maxStockQuantity, 'Change is too large')
  .refine((value) => value !== 0, 'Change cannot be 0')
  .refine(hasAtMostDecimals(3), 'Change can have at most 3 decimals');

/**
 * Reasons of a history row. The first three come from people, the rest from the system (a stock transfer's
 * goods leaving one branch, `transfer_out`, and arriving in the other, `transfer_in`).
 */
export const stockChangeReasons = [
  'restock',
  'adjustment',
  'waste',
  'initial',
  'order',
  'order_cancelled',
  'transfer_out',
  'transfer_in',
] as const;
export type StockChangeReason = (typeof stockChangeReasons)[number];
export const manualStockChangeReasons = ['restock', 'adjustment', 'waste'] as const;
export type ManualStockChangeReason = (typeof manualStockChangeReasons)[number];

/**
 * An ingredient of the chain's catalogue (name, unit, cost, supplier) with the current branch's `quantity` and
 * `lowStockThreshold` (0 and 0 while the branch has never held it).
 */
export const ingredientSchema = z.object({
  _id: idSchema,
  name: z.string(),
  unit: z.enum(ingredientUnits),
  quantity: z.number(),
  lowStockThreshold: z.number(),
  /** VND per unit (per g, per kg, per piece…); up to 2 decimals, since a gram can cost less than 1 VND. */
  costPerUnit: z.number(),
  supplier: z.string(),
  /** quantity ≤ lowStockThreshold. */
  isLowStock: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Ingredient = z.infer<typeof ingredientSchema>;

const ingredientFields = {
  name: lineText().min(1, 'Name cannot be empty').max(60, 'Name can be at most 60 characters'),
  unit: z.enum(ingredientUnits, 'Unit must be one of g, kg, ml, l, pcs'),
  lowStockThreshold: stockQuantitySchema,
  costPerUnit: z
    .number('Cost must be a number')
    .min(0, 'Cost cannot be negative')
    .max(100_000_000, 'Cost is too large')
    .refine(hasAtMostDecimals(2), 'Cost can have at most 2 decimals'),
  supplier: lineText().max(120, 'Supplier can be at most 120 characters'),
};

/**
 * POST /api/ingredient: the starting quantity and threshold are the creating person's branch's; the quantity is
 * recorded in its history as `initial`.
 */
export const createIngredientBodySchema = z.strictObject({
  name: ingredientFields.name,
  unit: ingredientFields.unit,
  quantity: stockQuantitySchema.optional(),
  lowStockThreshold: ingredientFields.lowStockThreshold.optional(),
  costPerUnit: ingredientFields.costPerUnit.optional(),
  supplier: ingredientFields.supplier.optional(),
});
export type CreateIngredientBody = z.infer<typeof createIngredientBodySchema>;

/**
 * PUT /api/ingredient/{id}: any ingredient field, and a change of stock given either as the new `quantity`
 * (a count) or as a signed `change` (ext: a delivery or a loss, applied to whatever the stock is by then, so
 * it never undoes an order placed meanwhile). `reason` (default `adjustment`) and `note` go to the history.
 */
export const updateIngredientBodySchema = z
  .strictObject({
    name: ingredientFields.name.optional(),
    unit: ingredientFields.unit.optional(),
    quantity: stockQuantitySchema.optional(),
    change: stockChangeSchema.optional(),
    lowStockThreshold: ingredientFields.lowStockThreshold.optional(),
    costPerUnit: ingredientFields.costPerUnit.optional(),
    supplier: ingredientFields.supplier.optional(),
    reason: z.enum(manualStockChangeReasons, 'Reason must be restock, adjustment or waste').optional(),
    note: multiLineText().max(300, 'Note can be at most 300 characters').optional(),
  })
  .superRefine((body, context) => {
    const changesStock = body.quantity !== undefined || body.change !== undefined;
    if (body.quantity !== undefined && body.change !== undefined) {
      context.addIssue({ code: 'custom', path: ['change'], message: 'Give either the new quantity or a change' });
    }
    if (!changesStock && (body.reason !== undefined || body.note !== undefined)) {
      const path = body.reason !== undefined ? 'reason' : 'note';
      context.addIssue({ code: 'custom', path: [path], message: 'A reason or note goes with a change of quantity' });
    }
    if (body.change !== undefined && body.reason === 'restock' && body.change < 0) {
      context.addIssue({
        code: 'custom',
        path: ['change'],
        message: 'A restock adds stock: the change must be above 0',
      });
    }
    if (body.change !== undefined && body.reason === 'waste' && body.change > 0) {
      context.addIssue({
        code: 'custom',
        path: ['change'],
        message: 'Waste removes stock: the change must be below 0',
      });
    }
  });
export type UpdateIngredientBody = z.infer<typeof updateIngredientBodySchema>;

export const ingredientHistorySchema = z.object({
  _id: idSchema,
  ingredientId: idSchema,
  /** Signed: + in, − out. */
  change: z.number(),
  quantityAfter: z.number(),
  reason: z.enum(stockChangeReasons),
  orderId: idSchema.nullable(),
  /** The order's short number, for a link a person can read. */
  orderNo: z.int32().nullable(),
  /** The stock transfer that took the goods out of this branch or brought them in. */
  transferId: idSchema.nullable(),
  note: z.string(),
  user: z.object({ _id: idSchema, name: z.string() }).nullable(),
  createdAt: isoDateTimeSchema,
});
export type IngredientHistory = z.infer<typeof ingredientHistorySchema>;

/** What one portion of a dish costs from its recipe lines, rounded to whole VND. */
export function portionCost(
  recipe: readonly { ingredientId: string; quantity: number }[],
  costPerUnitById: ReadonlyMap<string, number>,
): number {
  return Math.round(
    recipe.reduce((sum, line) => sum + line.quantity * (costPerUnitById.get(line.ingredientId) ?? 0), 0),
  );
}

/** GET /api/ingredient/{id}/history (ext: paged, newest first, 50 a page by default). */
export const ingredientHistoryQuerySchema = z.strictObject({
  page: z.coerce.number().pipe(z.int32().min(1, 'Page must be 1 or more')).default(1),
  limit: z.coerce.number().pipe(z.int32().min(1).max(100, 'Limit can be at most 100')).default(50),
});
export type IngredientHistoryQuery = z.infer<typeof ingredientHistoryQuerySchema>;
