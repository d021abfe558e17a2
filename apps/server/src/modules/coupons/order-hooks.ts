import type { OrderLifecycleHooks } from '../orders/service';
import type { CouponsService } from './service';

/** Coupons price orders, and a cancelled order gives its use back. */
export function couponOrderHooks(coupons: Pick<CouponsService, 'redeem' | 'release'>): OrderLifecycleHooks {
  return {
    redeemCoupon: (tx, claim) => coupons.redeem(tx, claim),
    async afterStatusChange({ tx, order }) {
      if (order.status === 'cancelled' && order.couponId) await coupons.release(tx, order.couponId);
    },
  };
}
