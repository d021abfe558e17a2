import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { vatRate, VAT_RATE_TEXTS } from './vat-rate';
import { ingredients } from './ingredients';

/**
 * Kitchen stations (Bếp, Bar, …): each sees and bumps only the lines routed to it. The chain's menu routes
 * its dishes to them, so they are the chain's: each branch's screen of a station shows that branch's orders.
 */
export const stations = pgTable(
  'stations',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** Minutes a ticket should take at this station; a dish's own target wins. */
    targetMinutes: integer('target_minutes'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stations_name_unique').on(sql`lower(${t.name})`)],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** For diners reading English; null: they see the name as typed. */
    nameEn: text('name_en'),
    description: text('description').notNull().default(''),
    color: text('color').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Where its dishes go unless a dish names its own station; null: the first station. */
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
    /** The VAT rate of its dishes unless a dish has its own; null: the restaurant's default rate. */
    vatRate: vatRate('vat_rate'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('categories_name_unique').on(sql`lower(${t.name})`),
    check('categories_vat_rate_check', sql.raw(`vat_rate in (${VAT_RATE_TEXTS})`)),
  ],
);

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** For diners reading English; null: they see the name as typed. */
    nameEn: text('name_en'),
    /** For diners reading English; null: they see the description as typed. */
    descriptionEn: text('description_en'),
    /** Whole VND. */
    price: integer('price').notNull(),
    // Restrict: a category with items cannot be deleted (the service says which).
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    imageUrl: text('image_url').notNull().default(''),
    isAvailable: boolean('is_available').notNull().default(true),
    /** The dish's own station, over its category's. */
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
    /** Minutes the dish should take, over its station's target. */
    prepMinutes: integer('prep_minutes'),
    /** The dish's own VAT rate, over its category's; its options follow it. */
    vatRate: vatRate('vat_rate'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('items_category_id_idx').on(t.categoryId),
    check('items_price_not_negative', sql`${t.price} >= 0`),
    check('items_vat_rate_check', sql.raw(`vat_rate in (${VAT_RATE_TEXTS})`)),
  ],
);

/** How much of each ingredient one portion uses; the stock issue deducts it with every order. */
export const itemRecipeLines = pgTable(
  'item_recipe_lines',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    ingredientId: uuid('ingredient_id')
      .notNull()
      .references(() => ingredients.id, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.ingredientId] }),
    index('item_recipe_lines_ingredient_idx').on(t.ingredientId),
  ],
);

/** A reusable group of options ("Size", "Topping"), offered with any number of dishes. */
export const optionGroups = pgTable(
  'option_groups',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** For diners reading English; null: they see the name as typed. */
    nameEn: text('name_en'),
    minSelected: integer('min_selected').notNull().default(0),
    maxSelected: integer('max_selected').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('option_groups_name_unique').on(sql`lower(${t.name})`),
    check(
      'option_groups_limits',
      sql`${t.minSelected} >= 0 and ${t.maxSelected} >= 1 and ${t.minSelected} <= ${t.maxSelected}`,
    ),
  ],
);

/**
 * One option of a group. An option taken out of its group is kept with `removed_at` set, so an order that
 * still names it is told which option is gone, and the sales counted under it keep their meaning.
 */
export const options = pgTable(
  'options',
  {
    id: uuid('id').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => optionGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** For diners reading English; null: they see the name as typed. */
    nameEn: text('name_en'),
    /** Chosen already when a dish with its group is picked ("Size vừa"); at most one per group. */
    isDefault: boolean('is_default').notNull().default(false),
    /** Whole VND added to a portion's price; negative for a cheaper choice. */
    priceDelta: integer('price_delta').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('options_group_id_idx').on(t.groupId)],
);

/** What an option adds to (or takes off) one portion's recipe; the portion never takes less than nothing. */
export const optionRecipeLines = pgTable(
  'option_recipe_lines',
  {
    optionId: uuid('option_id')
      .notNull()
      .references(() => options.id, { onDelete: 'cascade' }),
    ingredientId: uuid('ingredient_id')
      .notNull()
      .references(() => ingredients.id, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.optionId, t.ingredientId] }),
    index('option_recipe_lines_ingredient_idx').on(t.ingredientId),
  ],
);

/** Which option groups a dish offers, in the order its sheet shows them. */
export const itemOptionGroups = pgTable(
  'item_option_groups',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    // Restrict: a group offered with dishes cannot be deleted (the service names them).
    groupId: uuid('group_id')
      .notNull()
      .references(() => optionGroups.id, { onDelete: 'restrict' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.groupId] }), index('item_option_groups_group_idx').on(t.groupId)],
);
