import type { Order, PaymentMethod } from '@quan/contract/order';
import type { Payment } from '@quan/contract/payments';
import { formatMoney } from '../../../lib/format';
import type { Translate } from '../../../lib/i18n';

/** The message id of each payment method's name: `t(paymentMethodMessages[method])`. */
export const paymentMethodMessages: Record<PaymentMethod, string> = {
  cash: 'orders.method.cash',
  card: 'orders.method.card',
  transfer: 'orders.method.transfer',
  ewallet: 'orders.method.ewallet',
  voucher: 'orders.method.voucher',
};

/** Every payment method's name in the active language, for a screen that takes the names as a map. */
export function paymentMethodLabelsOf(t: Translate): Record<PaymentMethod, string> {
  const entries = Object.entries(paymentMethodMessages).map(([method, id]) => [method, t(id)]);
  return Object.fromEntries(entries) as Record<PaymentMethod, string>;
}

/** What one payment dialog settles: the whole bill, or one part of a split bill, with the payments made to it. */
export interface PaymentTarget {
  total: number;
  paid: number;
  due: number;
  payments: Payment[];
}

/** The bill or the part `partNo` of an order; null when the order has no such part (split again since). */
export function paymentTargetOf(order: Order, partNo?: number): PaymentTarget | null {
  if (partNo === undefined) {
    return { total: order.bills.total, paid: order.paid, due: order.due, payments: order.payments };
  }
  const part = order.billParts.find((one) => one.no === partNo);
  if (!part) return null;
  return {
    total: part.total,
    paid: part.paid,
    due: part.due,
    payments: order.payments.filter((payment) => payment.partNo === partNo),
  };
}

/** What is left to refund of a payment. */
export function refundableOf(payment: Pick<Payment, 'amount' | 'refunded'>): number {
  return Math.max(0, payment.amount - payment.refunded);
}

/** A cash rounding with its sign: "+120 ₫" added to what the bill asks, "−400 ₫" taken off it. */
export function formatRounding(rounding: number): string {
  return `${rounding < 0 ? '−' : '+'}${formatMoney(Math.abs(rounding))}`;
}
