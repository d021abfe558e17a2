import { z } from 'zod';
import { clearedWhenEmpty, lineText, multiLineText } from './text-fields';
import { idSchema, isoDateTimeSchema } from './common';
import { ingredientUnits, stockQuantitySchema } from './ingredient';
import { dishOptionGroupSchema, MAX_GROUPS_PER_DISH } from './options';
import { prepTargetMinutesSchema } from './stations';
import { vatRateSchema } from './vat';

export const categorySchema = z.object({
  _id: idSchema,
  name: z.string(),
  /**
   * The name diners whose page is in English see; null when not set, and they see `name`. The server always
   * sends it; optional in the type, as for a dish's `nameEn`.
   */
  nameEn: z.string().nullable().optional(),
  description: z.string(),
  color: z.string(),
  sortOrder: z.int32(),
  /** The station its dishes go to, unless a dish names its own; null: the first station. */
  stationId: idSchema.nullable(),
  /** The VAT rate of its dishes, unless a dish has its own; null: the restaurant's default rate. */
  vatRate: vatRateSchema.nullable(),
  /** Items in the category, available or not. */
  itemCount: z.int32(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Category = z.infer<typeof categorySchema>;

export const defaultCategoryColor = '#b45309';

export const createCategoryBodySchema = z.strictObject({
  name: lineText().min(1, 'Name cannot be empty').max(60, 'Name can be at most 60 characters'),
  /** What diners reading English see instead of the name; '' clears it. */
  nameEn: clearedWhenEmpty(lineText().max(60, 'English name can be at most 60 characters')),
  description: multiLineText().max(300, 'Description can be at most 300 characters').optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #b45309')
    .optional(),
  sortOrder: z.int32('Sort order must be a whole number').min(0).max(9999).optional(),
  stationId: idSchema.nullable().optional(),
  /** null: the restaurant's default rate. */
  vatRate: vatRateSchema.nullable().optional(),
});
export type CreateCategoryBody = z.infer<typeof createCategoryBodySchema>;
export const updateCategoryBodySchema = createCategoryBodySchema.partial();
export type UpdateCategoryBody = z.infer<typeof updateCategoryBodySchema>;

export const recipeLineSchema = z.object({
  ingredientId: idSchema,
  name: z.string(),
  unit: z.enum(ingredientUnits),
  quantity: z.number(),
});
export type RecipeLine = z.infer<typeof recipeLineSchema>;

export const recipeLineInputSchema = z.strictObject({
  ingredientId: idSchema,
  /** Per portion, in the ingredient's unit. */
  quantity: stockQuantitySchema.refine((value) => value > 0, 'Quantity must be more than 0'),
});

export const itemSchema = z.object({
  _id: idSchema,
  name: z.string(),
  description: z.string(),
  /**
   * The name diners whose page is in English see; null when not set, and they see `name`. Staff screens
   * show `name`. The server always sends it; optional in the type, as an answer kept from before it existed
   * (a tablet's offline copy of the menu, a test's item) lacks it.
   */
  nameEn: z.string().nullable().optional(),
  /** The description diners whose page is in English see; null when not set, and they see `description`. */
  descriptionEn: z.string().nullable().optional(),
  /** Whole VND in the current branch: its own price, else the menu's. */
  price: z.int32(),
  /**
   * The chain menu's price, which `price` follows unless the branch has its own. The server always sends
   * it; optional as `nameEn`.
   */
  menuPrice: z.int32().optional(),
  /** The current branch's own price; null: the menu's. */
  branchPrice: z.int32().nullable().optional(),
  /** Whether the current branch sells the dish; only the editor's list (`all`) shows those it does not. */
  isSold: z.boolean().optional(),
  categoryId: idSchema,
  category: z.object({ _id: idSchema, name: z.string() }),
  imageUrl: z.string(),
  /** The manager's switch: offered or not. */
  isAvailable: z.boolean(),
  /** Stock cannot cover one portion of the recipe; comes back by itself when restocked. */
  isSoldOut: z.boolean(),
  recipe: z.array(recipeLineSchema),
  /** The option groups offered with the dish, in the order the sheet shows them. */
  optionGroups: z.array(dishOptionGroupSchema),
  /** The station the dish goes to; null: its category's. */
  stationId: idSchema.nullable(),
  /** Minutes the dish should take; null: its station's target. */
  prepMinutes: z.int32().nullable(),
  /** The dish's own VAT rate; null: its category's. */
  vatRate: vatRateSchema.nullable(),
  /** The rate its bill lines carry: its own, else its category's, else the restaurant's default. */
  billedVatRate: vatRateSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Item = z.infer<typeof itemSchema>;

export const createItemBodySchema = z.strictObject({
  name: lineText().min(1, 'Name cannot be empty').max(80, 'Name can be at most 80 characters'),
  /** Whole VND. */
  price: z
    .int32('Price must be a whole number of VND')
    .min(0, 'Price cannot be negative')
    .max(100_000_000, 'Price is too large'),
  categoryId: idSchema,
  description: multiLineText().max(500, 'Description can be at most 500 characters').optional(),
  /** What diners reading English see instead of the name and description; '' clears it. */
  nameEn: clearedWhenEmpty(lineText().max(80, 'English name can be at most 80 characters')),
  descriptionEn: clearedWhenEmpty(multiLineText().max(500, 'English description can be at most 500 characters')),
  imageUrl: lineText()
    .max(2048)
    .refine((v) => v === '' || /^(https?:\/\/|\/)\S+$/.test(v), 'Image must be an http(s) URL or a path')
    .optional(),
  isAvailable: z.boolean().optional(),
  recipe: z
    .array(recipeLineInputSchema)
    .max(30, 'A recipe has at most 30 ingredients')
    .refine(
      (lines) => new Set(lines.map((l) => l.ingredientId)).size === lines.length,
      'Each ingredient once per recipe',
    )
    .optional(),
  /** The option groups offered with the dish, in order. */
  optionGroupIds: z
    .array(idSchema)
    .max(MAX_GROUPS_PER_DISH, `A dish has at most ${MAX_GROUPS_PER_DISH} option groups`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each option group once per dish')
    .optional(),
  stationId: idSchema.nullable().optional(),
  prepMinutes: prepTargetMinutesSchema.nullable().optional(),
  /** null: its category's rate. */
  vatRate: vatRateSchema.nullable().optional(),
});
export type CreateItemBody = z.infer<typeof createItemBodySchema>;
export const updateItemBodySchema = createItemBodySchema.partial();
export type UpdateItemBody = z.infer<typeof updateItemBodySchema>;

export const listItemsQuerySchema = z.object({
  categoryId: idSchema.optional(),
  /** 'true': the menu editor's list, with the dishes the current branch does not sell (see `isSold`). */
  all: z.enum(['true', 'false']).optional(),
});
export type ListItemsQuery = z.infer<typeof listItemsQuerySchema>;

/** Whole VND a branch sells a dish at; null: the menu's price. */
export const branchPriceSchema = z
  .int32('Price must be a whole number of VND')
  .min(0, 'Price cannot be negative')
  .max(100_000_000, 'Price is too large')
  .nullable();

/** PUT /api/item/:id/branch: the current branch's own price of a dish and whether it sells it. */
export const branchItemBodySchema = z.strictObject({
  price: branchPriceSchema.optional(),
  isSold: z.boolean().optional(),
});
export type BranchItemBody = z.infer<typeof branchItemBodySchema>;
