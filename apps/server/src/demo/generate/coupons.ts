import type { DiscountType } from '@quan/contract/coupon';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { coupons } from '../../db/schema/coupons';
import { orders } from '../../db/schema/orders';
import { addDays, OPENING_HOUR } from './calendar';
import { orderDraw, seededId } from './random';
import { pgArray, rebillOrders, rows } from './sql';

// The restaurant's coupons and the spin wheel's prizes, and the past orders that used them.

interface CouponSpec {
  code: string;
  description: string;
  discountType: DiscountType;
  discountValue: number;
  minOrderValue?: number;
  maxDiscount?: number;
  startDate?: string;
  endDate?: string;
  usageLimit?: number;
  spinWeight?: number;
  /** The share of the counter's orders in its dates (and over its minimum) that used it. */
  share?: number;
}

/**
 * The restaurant's coupons: one for everyone, a Tết offer with a minimum order, the opening offer (over
 * now), a welcome offer whose uses have run out, the Mid-Autumn offer (not started yet), and the prizes of
 * the spin wheel.
 */
function couponSpecs(firstDay: string, lastDay: string, days: number): { spec: CouponSpec; usedUp?: true }[] {
  return [
    {
      spec: {
        code: 'GIAM10',
        description: 'Giảm 10% mọi hóa đơn, tối đa 50.000 ₫',
        discountType: 'percent',
        discountValue: 10,
        maxDiscount: 50_000,
        share: 0.03,
      },
    },
    {
      spec: {
        code: 'TET50K',
        description: 'Tết: giảm 50.000 ₫ cho hóa đơn từ 300.000 ₫',
        discountType: 'fixed',
        discountValue: 50_000,
        minOrderValue: 300_000,
        startDate: addDays(lastDay, -20),
        endDate: addDays(lastDay, 20),
        share: 0.08,
      },
    },
    {
      spec: {
        code: 'KHAITRUONG',
        description: 'Khai trương: giảm 20%, tối đa 100.000 ₫',
        discountType: 'percent',
        discountValue: 20,
        maxDiscount: 100_000,
        startDate: firstDay,
        endDate: addDays(firstDay, Math.max(0, Math.min(13, days - 2))),
        share: 0.12,
      },
    },
    {
      spec: {
        code: 'KHACHMOI30K',
        description: 'Khách mới: giảm 30.000 ₫ cho hóa đơn từ 200.000 ₫',
        discountType: 'fixed',
        discountValue: 30_000,
        minOrderValue: 200_000,
        startDate: firstDay,
        usageLimit: 50,
        share: 0.08,
      },
      usedUp: true,
    },
    {
      spec: {
        code: 'TRUNGTHU15',
        description: 'Trung thu: giảm 15%, tối đa 80.000 ₫',
        discountType: 'percent',
        discountValue: 15,
        maxDiscount: 80_000,
        startDate: addDays(lastDay, 14),
        endDate: addDays(lastDay, 44),
      },
    },
    // The spin wheel's prizes: the wheel shows their descriptions and issues a single-use copy to the winner.
    {
      spec: {
        code: 'VQ-GIAM10',
        description: 'Giảm 10%',
        discountType: 'percent',
        discountValue: 10,
        maxDiscount: 50_000,
        spinWeight: 4,
      },
    },
    {
      spec: {
        code: 'VQ-TRADA',
        description: 'Tặng trà đá',
        discountType: 'fixed',
        discountValue: 10_000,
        spinWeight: 6,
      },
    },
    {
      spec: {
        code: 'VQ-GIAM20K',
        description: 'Giảm 20.000 ₫',
        discountType: 'fixed',
        discountValue: 20_000,
        minOrderValue: 100_000,
        spinWeight: 3,
      },
    },
    {
      spec: {
        code: 'VQ-GIAM50K',
        description: 'Giảm 50.000 ₫',
        discountType: 'fixed',
        discountValue: 50_000,
        minOrderValue: 200_000,
        spinWeight: 1,
      },
    },
  ];
}

