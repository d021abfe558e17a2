import type { Coupon } from '@quan/contract/coupon';

const stamp = { createdAt: '2026-03-01T05:00:00.000Z', updatedAt: '2026-03-01T05:00:00.000Z' };

/** A coupon as GET /api/coupons returns it, for tests (this feature's and the pages composing it). */
export function makeCoupon(serial: number, overrides: Partial<Coupon> & Pick<Coupon, 'code'>): Coupon {
  return {
    _id: `0190a1b2-c3d4-7e5f-8a9b-3c0000000${String(serial).padStart(3, '0')}`,
    description: '',
    discountType: 'percent',
    discountValue: 10,
    minOrderValue: 0,
    maxDiscount: null,
    startDate: null,
    endDate: null,
    usageLimit: null,
    usedCount: 0,
    isActive: true,
    spinWeight: 0,
    customerId: null,
    ...stamp,
    ...overrides,
  };
}
