import { useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import type { Order } from '@quan/contract/order';
import { refundPaymentBodySchema, type Payment } from '@quan/contract/payments';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { MoneyField } from '../../../components/MoneyField';
import { describeApiError, getApiFieldErrors } from '../../../lib/api-client';
import { formatMoney, parseDong } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useRefundPayment } from '../api/refund-payment';
import { paymentMethodMessages, refundableOf } from './payment-labels';
import { formatClock } from '../../../lib/date-format';
import { TextAreaField } from '../../../components/TextAreaField';

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
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const refundable = refundableOf(payment);
  const [amountText, setAmountText] = useState(String(refundable));
  const [reason, setReason] = useState('');
  const [triedToSend, setTriedToSend] = useState(false);
  const [serverProblems, setServerProblems] = useState<RefundProblems>({});
  const [error, setError] = useState<string | null>(null);
  const method = t(paymentMethodMessages[payment.method]);

  const amount = parseDong(amountText);
  const parsed = refundPaymentBodySchema.safeParse({ amount: amount ?? undefined, reason });
  const problems: RefundProblems = {};
  if (amount === null || Number.isNaN(amount) || amount < 1 || amount > refundable) {
    problems.amount = t('orders.refund.amountRange', { max: formatMoney(refundable) });
  }
  if (!parsed.success) {
    const reasonIssue = parsed.error.issues.find((issue) => issue.path[0] === 'reason');
    if (reasonIssue) problems.reason = translateValidationMessage(reasonIssue.message);
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
      enqueueSnackbar(t('orders.refund.done', { amount: formatMoney(parsed.data.amount), orderNo: order.orderNo }), {
        variant: 'success',
      });
      onRefunded?.(answered);
      onClose();
    } catch (caught) {
      const fieldProblems: RefundProblems = {};
      for (const fieldError of getApiFieldErrors(caught)) {
        if (fieldError.path === 'amount' || fieldError.path === 'reason')
          fieldProblems[fieldError.path] = translateValidationMessage(fieldError.message);
      }
      setServerProblems(fieldProblems);
      setError(describeApiError(caught, t('orders.refund.error', { orderNo: order.orderNo })));
    }
  }

  return (
    <Dialog title={t('orders.refund.title', { orderNo: order.orderNo })} onClose={onClose} className="max-w-md">
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <p className="text-sm text-stone-700">
          {t('orders.refund.paymentOf', { method })}{' '}
          <strong className="text-stone-900">{formatMoney(payment.amount)}</strong>{' '}
          {t('orders.refund.at', { time: formatClock(payment.takenAt) })}
          {payment.takenBy ? t('orders.refund.by', { name: payment.takenBy.name }) : ''}
          {payment.refunded > 0 ? t('orders.refund.already', { amount: formatMoney(payment.refunded) }) : ''}.
        </p>
        <MoneyField
          label={t('orders.refund.amount')}
          value={amountText}
          onChange={setAmountText}
          hint={t('orders.refund.atMost', { amount: formatMoney(refundable) })}
          error={shown.amount}
        />
        <TextAreaField
          label={t('orders.void.reason')}
          textAreaClassName="min-h-20"
          value={reason}
          required
          maxLength={200}
          onChange={(event) => setReason(event.target.value)}
          error={shown.reason}
        />
        {error && <FormAlert>{error}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary min-h-11" onClick={onClose}>
            {t('orders.dialog.cancel')}
          </button>
          <button type="submit" className="btn btn-primary min-h-11" disabled={mutation.isPending}>
            {mutation.isPending ? t('orders.refund.refunding') : t('orders.refund.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
