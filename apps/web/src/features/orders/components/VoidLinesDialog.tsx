import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { useSnackbar } from 'notistack';
import { voidReasons, type Order, type OrderItem, type VoidReason } from '@quan/contract/order';
import { VOID_GRACE_MINUTES } from '@quan/contract/rounds';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError, getApiStatus } from '../../../lib/api-client';
import { formatClock } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT, type Translate } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { useNow } from '../../../lib/use-now';
import { useVoidLines } from '../api/void-lines';
import { LineQuantityPicker } from './LineQuantityPicker';
import { tableLabel } from './order-names';
import { lineKitchenStart } from './round-status';
import {
  describePortions,
  pickedAmount,
  pickedCount,
  pickedPortions,
  voidReasonMessages,
  withPick,
  type LinePicks,
} from './tab-actions';

interface VoidLinesDialogProps {
  order: Order;
  onClose: () => void;
}

type Step = 'pick' | 'approval';

/**
 * What the kitchen has done with the dishes picked, and so whether the void needs a manager: "The kitchen
 * started at 19:32 — a manager must approve". The earliest start named is the one that decides.
 */
function kitchenNote(
  t: Translate,
  order: Pick<Order, 'rounds'>,
  lines: readonly OrderItem[],
  now: number,
  canVoidStarted: boolean,
): { text: string; needsManager: boolean } | null {
  if (lines.length === 0) return null;
  const starts = lines.map((line) => ({ line, start: lineKitchenStart(order, line, now) }));
  const started = starts.filter(({ start }) => start === 'started').map(({ line }) => line);
  const startTimes = started.flatMap((line) => (line.startedAt ? [line.startedAt] : [])).sort();
  let state: string;
  if (startTimes[0]) state = t('orders.void.kitchen.startedAt', { time: formatClock(startTimes[0]) });
  else if (started.length > 0) state = t('orders.void.kitchen.made');
  else if (starts.some(({ start }) => start === 'past_grace')) {
    state = t('orders.void.kitchen.pastGrace', { minutes: VOID_GRACE_MINUTES });
  } else return { text: t('orders.void.kitchen.notStarted'), needsManager: false };
  // A manager signed in voids it themselves: the state alone says why a dish may be thrown away.
  return canVoidStarted
    ? { text: state, needsManager: false }
    : { text: t('orders.void.kitchen.managerApproves', { state }), needsManager: true };
}

/**
 * Takes dishes off an open order's bill: which and how many, why, and whether a cooked dish was thrown away.
 * Staff void what the kitchen has not started (kitchenNote says whether it has, and when); when the server
 * refuses a started dish (403, its clock decides), the dialog asks
 * a manager to approve on this device with their email and password, which live in this dialog's state only,
 * for the one request, and are cleared after it.
 */
