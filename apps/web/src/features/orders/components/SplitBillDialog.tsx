import { useId, useState, type FormEvent } from 'react';
import { Minus, Plus } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { Order } from '@quan/contract/order';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useSplitBill } from '../api/split-bill';
import { LineQuantityPicker } from './LineQuantityPicker';
import { billedQuantity } from './order-lines';
import { tableLabel } from './order-names';
import {
  billedLines,
  evenSplitAmounts,
  pickedCount,
  pickedPortions,
  splitByDishesAmounts,
  withPick,
  type LinePicks,
} from './tab-actions';
import { reportTabRefusal } from './tab-refusal';

interface SplitBillDialogProps {
  order: Order;
  onClose: () => void;
}

type SplitMode = 'guests' | 'lines';

const minGuests = 2;
const maxGuests = 20;

/** The ways to split, with the message ids of their labels and hints. */
const modes: { value: SplitMode; label: string; hint: string }[] = [
  { value: 'guests', label: 'orders.split.evenly', hint: 'orders.split.evenlyHint' },
  { value: 'lines', label: 'orders.split.byDishes', hint: 'orders.split.byDishesHint' },
];

/** Part amounts, numbered: "Part 1 75.600 ₫". */
function PartPreview({ amounts, label }: { amounts: readonly number[]; label: string }) {
  const t = useT();
  return (
    <section aria-label={label} className="space-y-2 rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-800">
      <ol className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        {amounts.map((amount, index) => (
          <li key={index} className="flex justify-between gap-2">
            <span>{t('orders.part', { no: index + 1 })}</span>
            <span className="font-semibold text-stone-900 tabular-nums">{formatMoney(amount)}</span>
          </li>
        ))}
      </ol>
      <p className="border-t border-stone-200 pt-1 text-stone-700">
        {t('orders.split.together', { amount: formatMoney(amounts.reduce((sum, amount) => sum + amount, 0)) })}
      </p>
    </section>
  );
}

/**
 * Splits an open order's bill: evenly between a number of guests, or by dishes into two parts (the dishes
 * picked, and the rest). The previews divide the amounts exactly as the server will. The API takes more
 * parts by dishes; two covers the usual "you pay for yours, we pay the rest" and keeps the screen simple.
 */
