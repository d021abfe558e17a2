import { z } from 'zod';
import { clearedWhenEmpty, lineText } from './text-fields';
import { idSchema, isoDateTimeSchema } from './common';
import { ingredientUnits, stockChangeSchema } from './ingredient';

/**
 * Dish options ("Size: Nhỏ / Vừa / Lớn", "Topping: up to 3", "không hành"). A manager defines option
 * groups once and attaches them to any number of dishes. Each option changes the price of a portion
 * (up, down or not at all) and may change what a portion takes from the stock. The rules of a choice
 * (`checkOptionChoice`) are the same on the POS, on the diner's phone and on the server, which has the last word.
 */

/** What an option adds to (or, when negative, takes off) one portion's recipe, per ingredient. */
export const optionRecipeLineSchema = z.object({
  ingredientId: idSchema,
  name: z.string(),
  unit: z.enum(ingredientUnits),
  quantity: z.number(),
});

/**
 * The English name diners whose page is in English see, of a group or an option; null when not set, and they
 * see `name`. The server always sends it; optional in the type, as a menu kept from before it existed (a
 * tablet's offline copy, a test's group) lacks it.
 */
const nameEnSchema = z.string().nullable().optional();
/** Chosen already when the dish is picked ("Vừa" of a size); at most one per group. Optional as `nameEn`. */
const isDefaultSchema = z.boolean().optional();

export const optionSchema = z.object({
  _id: idSchema,
  name: z.string(),
  nameEn: nameEnSchema,
  isDefault: isDefaultSchema,
  /** Whole VND added to the dish's price per portion; negative for a cheaper choice. The menu's, for every branch. */
  priceDelta: z.int32(),
  /** The current branch's own price change; null: `priceDelta`. Always sent by the server; optional as `nameEn`. */
  branchPriceDelta: z.int32().nullable().optional(),
  /** Whether the current branch offers this option. */
  isSold: z.boolean().optional(),
  recipe: z.array(optionRecipeLineSchema),
});
export type Option = z.infer<typeof optionSchema>;

