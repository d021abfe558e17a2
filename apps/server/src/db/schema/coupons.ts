import type { DiscountType } from '@quan/contract/coupon';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { users } from './users';

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey(),
    /** Upper case. */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    discountType: text('discount_type').$type<DiscountType>().notNull(),
    discountValue: integer('discount_value').notNull(),
    minOrderValue: integer('min_order_value').notNull().default(0),
    maxDiscount: integer('max_discount'),
    /** Local days of the restaurant's time zone, inclusive. */
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    spinWeight: integer('spin_weight').notNull().default(0),
    /** Set on spin-wheel prizes: only this customer may use it. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(t.code),
    index('coupons_spin_idx')
      .on(t.spinWeight)
      .where(sql`${t.spinWeight} > 0`),
    check('coupons_discount_type_check', sql`${t.discountType} in ('percent', 'fixed')`),
    check(
      'coupons_values_check',
      sql`${t.discountValue} >= 1 and (${t.discountType} = 'fixed' or ${t.discountValue} <= 100) and ${t.minOrderValue} >= 0 and ${t.spinWeight} >= 0`,
    ),
    // The counter never passes the limit, whatever a caller does.
    check(
      'coupons_usage_check',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);

/** Every spin of the wheel: at most one per customer and local day. */
export const spins = pgTable(
  'spins',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The restaurant's local day of the spin. */
    spunOn: date('spun_on', { mode: 'string' }).notNull(),
    label: text('label').notNull(),
    /** The prize coupon it was drawn from, and the one issued to the customer. */
    prizeCouponId: uuid('prize_coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    issuedCouponId: uuid('issued_coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    /** The issued code, kept for the history even if the coupon is deleted. */
    issuedCode: text('issued_code'),
    spunById: uuid('spun_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('spins_one_per_day').on(t.customerId, t.spunOn), index('spins_created_at_idx').on(t.createdAt)],
);
