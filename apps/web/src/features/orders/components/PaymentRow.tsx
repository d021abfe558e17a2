import { Banknote, CreditCard, Landmark, Smartphone, Ticket, type LucideIcon } from 'lucide-react';
import type { PaymentMethod } from '@quan/contract/order';
import type { Payment } from '@quan/contract/payments';
import { formatClock } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { formatRounding, paymentMethodMessages, refundableOf } from './payment-labels';

export const paymentMethodIcons: Record<PaymentMethod, LucideIcon> = {
  cash: Banknote,
  card: CreditCard,
  transfer: Landmark,
  ewallet: Smartphone,
  voucher: Ticket,
};

interface PaymentRowProps {
  payment: Payment;
  canRefund: boolean;
  onRefund: () => void;
}

/**
 * One payment taken: how and how much, the tip, the cash rounding, the cash handed over and its change, who took
 * it and when.
 */
export function PaymentRow({ payment, canRefund, onRefund }: PaymentRowProps) {
  const t = useT();
  const Icon = paymentMethodIcons[payment.method];
  const label = t(paymentMethodMessages[payment.method]);
  const refundable = refundableOf(payment);
  const details = [
    payment.tip > 0 && t('orders.payment.tip', { amount: formatMoney(payment.tip) }),
    payment.rounding !== 0 && t('orders.payment.rounding', { amount: formatRounding(payment.rounding) }),
    payment.tendered !== null && t('orders.payment.received', { amount: formatMoney(payment.tendered) }),
    payment.tendered !== null && t('orders.payment.change', { amount: formatMoney(payment.change) }),
    payment.takenBy
      ? t('orders.payment.by', { name: payment.takenBy.name })
      : payment.bankTransactionId
        ? t('orders.payment.byBank')
        : null,
    formatClock(payment.takenAt),
  ].filter(Boolean);
  return (
    <li className="flex items-start justify-between gap-3 px-3 py-2 text-sm">
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 font-semibold text-stone-900">
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          {label} <span className="tabular-nums">{formatMoney(payment.amount)}</span>
        </p>
        <p className="text-xs text-stone-600">{details.join(' · ')}</p>
        {payment.refunds.map((refund) => (
          <p key={refund._id} className="text-xs text-red-800">
            {t('orders.payment.refunded', { amount: formatMoney(refund.amount), reason: refund.reason })}
            {refund.refundedBy ? ` (${refund.refundedBy.name}, ${formatClock(refund.refundedAt)})` : ''}
          </p>
        ))}
      </div>
      {canRefund && refundable > 0 && (
        <button type="button" className="btn btn-sm btn-secondary min-h-11 shrink-0 sm:min-h-8" onClick={onRefund}>
          {t('orders.refund.submit')}{' '}
          <span className="sr-only">
            {t('orders.payment.refundTarget', {
              method: label.toLocaleLowerCase(),
              amount: formatMoney(payment.amount),
            })}
          </span>
        </button>
      )}
    </li>
  );
}
