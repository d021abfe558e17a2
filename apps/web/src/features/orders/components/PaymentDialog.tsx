import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { paymentMethods, type Order, type PaymentMethod } from '@quan/contract/order';
import { cashDueOf, changeDue, transferNote, type Payment, type TakePaymentBody } from '@quan/contract/payments';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { MoneyField } from '../../../components/MoneyField';
import { VietQrCode } from '../../../components/VietQrCode';
import { describeApiError, getApiStatus } from '../../../lib/api-client';
import { formatMoney, parseDong } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { sendOrKeep } from '../../../lib/outbox-sender';
import { useCan } from '../../../lib/use-can';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { useBankAccount, useCashRounding } from '../api/get-bank-account';
import { useEinvoicing } from '../api/get-einvoicing';
import { orderQueryOptions } from '../api/get-order';
import { takePaymentRequest, useTakePayment } from '../api/take-payment';
import { CashTender } from './CashTender';
import { InvoiceBuyerFields, invoiceBuyerDraftOf, readInvoiceBuyer } from './InvoiceBuyerFields';
import { paymentMethodIcons, PaymentRow } from './PaymentRow';
import { RefundDialog } from './RefundDialog';
import { tableLabel } from './order-names';
import { paymentMethodMessages, paymentTargetOf } from './payment-labels';

interface PaymentFormProblems {
  amount?: string;
  tip?: string;
  received?: string;
}

interface PaymentDialogProps {
  order: Order;
  /** The part of a split bill being paid; the whole bill without it. */
  partNo?: number;
  onClose: () => void;
}

/**
 * Taking the payment of a bill, or of one part of a split bill: what it comes to, what was paid and what is
 * still due, the payments taken so far (a manager may refund one), and one more payment. The amount starts at
 * what is due and can be lowered to split the tender (some in cash, the rest by transfer); the dialog stays
 * open, showing the new due, until nothing is left. Cash shows the change for what the guest handed over, a
 * transfer shows the VietQR code to scan. Cash paying all that is due is rounded to the restaurant's step, as the
 * server will round it: the cash asked for and the change are the rounded ones. Nothing is preselected: the revenue report splits by payment
 * method, and a default would be recorded by reflex. A guest who wants the e-invoice in their company's name says so
 * here, and the order remembers it for its invoice.
 */
