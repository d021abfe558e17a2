import { isOpenOrderStatus, type Order } from '@quan/contract/order';
import type { Translate } from '../../../lib/i18n';

interface RoundState {
  isOnline: boolean;
  /** The open order the round joins, as the table list names it. */
  orderNo: number;
  /** The order as loaded; undefined while it loads, or when it could not be. */
  order: Order | undefined;
  isLoading: boolean;
  hasDishes: boolean;
}

/**
 * Why the cart cannot go as the next round yet, or null. Offline, the order may not be at hand (the page was
 * reloaded without a network): the round is kept on the tablet all the same, and the server checks it against
 * the order when it is sent.
 */
export function roundBlocker(t: Translate, { isOnline, orderNo, order, isLoading, hasDishes }: RoundState) {
  if (!isOnline && !order) return hasDishes ? null : t('pos.blocker.noDishes');
  if (isLoading) return t('pos.blocker.orderLoading', { orderNo });
  if (!order) return t('pos.blocker.orderLoadError', { orderNo });
  if (!isOpenOrderStatus(order.status)) {
    return t(order.status === 'cancelled' ? 'pos.blocker.orderCancelled' : 'pos.blocker.orderCompleted', {
      orderNo: order.orderNo,
    });
  }
  return hasDishes ? null : t('pos.blocker.noDishes');
}

/** Why the cart cannot be placed as a new order yet, or null. A table or a guest starts it. */
export function orderBlocker(
  t: Translate,
  { canStart, hasDishes, isCheckingCoupon }: { canStart: boolean; hasDishes: boolean; isCheckingCoupon: boolean },
) {
  if (!canStart) return t('pos.blocker.noCustomer');
  if (!hasDishes) return t('pos.blocker.noDishes');
  return isCheckingCoupon ? t('pos.blocker.couponChecking') : null;
}
