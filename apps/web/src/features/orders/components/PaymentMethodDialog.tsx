import { useState } from 'react';
import { Banknote, CreditCard, Landmark, Smartphone, type LucideIcon } from 'lucide-react';
import { paymentMethods, type Order, type PaymentMethod } from '@quan/contract/order';
import { formatMoney } from '../../../lib/format';
import { Dialog } from '../../../components/Dialog';
import { paymentMethodLabels, tableLabel } from './order-status';

const paymentIcons: Record<PaymentMethod, LucideIcon> = {
  cash: Banknote,
  card: CreditCard,
  transfer: Landmark,
  ewallet: Smartphone,
};

interface PaymentMethodDialogProps {
  order: Order;
  isPending: boolean;
  onConfirm: (paymentMethod: PaymentMethod) => void;
  onClose: () => void;
  /** What is being paid when it is not the whole order: one part of a split bill. */
  part?: Pick<Order['billParts'][number], 'no' | 'total'>;
}

/**
 * Completing an order settles the bill, so the cashier says how it was paid; paying one part of a split bill
 * asks the same. Nothing is preselected: the revenue report splits by payment method, and a default would be
 * recorded by reflex.
 */
export function PaymentMethodDialog({ order, isPending, onConfirm, onClose, part }: PaymentMethodDialogProps) {
  const [method, setMethod] = useState<PaymentMethod | null>(part ? null : order.paymentMethod);

  return (
    <Dialog
      title={part ? `Pay part ${part.no} of order #${order.orderNo}` : `Complete order #${order.orderNo}`}
      onClose={onClose}
    >
      <form
        className="mt-2 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (method) onConfirm(method);
        }}
      >
        <p className="text-sm text-stone-700">
          {tableLabel(order)} · {order.customerDetails.name || 'Guest'} · {part ? `part ${part.no}` : 'total'}{' '}
          <strong className="text-stone-900">{formatMoney(part ? part.total : order.bills.total)}</strong>
        </p>
        <fieldset>
          <legend className="field-label">Payment method</legend>
          <div className="grid grid-cols-2 gap-2">
            {paymentMethods.map((option) => {
              const Icon = paymentIcons[option];
              return (
                <label
                  key={option}
                  className="flex min-h-14 cursor-pointer items-center gap-2 rounded-xl border-2 border-stone-200 px-3 py-2 text-sm font-semibold text-stone-800 has-checked:border-amber-600 has-checked:bg-amber-50 has-focus-visible:outline-2 has-focus-visible:outline-amber-600"
                >
                  <input
                    type="radio"
                    name="payment-method"
                    value={option}
                    checked={method === option}
                    onChange={() => setMethod(option)}
                    className="sr-only"
                  />
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  {paymentMethodLabels[option]}
                </label>
              );
            })}
          </div>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!method || isPending}>
            {isPending ? (part ? 'Saving…' : 'Completing…') : part ? `Pay part ${part.no}` : 'Complete order'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
