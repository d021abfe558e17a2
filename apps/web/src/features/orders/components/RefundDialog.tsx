import { useId, useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import type { Order } from '@quan/contract/order';
import { refundPaymentBodySchema, type Payment } from '@quan/contract/payments';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { MoneyField } from '../../../components/MoneyField';
import { describeApiError, getApiFieldErrors } from '../../../lib/api-client';
import { formatMoney, parseDong } from '../../../lib/format';
import { useRefundPayment } from '../api/refund-payment';
import { formatClock, paymentMethodLabels, refundableOf } from './order-status';

interface RefundDialogProps {
  order: Order;
  payment: Payment;
  onClose: () => void;
  /** The order as the refund left it. */
  onRefunded?: (order: Order) => void;
}

interface RefundProblems {
  amount?: string;
  reason?: string;
}

/**
 * A manager gives back part or all of one payment. The amount starts at what is left to refund of it; the
 * reason is required, since it is what the audit trail and the shift report will show.
 */
export function RefundDialog({ order, payment, onClose, onRefunded }: RefundDialogProps) {
  const mutation = useRefundPayment();
  const { enqueueSnackbar } = useSnackbar();
  const refundable = refundableOf(payment);
  const [amountText, setAmountText] = useState(String(refundable));
  const [reason, setReason] = useState('');
  const [triedToSend, setTriedToSend] = useState(false);
  const [serverProblems, setServerProblems] = useState<RefundProblems>({});
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const reasonErrorId = useId();
  const method = paymentMethodLabels[payment.method];

  const amount = parseDong(amountText);
  const parsed = refundPaymentBodySchema.safeParse({ amount: amount ?? undefined, reason });
  const problems: RefundProblems = {};
  if (amount === null || Number.isNaN(amount) || amount < 1 || amount > refundable) {
    problems.amount = `Enter an amount from 1 ₫ to ${formatMoney(refundable)}.`;
  }
  if (!parsed.success) {
    const reasonIssue = parsed.error.issues.find((issue) => issue.path[0] === 'reason');
    if (reasonIssue) problems.reason = reasonIssue.message;
  }
  const shown: RefundProblems = triedToSend ? { ...serverProblems, ...problems } : serverProblems;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSend(true);
    if (!parsed.success || problems.amount || problems.reason || mutation.isPending) return;
    setError(null);
    setServerProblems({});
    try {
      const answered = await mutation.mutateAsync({ id: order._id, paymentId: payment._id, ...parsed.data });
      enqueueSnackbar(`Refunded ${formatMoney(parsed.data.amount)} on order #${order.orderNo}.`, {
        variant: 'success',
      });
      onRefunded?.(answered);
      onClose();
    } catch (caught) {
      const fieldProblems: RefundProblems = {};
      for (const fieldError of getApiFieldErrors(caught)) {
        if (fieldError.path === 'amount' || fieldError.path === 'reason')
          fieldProblems[fieldError.path] = fieldError.message;
      }
      setServerProblems(fieldProblems);
      setError(describeApiError(caught, `Could not refund the payment on order #${order.orderNo}.`));
    }
  }

  return (
    <Dialog title={`Refund a payment · order #${order.orderNo}`} onClose={onClose} className="max-w-md">
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <p className="text-sm text-stone-700">
          {method} payment of <strong className="text-stone-900">{formatMoney(payment.amount)}</strong> at{' '}
          {formatClock(payment.takenAt)}
          {payment.takenBy ? ` by ${payment.takenBy.name}` : ''}
          {payment.refunded > 0 ? `; ${formatMoney(payment.refunded)} refunded already` : ''}.
        </p>
        <MoneyField
          label="Amount to refund"
          value={amountText}
          onChange={setAmountText}
          hint={`At most ${formatMoney(refundable)}`}
          error={shown.amount}
        />
        <div>
          <label htmlFor={reasonId} className="field-label">
            Reason
          </label>
          <textarea
            id={reasonId}
            className="field-input min-h-20"
            value={reason}
            required
            maxLength={200}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={shown.reason ? true : undefined}
            aria-describedby={shown.reason ? reasonErrorId : undefined}
          />
          {shown.reason && (
            <p id={reasonErrorId} className="field-error">
              {shown.reason}
            </p>
          )}
        </div>
        {error && <FormAlert>{error}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary min-h-11" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary min-h-11" disabled={mutation.isPending}>
            {mutation.isPending ? 'Refunding…' : 'Refund'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
