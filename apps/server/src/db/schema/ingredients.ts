import type { IngredientUnit } from '@quan/contract/ingredient';
import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The chain's catalogue of ingredients; what each branch holds of them is `branch_stock`. */
export const ingredients = pgTable(
  'ingredients',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    unit: text('unit').$type<IngredientUnit>().notNull(),
    costPerUnit: numeric('cost_per_unit', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    supplier: text('supplier').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ingredients_name_unique').on(sql`lower(${t.name})`),
    check('ingredients_cost_not_negative', sql`${t.costPerUnit} >= 0`),
    check('ingredients_unit_check', sql`${t.unit} in ('g', 'kg', 'ml', 'l', 'pcs')`),
  ],
);