export const optionGroupSchema = z.object({
  _id: idSchema,
  name: z.string(),
  nameEn: nameEnSchema,
  /** At least this many options must be chosen: 1 or more makes the group required. */
  minSelected: z.int32(),
  /** At most this many: 1 makes it "one of". */
  maxSelected: z.int32(),
  options: z.array(optionSchema),
  /** The dishes that offer the group. */
  dishes: z.array(z.object({ _id: idSchema, name: z.string() })),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type OptionGroup = z.infer<typeof optionGroupSchema>;

export const MAX_OPTIONS_PER_GROUP = 30;
export const MAX_GROUPS_PER_DISH = 10;
/** A line may carry at most this many options (far above any real order). */
export const MAX_OPTIONS_PER_LINE = 30;

const optionInputSchema = z.strictObject({
  /** An existing option of the group keeps its id (and the sales counted under it); a new one has none. */
  _id: idSchema.optional(),
  name: lineText().min(1, 'An option needs a name').max(60, 'An option name can be at most 60 characters'),
  /** What diners reading English see; '' clears it. */
  nameEn: clearedWhenEmpty(lineText().max(60, 'English name can be at most 60 characters')),
  /** Pre-chosen on the POS and the diner's phone; at most one option of a group. */
  isDefault: z.boolean().default(false),
  priceDelta: z
    .int32('A price change must be a whole number of VND')
    .min(-100_000_000, 'Price change is too large')
    .max(100_000_000, 'Price change is too large')
    .default(0),
  recipe: z
    .array(z.strictObject({ ingredientId: idSchema, quantity: stockChangeSchema }))
    .max(20, 'An option changes at most 20 ingredients')
    .refine(
      (lines) => new Set(lines.map((l) => l.ingredientId)).size === lines.length,
      'Each ingredient once per option',
    )
    .default([]),
});
export type OptionInput = z.input<typeof optionInputSchema>;

const optionGroupFields = {
  name: lineText().min(1, 'Name cannot be empty').max(60, 'Name can be at most 60 characters'),
  /** What diners reading English see ("Size" for "Kích cỡ"); '' clears it. */
  nameEn: clearedWhenEmpty(lineText().max(60, 'English name can be at most 60 characters')),
  minSelected: z.int32('Must be a whole number').min(0, 'Cannot be negative').max(MAX_OPTIONS_PER_GROUP),
  maxSelected: z.int32('Must be a whole number').min(1, 'At least 1 choice must be allowed').max(MAX_OPTIONS_PER_GROUP),
  options: z
    .array(optionInputSchema)
    .min(1, 'A group needs at least one option')
    .max(MAX_OPTIONS_PER_GROUP, `A group has at most ${MAX_OPTIONS_PER_GROUP} options`)
    .refine(
      (options) => new Set(options.map((o) => o.name.toLocaleLowerCase('vi'))).size === options.length,
      'Two options of a group cannot have the same name',
    ),
};

/**
 * Which option of a list is marked default a second time (its index), or null: a group has one default at most,
 * as it pre-chooses one option. The server refuses it with its code; the manager's form offers one radio per group.
 */
export function secondDefaultIndex(options: readonly { isDefault?: boolean }[]): number | null {
  const defaults = options.flatMap((option, index) => (option.isDefault ? [index] : []));
  return defaults[1] ?? null;
}

/** The limits must fit each other and the options: checked on the whole group, also after a partial update. */
export function optionGroupLimitsProblem(group: {
  minSelected: number;
  maxSelected: number;
  optionCount: number;
}): { path: string; message: string } | null {
  if (group.minSelected > group.maxSelected) {
    return { path: 'minSelected', message: 'The minimum cannot be above the maximum' };
  }
  if (group.minSelected > group.optionCount) {
    return { path: 'minSelected', message: 'The minimum cannot be above the number of options' };
  }
  return null;
}

export const createOptionGroupBodySchema = z
  .strictObject({ ...optionGroupFields, minSelected: optionGroupFields.minSelected.default(0) })
  .superRefine((body, ctx) => {
    const problem = optionGroupLimitsProblem({ ...body, optionCount: body.options.length });
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
export type CreateOptionGroupBody = z.input<typeof createOptionGroupBodySchema>;

/** Options sent replace the group's options: those left out are no longer offered (past sales keep them). */
export const updateOptionGroupBodySchema = z.strictObject({
  name: optionGroupFields.name.optional(),
  nameEn: optionGroupFields.nameEn,
  minSelected: optionGroupFields.minSelected.optional(),
  maxSelected: optionGroupFields.maxSelected.optional(),
  options: optionGroupFields.options.optional(),
});
export type UpdateOptionGroupBody = z.input<typeof updateOptionGroupBodySchema>;

/** A dish's option group as the POS and the diner's phone need it, with what the stock can still make. */
export const dishOptionGroupSchema = z.object({
  _id: idSchema,
  name: z.string(),
  nameEn: nameEnSchema,
  minSelected: z.int32(),
  maxSelected: z.int32(),
  options: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      nameEn: nameEnSchema,
      isDefault: isDefaultSchema,
      /** In the current branch: its own price change, else the menu's. */
      priceDelta: z.int32(),
      /** The stock cannot make one portion of this dish with this option; the dish may still be offered without it. */
      isSoldOut: z.boolean(),
    }),
  ),
});
export type DishOptionGroup = z.infer<typeof dishOptionGroupSchema>;

/** An option as sold on an order line: names and price copied at the time, so later edits never rewrite a bill. */
export const soldOptionSchema = z.object({
  /** Null once the option is no longer on the menu. */
  optionId: idSchema.nullable(),
  group: z.string(),
  name: z.string(),
  priceDelta: z.int32(),
});
export type SoldOption = z.infer<typeof soldOptionSchema>;

/** PUT /api/option-group/option/:id/branch: the current branch's own price change of an option and whether it offers it. */
export const branchOptionBodySchema = z.strictObject({
  priceDelta: z
    .int32('A price change must be a whole number of VND')
    .min(-100_000_000, 'Price change is too large')
    .max(100_000_000, 'Price change is too large')
    .nullable()
    .optional(),
  isSold: z.boolean().optional(),
});
export type BranchOptionBody = z.infer<typeof branchOptionBodySchema>;