export function PaymentDialog({ order: opened, partNo, onClose }: PaymentDialogProps) {
  const mutation = useTakePayment();
  const t = useT();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { _id: userId, name: userName } = useAppSelector(selectUser);
  const canRefund = useCan('payments:refund');
  const bank = useBankAccount();
  // Until the settings are known the cash is asked for exact; the server rounds it all the same.
  const cashStep = useCashRounding().data ?? 0;
  // A branch that issues no e-invoices asks nobody for a company; an order that remembers one still shows it.
  const einvoicing = useEinvoicing().data === true || opened.invoiceBuyer != null;
  // The order as the last answer left it: each payment raises its version, and the next one must send it.
  const [order, setOrder] = useState(opened);
  const target = paymentTargetOf(order, partNo);
  const due = target?.due ?? 0;
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [amountText, setAmountText] = useState(String(due));
  const [tipText, setTipText] = useState('');
  const [receivedText, setReceivedText] = useState('');
  const [triedToSend, setTriedToSend] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  // The guest's answer to "company invoice?" as the order remembers it; walk-in (the switch off) needs no typing.
  const [buyerDraft, setBuyerDraft] = useState(() => invoiceBuyerDraftOf(opened.invoiceBuyer));
  // Raised when the payment is refused for the buyer alone: the first wrong company field takes the focus.
  const [buyerFocusRequest, setBuyerFocusRequest] = useState(0);
  const paymentsHeadingId = useId();

  const { orderNo } = order;
  const what = partNo === undefined ? t('orders.target.order', { orderNo }) : t('orders.pay.part', { partNo, orderNo });
  // The same, starting a sentence.
  const name =
    partNo === undefined ? t('orders.name.order', { orderNo }) : t('orders.pay.partName', { partNo, orderNo });
  const title =
    partNo === undefined ? t('orders.pay.title', { orderNo }) : t('orders.pay.titlePart', { partNo, orderNo });

  const amount = parseDong(amountText);
  const tip = parseDong(tipText) ?? 0;
  const received = method === 'cash' ? parseDong(receivedText) : null;
  const rounding = method === 'cash' && amount !== null ? cashDueOf(amount, due, cashStep).rounding : 0;
  const owed = (amount ?? 0) + rounding + (Number.isNaN(tip) ? 0 : tip);
  const problems: PaymentFormProblems = {};
  if (amount === null || !Number.isInteger(amount) || amount < 1 || amount > due) {
    problems.amount = t('orders.refund.amountRange', { max: formatMoney(due) });
  }
  if (Number.isNaN(tip)) problems.tip = t('orders.pay.tipInvalid');
  if (received !== null && (Number.isNaN(received) || received < owed)) {
    problems.received = t('orders.pay.receivedShort', { amount: formatMoney(owed) });
  }
  const buyer = readInvoiceBuyer(buyerDraft);
  // A company asked for goes with every payment, so the one that completes the bill carries it; a walk-in is said
  // only to take back a company the order remembers.
  const invoiceBuyer = buyerDraft.isCompany || order.invoiceBuyer ? buyer.buyer : null;
  const hasProblem = Object.keys(problems).length > 0 || Object.keys(buyer.problems).length > 0;
  const shown = triedToSend ? problems : {};

  function startOver(after: Order, left: number) {
    setOrder(after);
    setMethod(null);
    setAmountText(String(left));
    setTipText('');
    setReceivedText('');
    setTriedToSend(false);
  }

  /** After a refusal the order may have changed elsewhere (paid by a bank notification, split again). */
  async function reloadOrder() {
    try {
      const fresh = await queryClient.fetchQuery({ ...orderQueryOptions(order._id), staleTime: 0 });
      const freshTarget = paymentTargetOf(fresh, partNo);
      if (!freshTarget || freshTarget.due === 0) {
        enqueueSnackbar(freshTarget ? t('orders.pay.alreadyPaid', { name }) : t('orders.pay.gone', { name }), {
          variant: 'info',
        });
        onClose();
        return;
      }
      setOrder(fresh);
      if (amount !== null && amount > freshTarget.due) setAmountText(String(freshTarget.due));
    } catch {
      // The refusal is already on screen; the lists are fetched again by the mutation.
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSend(true);
    // Its message would otherwise sit below the fold, under the buttons.
    if (Object.keys(problems).length === 0 && Object.keys(buyer.problems).length > 0) {
      setBuyerFocusRequest((count) => count + 1);
    }
    if (!method || hasProblem || amount === null || mutation.isPending) return;
    setError(null);
    setNotice(null);
    const body: TakePaymentBody = {
      method,
      amount,
      ...(tip > 0 ? { tip } : {}),
      ...(received !== null ? { tendered: received } : {}),
      ...(partNo !== undefined ? { partNo } : {}),
      ...(invoiceBuyer ? { invoiceBuyer } : {}),
      expectedVersion: order.version,
    };
    try {
      const variables = { id: order._id, ...body };
      const change = received !== null ? changeDue(received, amount, tip, rounding) : 0;
      const answered = await sendOrKeep(
        takePaymentRequest(variables),
        (idempotencyKey) => mutation.mutateAsync({ ...variables, idempotencyKey }),
        {
          kind: 'payment',
          userId,
          userName,
          estimate: null,
          cart: null,
          label: t('outbox.label.payment', {
            amount: formatMoney(amount),
            method: t(paymentMethodMessages[method]).toLocaleLowerCase(),
            what,
          }),
        },
      );
      // The cash is in the drawer: the payment waits on this device and reaches the bill when the server does.
      if (!answered) {
        enqueueSnackbar(t('outbox.saved'), { variant: 'info' });
        onClose();
        return;
      }
      const left = paymentTargetOf(answered, partNo)?.due ?? 0;
      if (left === 0) {
        const paid =
          change > 0
            ? t('orders.pay.paidChange', { name, change: formatMoney(change) })
            : t('orders.pay.paid', { name });
        enqueueSnackbar(paid, { variant: 'success' });
        onClose();
        return;
      }
      startOver(answered, left);
      const taken = {
        amount: formatMoney(amount),
        method: t(paymentMethodMessages[method]).toLocaleLowerCase(),
        left: formatMoney(left),
      };
      setNotice(
        change > 0
          ? t('orders.pay.takenChange', { ...taken, change: formatMoney(change) })
          : t('orders.pay.taken', taken),
      );
    } catch (caught) {
      setError(describeApiError(caught, t('orders.pay.error', { what })));
      if (getApiStatus(caught) === 409) await reloadOrder();
    }
  }

  function refunded(after: Order) {
    const left = paymentTargetOf(after, partNo)?.due ?? 0;
    startOver(after, left);
    setError(null);
    setNotice(t('orders.pay.left', { left: formatMoney(left) }));
  }

  function chooseMethod(next: PaymentMethod) {
    setMethod(next);
    if (next !== 'cash') setReceivedText('');
  }

  const transferAmount = owed;
  const payments = target?.payments ?? [];

  return (
    <Dialog title={title} onClose={onClose} className="max-w-xl">
      {/* A field in focus, and the message under it, stay clear of the sticky buttons (two rows on a phone). */}
      <form
        className="space-y-5 [&_input]:scroll-mb-48 sm:[&_input]:scroll-mb-28"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <div className="space-y-2">
          <p className="text-sm text-stone-700">
            {tableLabel(order, t)} · {order.customerDetails.name || t('orders.guest')}
          </p>
          <dl className="grid grid-cols-3 gap-2 rounded-lg bg-stone-100 px-3 py-2 text-sm">
            <div>
              <dt className="text-stone-600">{t('orders.pay.total')}</dt>
              <dd className="font-semibold text-stone-900 tabular-nums">{formatMoney(target?.total ?? 0)}</dd>
            </div>
            <div>
              <dt className="text-stone-600">{t('orders.pay.paidLabel')}</dt>
              <dd className="font-semibold text-stone-900 tabular-nums">{formatMoney(target?.paid ?? 0)}</dd>
            </div>
            <div>
              <dt className="text-stone-600">{t('orders.pay.due')}</dt>
              <dd className="text-base font-bold text-amber-800 tabular-nums">{formatMoney(due)}</dd>
            </div>
          </dl>
          <p role="status" className="text-sm font-medium text-green-800">
            {notice}
          </p>
        </div>

        {payments.length > 0 && (
          <section aria-labelledby={paymentsHeadingId} className="space-y-2">
            <h3 id={paymentsHeadingId} className="field-label">
              {t('orders.pay.payments')}
            </h3>
            <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
              {payments.map((payment) => (
                <PaymentRow
                  key={payment._id}
                  payment={payment}
                  canRefund={canRefund}
                  onRefund={() => setRefunding(payment)}
                />
              ))}
            </ul>
          </section>
        )}

        {due > 0 && (
          <>
            <fieldset>
              <legend className="field-label">{t('orders.pay.method')}</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {paymentMethods.map((option) => {
                  const Icon = paymentMethodIcons[option];
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
                        onChange={() => chooseMethod(option)}
                        className="sr-only"
                      />
                      <Icon aria-hidden="true" className="size-5 shrink-0" />
                      {t(paymentMethodMessages[option])}
                    </label>
                  );
                })}
              </div>
              {triedToSend && !method && <p className="field-error">{t('orders.pay.chooseMethod')}</p>}
            </fieldset>

            {method === 'transfer' && (
              <div className="rounded-lg border border-stone-200 p-3">
                {bank.data ? (
                  <VietQrCode bank={bank.data} amount={transferAmount} note={transferNote(order.orderNo, partNo)} />
                ) : bank.isPending ? (
                  <p className="text-sm text-stone-600">{t('orders.pay.loadingBank')}</p>
                ) : (
                  <p className="text-sm text-stone-700">{t('orders.pay.noBank')}</p>
                )}
                <p className="mt-2 text-sm text-stone-700">{t('orders.pay.confirmTransfer')}</p>
              </div>
            )}
            <div className="grid gap-3 sm:grid-cols-2">
              <MoneyField
                label={t('orders.pay.amount')}
                value={amountText}
                onChange={setAmountText}
                hint={
                  amount !== null && !problems.amount
                    ? t('orders.pay.amountOfDue', { amount: formatMoney(amount), due: formatMoney(due) })
                    : t('orders.pay.amountDue', { due: formatMoney(due) })
                }
                error={shown.amount}
              />
              <MoneyField
                label={t('orders.pay.tip')}
                value={tipText}
                onChange={setTipText}
                hint={
                  tip > 0 && !problems.tip
                    ? t('orders.pay.tipOnTop', { amount: formatMoney(tip) })
                    : t('orders.pay.tipHint')
                }
                error={shown.tip}
              />
            </div>
            {method === 'cash' && (
              <CashTender
                receivedText={receivedText}
                onReceivedTextChange={setReceivedText}
                amount={amount}
                tip={tip}
                rounding={rounding}
                owed={owed}
                error={shown.received}
              />
            )}
            {einvoicing && (
              <InvoiceBuyerFields
                draft={buyerDraft}
                onChange={setBuyerDraft}
                problems={triedToSend ? buyer.problems : {}}
                focusRequest={buyerFocusRequest}
              />
            )}
          </>
        )}

        {error && <FormAlert>{error}</FormAlert>}

        <div className="sticky -bottom-6 -mx-6 flex flex-col-reverse gap-2 border-t border-stone-100 bg-white px-6 py-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary min-h-11" onClick={onClose}>
            {due > 0 ? t('orders.dialog.cancel') : t('orders.dialog.close')}
          </button>
          {due > 0 && (
            <button type="submit" className="btn btn-primary min-h-11" disabled={!method || mutation.isPending}>
              {mutation.isPending
                ? t('orders.saving')
                : method === 'transfer'
                  ? t('orders.pay.transferReceived')
                  : t('orders.action.takePayment')}
            </button>
          )}
        </div>
      </form>
      {refunding && (
        <RefundDialog
          key={refunding._id}
          order={order}
          payment={refunding}
          onRefunded={refunded}
          onClose={() => setRefunding(null)}
        />
      )}
    </Dialog>
  );
}
