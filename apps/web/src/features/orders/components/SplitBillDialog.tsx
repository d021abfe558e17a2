import { useId, useState, type FormEvent } from 'react';
import { Minus, Plus } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { Order } from '@quan/contract/order';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { formatMoney } from '../../../lib/format';
import { useSplitBill } from '../api/split-bill';
import { LineQuantityPicker } from './LineQuantityPicker';
import { billedQuantity, tableLabel } from './order-status';
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

const modes: { value: SplitMode; label: string; hint: string }[] = [
  { value: 'guests', label: 'Split evenly', hint: 'The same amount for each guest.' },
  { value: 'lines', label: 'Split by dishes', hint: 'Part 1 pays for the dishes you pick, part 2 for the rest.' },
];

/** Part amounts, numbered: "Part 1 75.600 ₫". */
function PartPreview({ amounts, label }: { amounts: readonly number[]; label: string }) {
  return (
    <section aria-label={label} className="space-y-2 rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-800">
      <ol className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        {amounts.map((amount, index) => (
          <li key={index} className="flex justify-between gap-2">
            <span>Part {index + 1}</span>
            <span className="font-semibold text-stone-900 tabular-nums">{formatMoney(amount)}</span>
          </li>
        ))}
      </ol>
      <p className="border-t border-stone-200 pt-1 text-stone-700">
        Together {formatMoney(amounts.reduce((sum, amount) => sum + amount, 0))}, the whole bill.
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
      : `Split between ${minGuests} and ${maxGuests} guests.`;
  const billedCount = billedLines(order).reduce((sum, line) => sum + billedQuantity(line), 0);
  const inFirst = pickedCount(order, picks);
  const linesProblem =
    inFirst === 0
      ? 'Put at least one dish in part 1.'
      : inFirst >= billedCount
        ? 'Leave at least one dish for part 2.'
        : undefined;
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
      enqueueSnackbar(`Order #${order.orderNo}’s bill is split into ${split.billParts.length} parts.`, {
        variant: 'success',
      });
      onClose();
    } catch (caught) {
      reportTabRefusal(caught, `Could not split the bill of order #${order.orderNo}.`, {
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
    <Dialog title={`Split the bill · order #${order.orderNo}`} onClose={onClose} className="max-w-xl">
      <form className="space-y-5" onSubmit={(event) => void submit(event)} noValidate>
        <p className="text-sm text-stone-700">
          {tableLabel(order)} · {order.customerDetails.name || 'Guest'} · total{' '}
          <strong className="text-stone-900">{formatMoney(order.bills.total)}</strong>
        </p>
        <fieldset>
          <legend className="field-label">How to split</legend>
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
                  <span className="block font-semibold text-stone-900">{option.label}</span>
                  <span className="block text-xs text-stone-600">{option.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {mode === 'guests' ? (
          <div className="space-y-3">
            <div>
              <label htmlFor={guestsId} className="field-label">
                Number of guests
              </label>
              <div className="flex items-center gap-2">
                <button
                  type="button"
                  className="btn btn-secondary size-10 p-0"
                  onClick={() => changeGuests(-1)}
                  disabled={Number.isInteger(guests) && guests <= minGuests}
                  aria-label="Fewer guests"
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
                  aria-label="More guests"
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
              <PartPreview amounts={evenSplitAmounts(order.bills.total, guests)} label="Each guest pays" />
            )}
          </div>
        ) : (
          <div className="space-y-3">
            <div>
              <LineQuantityPicker
                order={order}
                legend="Dishes in part 1"
                picks={picks}
                onChange={(position, quantity) => setPicks((current) => withPick(current, position, quantity))}
              />
              {triedToSend && linesProblem && <p className="field-error">{linesProblem}</p>}
            </div>
            <PartPreview amounts={splitByDishesAmounts(order, picks)} label="Each part pays" />
          </div>
        )}

        {order.billParts.length > 0 && <p className="text-sm text-stone-700">This replaces the current split.</p>}
        {error && <FormAlert>{error}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
            {mutation.isPending ? 'Splitting…' : problem ? 'Split the bill' : `Split into ${partCount} parts`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