export function SplitBillDialog({ order, onClose }: SplitBillDialogProps) {
  const mutation = useSplitBill();
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const [mode, setMode] = useState<SplitMode>('guests');
  const [guestsText, setGuestsText] = useState(() =>
    String(Math.min(maxGuests, Math.max(minGuests, order.customerDetails.guests))),
  );
  const [picks, setPicks] = useState<LinePicks>(() => new Map());
  const [error, setError] = useState<string | null>(null);
  const [triedToSend, setTriedToSend] = useState(false);
  const guestsId = useId();
  const guestsErrorId = useId();

  const guests = Number(guestsText);
  const guestsProblem =
    Number.isInteger(guests) && guests >= minGuests && guests <= maxGuests
      ? undefined
      : t('orders.split.guestsRange', { min: minGuests, max: maxGuests });
  const billedCount = billedLines(order).reduce((sum, line) => sum + billedQuantity(line), 0);
  const inFirst = pickedCount(order, picks);
  const linesProblem =
    inFirst === 0 ? t('orders.split.needFirst') : inFirst >= billedCount ? t('orders.split.needSecond') : undefined;
  const problem = mode === 'guests' ? guestsProblem : linesProblem;
  const partCount = mode === 'guests' ? guests : 2;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSend(true);
    if (problem || mutation.isPending) return;
    setError(null);
    try {
      const split = await mutation.mutateAsync(
        mode === 'guests'
          ? { id: order._id, by: 'guests', guests, expectedVersion: order.version }
          : { id: order._id, by: 'lines', parts: [pickedPortions(order, picks)], expectedVersion: order.version },
      );
      enqueueSnackbar(t('orders.split.done', { orderNo: order.orderNo, count: split.billParts.length }), {
        variant: 'success',
      });
      onClose();
    } catch (caught) {
      reportTabRefusal(caught, t('orders.split.error', { orderNo: order.orderNo }), {
        enqueueSnackbar,
        onClose,
        setError,
      });
    }
  }

  function changeGuests(by: number) {
    const current = Number.isInteger(guests) ? guests : minGuests;
    setGuestsText(String(Math.min(maxGuests, Math.max(minGuests, current + by))));
  }

  return (
    <Dialog title={t('orders.split.title', { orderNo: order.orderNo })} onClose={onClose} className="max-w-xl">
      <form className="space-y-5" onSubmit={(event) => void submit(event)} noValidate>
        <p className="text-sm text-stone-700">
          {t('orders.split.intro', {
            table: tableLabel(order, t),
            guest: order.customerDetails.name || t('orders.guest'),
          })}{' '}
          <strong className="text-stone-900">{formatMoney(order.bills.total)}</strong>
        </p>
        <fieldset>
          <legend className="field-label">{t('orders.split.how')}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {modes.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-start gap-2 rounded-xl border-2 border-stone-200 px-3 py-2 text-sm text-stone-800 has-checked:border-amber-600 has-checked:bg-amber-50 has-focus-visible:outline-2 has-focus-visible:outline-amber-600"
              >
                <input
                  type="radio"
                  name="split-mode"
                  value={option.value}
                  checked={mode === option.value}
                  onChange={() => {
                    setMode(option.value);
                    setTriedToSend(false);
                  }}
                  className="mt-0.5 size-4 accent-amber-700"
                />
                <span>
                  <span className="block font-semibold text-stone-900">{t(option.label)}</span>
                  <span className="block text-xs text-stone-600">{t(option.hint)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {mode === 'guests' ? (
          <div className="space-y-3">
            <div>
              <label htmlFor={guestsId} className="field-label">
                {t('orders.split.guests')}
              </label>
              <div className="flex items-center gap-2">
                <button
                  type="button"
                  className="btn btn-secondary size-10 p-0"
                  onClick={() => changeGuests(-1)}
                  disabled={Number.isInteger(guests) && guests <= minGuests}
                  aria-label={t('orders.split.fewerGuests')}
                >
                  <Minus aria-hidden="true" className="size-4" />
                </button>
                <input
                  id={guestsId}
                  type="number"
                  inputMode="numeric"
                  min={minGuests}
                  max={maxGuests}
                  step={1}
                  className="field-input w-20 text-center"
                  value={guestsText}
                  onChange={(event) => setGuestsText(event.target.value)}
                  aria-invalid={guestsProblem ? true : undefined}
                  aria-describedby={guestsProblem ? guestsErrorId : undefined}
                />
                <button
                  type="button"
                  className="btn btn-secondary size-10 p-0"
                  onClick={() => changeGuests(1)}
                  disabled={Number.isInteger(guests) && guests >= maxGuests}
                  aria-label={t('orders.split.moreGuests')}
                >
                  <Plus aria-hidden="true" className="size-4" />
                </button>
              </div>
              {guestsProblem && (
                <p id={guestsErrorId} className="field-error">
                  {guestsProblem}
                </p>
              )}
            </div>
            {!guestsProblem && (
              <PartPreview amounts={evenSplitAmounts(order.bills.total, guests)} label={t('orders.split.eachGuest')} />
            )}
          </div>
        ) : (
          <div className="space-y-3">
            <div>
              <LineQuantityPicker
                order={order}
                legend={t('orders.split.dishesInFirst')}
                picks={picks}
                onChange={(position, quantity) => setPicks((current) => withPick(current, position, quantity))}
              />
              {triedToSend && linesProblem && <p className="field-error">{linesProblem}</p>}
            </div>
            <PartPreview amounts={splitByDishesAmounts(order, picks)} label={t('orders.split.eachPart')} />
          </div>
        )}

        {order.billParts.length > 0 && <p className="text-sm text-stone-700">{t('orders.split.replaces')}</p>}
        {error && <FormAlert>{error}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('orders.dialog.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
            {mutation.isPending
              ? t('orders.split.splitting')
              : problem
                ? t('orders.split.submit')
                : t('orders.split.submitCount', { count: partCount })}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
