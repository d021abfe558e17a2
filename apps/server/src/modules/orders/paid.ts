import type { PaymentMethod } from '@quan/contract/payments';
import type { PaymentRow } from './repository';

/** What payments cover of a bill, net of refunds (tips and change are not the bill's). */
export const netPaid = (payments: readonly Pick<PaymentRow, 'amount' | 'refunded'>[]) =>
  payments.reduce((sum, payment) => sum + payment.amount - payment.refunded, 0);

/** The method that paid most of a bill (the first on a tie): the order's and a part's `paymentMethod`. */
export function mainMethod(
  payments: readonly Pick<PaymentRow, 'method' | 'amount' | 'refunded'>[],
): PaymentMethod | null {
  const byMethod = new Map<PaymentMethod, number>();
  for (const payment of payments) {
    byMethod.set(payment.method, (byMethod.get(payment.method) ?? 0) + payment.amount - payment.refunded);
  }
  let best: PaymentMethod | null = null;
  for (const [method, amount] of byMethod) if (amount > 0 && (!best || amount > byMethod.get(best)!)) best = method;
  return best;
}