export function VoidLinesDialog({ order, onClose }: VoidLinesDialogProps) {
  const mutation = useVoidLines();
  const t = useT();
  // The grace time runs out while the dialog is open: the note and the thrown-away choice follow.
  const now = useNow(10_000);
  const { enqueueSnackbar } = useSnackbar();
  const canVoidStarted = useCan('orders:void-started');
  const [step, setStep] = useState<Step>('pick');
  const [picks, setPicks] = useState<LinePicks>(() => new Map());
  const [reason, setReason] = useState<VoidReason | null>(null);
  const [note, setNote] = useState('');
  const [wasted, setWasted] = useState(false);
  const [approvalAsk, setApprovalAsk] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [triedToSend, setTriedToSend] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const firstLineRef = useRef<HTMLButtonElement>(null);
  const reasonErrorId = useId();
  const summaryId = useId();

  // The approval fields replace the form the focus was in: it moves to the first of them.
  useEffect(() => {
    if (step === 'approval') emailRef.current?.focus();
  }, [step]);

  const portions = pickedPortions(order, picks);
  const count = pickedCount(order, picks);
  const amount = pickedAmount(order, picks);
  const pickedLines = portions.flatMap(({ position }) => order.items.filter((one) => one.position === position));
  const startedPicked = pickedLines.some((line) => lineKitchenStart(order, line, now) !== 'not_started');
  const kitchen = kitchenNote(t, order, pickedLines, now, canVoidStarted);
  const problems = {
    lines: portions.length === 0 ? t('orders.void.chooseDish') : undefined,
    reason: reason === null ? t('orders.void.chooseReason') : undefined,
    note: reason === 'other' && !note.trim() ? t('orders.void.noteNeeded') : undefined,
  };
  const isValid = !problems.lines && !problems.reason && !problems.note;

  async function send(approval?: { email: string; password: string }) {
    if (!reason) return;
    setError(null);
    try {
      await mutation.mutateAsync({
        id: order._id,
        lines: portions,
        reason,
        ...(reason === 'other' ? { note: note.trim() } : {}),
        ...(startedPicked && wasted ? { wasted: true } : {}),
        ...(approval ? { approval } : {}),
        expectedVersion: order.version,
      });
      enqueueSnackbar(t('orders.void.done', { dishes: describePortions(order, portions), orderNo: order.orderNo }), {
        variant: 'success',
      });
      onClose();
    } catch (caught) {
      const message = describeApiError(caught, t('orders.void.error', { orderNo: order.orderNo }));
      const status = getApiStatus(caught);
      if (status === 403 && !approval) {
        setApprovalAsk(message);
        setStep('approval');
      } else if (status === 409) {
        // The order changed on another screen: its latest state is fetched, and these picks may no longer fit it.
        enqueueSnackbar(message, { variant: 'error' });
        onClose();
      } else {
        setError(message);
      }
    } finally {
      // Never kept past the request: a wrong password is typed again, and the mutation forgets what it sent.
      if (approval) setPassword('');
      mutation.reset();
    }
  }

  function submitPicks(event: FormEvent) {
    event.preventDefault();
    setTriedToSend(true);
    if (isValid && !mutation.isPending) void send();
  }

  function submitApproval(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password || mutation.isPending) return;
    void send({ email: email.trim(), password });
  }

  function backToPicks() {
    setEmail('');
    setPassword('');
    setError(null);
    setStep('pick');
  }

  const summary = (
    <p id={summaryId} className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-800">
      {count > 0 ? (
        <>
          {t('orders.void.summaryStart')} <strong className="text-stone-900">{formatMoney(amount)}</strong>{' '}
          {t('orders.void.summaryEnd', { count })}
        </>
      ) : (
        t('orders.nothingChosen')
      )}
    </p>
  );

  if (step === 'approval') {
    return (
      <Dialog title={t('orders.void.approvalTitle')} onClose={onClose} className="max-w-md">
        <form className="space-y-4" onSubmit={submitApproval} noValidate>
          <div className="flex items-start gap-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
            <p>{approvalAsk}</p>
          </div>
          <p className="text-sm text-stone-700">
            {reason
              ? t('orders.void.approvalSummaryReason', {
                  dishes: describePortions(order, portions),
                  orderNo: order.orderNo,
                  reason: t(voidReasonMessages[reason]).toLocaleLowerCase(),
                  amount: formatMoney(amount),
                })
              : t('orders.void.approvalSummary', {
                  dishes: describePortions(order, portions),
                  orderNo: order.orderNo,
                  amount: formatMoney(amount),
                })}
          </p>
          <TextField
            ref={emailRef}
            label={t('orders.void.managerEmail')}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
          <TextField
            label={t('orders.void.managerPassword')}
            type="password"
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          {error && <FormAlert>{error}</FormAlert>}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn btn-secondary" onClick={backToPicks}>
              {t('orders.dialog.back')}
            </button>
            <button
              type="submit"
              className="btn btn-danger"
              disabled={!email.trim() || !password || mutation.isPending}
            >
              {mutation.isPending ? t('orders.void.voiding') : t('orders.void.approve')}
            </button>
          </div>
        </form>
      </Dialog>
    );
  }

  return (
    <Dialog
      title={t('orders.void.title', { orderNo: order.orderNo })}
      onClose={onClose}
      className="max-w-xl"
      initialFocus={firstLineRef}
    >
      <form className="space-y-5" onSubmit={submitPicks} noValidate aria-describedby={summaryId}>
        <p className="text-sm text-stone-700">
          {t('orders.void.intro', {
            table: tableLabel(order, t),
            guest: order.customerDetails.name || t('orders.guest'),
          })}
        </p>
        <div>
          <LineQuantityPicker
            order={order}
            legend={t('orders.void.legend')}
            picks={picks}
            onChange={(position, quantity) => setPicks((current) => withPick(current, position, quantity))}
            markStarted
            firstButtonRef={firstLineRef}
          />
          {triedToSend && problems.lines && <p className="field-error">{problems.lines}</p>}
          {kitchen && (
            <p
              aria-live="polite"
              className={`mt-2 rounded-lg px-3 py-2 text-sm font-semibold ${
                kitchen.needsManager ? 'bg-amber-50 text-amber-950' : 'bg-green-50 text-green-900'
              }`}
            >
              {kitchen.text}
            </p>
          )}
        </div>

        <fieldset aria-describedby={triedToSend && problems.reason ? reasonErrorId : undefined}>
          <legend className="field-label">{t('orders.void.reason')}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {voidReasons.map((option) => (
              <label
                key={option}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border-2 border-stone-200 px-3 py-2 text-sm font-semibold text-stone-800 has-checked:border-amber-600 has-checked:bg-amber-50 has-focus-visible:outline-2 has-focus-visible:outline-amber-600"
              >
                <input
                  type="radio"
                  name="void-reason"
                  value={option}
                  checked={reason === option}
                  onChange={() => setReason(option)}
                  className="size-4 accent-amber-700"
                />
                {t(voidReasonMessages[option])}
              </label>
            ))}
          </div>
          {triedToSend && problems.reason && (
            <p id={reasonErrorId} className="field-error">
              {problems.reason}
            </p>
          )}
        </fieldset>

        {reason === 'other' && (
          <TextField
            label={t('orders.void.note')}
            hint={t('orders.void.noteHint')}
            value={note}
            maxLength={200}
            onChange={(event) => setNote(event.target.value)}
            error={triedToSend ? problems.note : undefined}
          />
        )}

        {startedPicked && (
          <label className="flex items-start gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              checked={wasted}
              onChange={(event) => setWasted(event.target.checked)}
              className="mt-0.5 size-4 accent-amber-700"
            />
            <span>
              <span className="font-semibold">{t('orders.void.wasted')}</span>
              <span className="block text-xs text-stone-600">{t('orders.void.wastedHint')}</span>
            </span>
          </label>
        )}

        {order.billParts.length > 0 && <p className="text-sm text-stone-700">{t('orders.void.unsplit')}</p>}
        {summary}
        {error && <FormAlert>{error}</FormAlert>}

        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('orders.dialog.cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={mutation.isPending}>
            {mutation.isPending
              ? t('orders.void.voiding')
              : count > 0
                ? t('orders.void.submitCount', { count })
                : t('orders.action.void')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