/**
 * Writes the coupons and gives the counter's orders theirs: each order draws once (seeded) and takes the
 * coupon whose share its draw falls in, if the order's local day is within the coupon's dates and its
 * subtotal reaches the minimum; a coupon with a usage limit goes to its first orders only. The discount is
 * `couponDiscount`, the tax and total are recomputed like `computeBill` (packages/contract/src/bill.ts), and each coupon's `used_count` is
 * the number of its orders that were not cancelled (the used-up coupon's limit is that number).
 */
export async function addCoupons(
  db: Database,
  input: {
    seed: number;
    random: () => number;
    openedAt: Date;
    timezone: string;
    firstDay: string;
    lastDay: string;
    days: number;
  },
): Promise<{ coupons: number; spinPrizes: number; couponOrders: number }> {
  const list = couponSpecs(input.firstDay, input.lastDay, input.days);
  await db.insert(coupons).values(
    list.map(({ spec }, index) => {
      // Written a minute apart in the list's order, so lists (and the wheel) show them in that order.
      const createdAt = new Date(input.openedAt.getTime() + (OPENING_HOUR * 60 + index) * 60_000);
      return {
        id: seededId(input.random, createdAt),
        code: spec.code,
        description: spec.description,
        discountType: spec.discountType,
        discountValue: spec.discountValue,
        minOrderValue: spec.minOrderValue ?? 0,
        maxDiscount: spec.maxDiscount ?? null,
        startDate: spec.startDate ?? null,
        endDate: spec.endDate ?? null,
        usageLimit: spec.usageLimit ?? null,
        spinWeight: spec.spinWeight ?? 0,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
  let low = 0;
  const offers = list.flatMap(({ spec }) => {
    if (!spec.share) return [];
    const offer = { spec, low, high: low + spec.share };
    low = offer.high;
    return [offer];
  });
  await db.execute(sql`
    with offer as (
      select k.id as coupon_id, k.code, k.discount_type, k.discount_value, k.min_order_value, k.max_discount,
        k.start_date, k.end_date, k.usage_limit, share.low, share.high
      from unnest(${pgArray(offers.map((o) => o.spec.code))}::text[], ${pgArray(offers.map((o) => o.low))}::float8[],
        ${pgArray(offers.map((o) => o.high))}::float8[]) as share(code, low, high)
      join ${coupons} k on k.code = share.code
    ),
    candidates as (
      select o.id, o.subtotal, o.created_at, (o.created_at at time zone ${input.timezone}::text)::date as day,
        ${orderDraw(input.seed, 'coupon', sql`o.id`)} as draw
      from ${orders} o where o.source = 'pos' and o.status <> 'cancelled'
    ),
    used as (
      select c.id, k.coupon_id, k.code, c.subtotal, k.usage_limit,
        case when k.discount_type = 'percent'
          then least(c.subtotal, coalesce(k.max_discount, c.subtotal), c.subtotal * k.discount_value / 100)
          else least(c.subtotal, k.discount_value) end as discount,
        row_number() over (partition by k.coupon_id order by c.created_at, c.id) as use_no
      from candidates c join offer k on c.draw >= k.low and c.draw < k.high and c.subtotal >= k.min_order_value
        and (k.start_date is null or c.day >= k.start_date) and (k.end_date is null or c.day <= k.end_date)
    )
    update ${orders} o set coupon_code = u.code, coupon_id = u.coupon_id, discount = u.discount
    from used u where o.id = u.id and (u.usage_limit is null or u.use_no <= u.usage_limit)`);
  // The discount shared between the rates and each rate's VAT again, in the order's own VAT mode.
  await rebillOrders(db, sql`o.coupon_id is not null`);
  const usedUp = list.find((entry) => entry.usedUp)?.spec.code ?? '';
  await db.execute(sql`
    update ${coupons} k set used_count = u.n,
      usage_limit = case when k.code = ${usedUp} then greatest(u.n, 1) else k.usage_limit end
    from (select coupon_id, count(*)::int as n from ${orders}
      where coupon_id is not null and status <> 'cancelled' group by coupon_id) u
    where k.id = u.coupon_id`);
  const [written] = await rows<{ orders: number }>(
    db,
    sql`select count(*)::int as orders from ${orders} where coupon_code is not null`,
  );
  return {
    coupons: list.length,
    spinPrizes: list.filter(({ spec }) => (spec.spinWeight ?? 0) > 0).length,
    couponOrders: written?.orders ?? 0,
  };
}
