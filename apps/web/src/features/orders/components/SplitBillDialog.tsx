import { useId, useState, type FormEvent } from 'react';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useSnackbar } from 'notistack';
import { MAX_PART_NO, type Order } from '@quan/contract/order';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useSplitBill } from '../api/split-bill';
import { LineQuantityPicker } from './LineQuantityPicker';
import { tableLabel } from './order-names';
import {
  dishGroups,
  evenSplitAmounts,
  pickedPortions,
  splitByDishesAmounts,
  splitLeft,
  withPick,
  type LinePicks,
  type SplitLeft,
} from './tab-actions';
import { reportTabRefusal } from './tab-refusal';

interface SplitBillDialogProps {
  order: Order;
  onClose: () => void;
}

type SplitMode = 'guests' | 'lines';

const minGuests = 2;

/** The ways to split, with the message ids of their labels and hints. */
const modes: { value: SplitMode; label: string; hint: string }[] = [
  { value: 'guests', label: 'orders.split.evenly', hint: 'orders.split.evenlyHint' },
  { value: 'lines', label: 'orders.split.byDishes', hint: 'orders.split.byDishesHint' },
];

/** Part amounts, numbered from `firstNo`: "Part 3 75.600 ₫". */
function PartPreview({
  amounts,
  firstNo,
  whole,
  label,
}: {
  amounts: readonly number[];
  firstNo: number;
  whole: boolean;
  label: string;
}) {
  const t = useT();
  const together = formatMoney(amounts.reduce((sum, amount) => sum + amount, 0));
  return (
    <section aria-label={label} className="space-y-2 rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-800">
      <ol className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        {amounts.map((amount, index) => (
          <li key={index} className="flex justify-between gap-2">
            <span>{t('orders.part', { no: firstNo + index })}</span>
            <span className="font-semibold text-stone-900 tabular-nums">{formatMoney(amount)}</span>
          </li>
        ))}
      </ol>
      <p className="border-t border-stone-200 pt-1 text-stone-700">
        {t(whole ? 'orders.split.together' : 'orders.split.togetherLeft', { amount: together })}
      </p>
    </section>
  );
}

/** What a new split keeps: the parts with money on them, or what was paid before any split. */
function KeptNotice({ split }: { split: SplitLeft }) {
  const t = useT();
  if (split.paidBefore > 0) {
    return (
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset">
        {t('orders.split.paidBefore', {
          paid: formatMoney(split.paidBefore),
          no: split.firstNo - 1,
          left: formatMoney(split.left.total),
        })}
      </p>
    );
  }
  if (split.kept.length === 0) return null;
  return (
    <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset">
      {t('orders.split.keeps', {
        nos: split.kept.map((part) => part.no).join(', '),
        left: formatMoney(split.left.total),
      })}
    </p>
  );
}

interface DishPartsProps {
  order: Order;
  split: SplitLeft & { dishes: LinePicks };
  parts: readonly LinePicks[];
  onParts: (parts: LinePicks[]) => void;
  /** The most parts the cashier may pick dishes for (one more may hold the dishes left over). */
  maxParts: number;
  problem: string | undefined;
}

/**
 * The parts of a split by dishes: a button per part (the one whose dishes are shown is pressed), the dishes
 * of the chosen part with what the other parts leave of each, and the dishes nobody picked in a last part.
 */
function DishParts({ order, split, parts, onParts, maxParts, problem }: DishPartsProps) {
  const t = useT();
  const [current, setCurrent] = useState(0);
  const shown = Math.min(current, parts.length - 1);
  const no = (index: number) => split.firstNo + index;
  const count = (picks: LinePicks) => [...picks.values()].reduce((sum, quantity) => sum + quantity, 0);
  const groups = dishGroups(split.dishes, parts);
  const restNo = groups.length > parts.length ? no(parts.length) : null;
  const inOthers = (position: number) =>
    parts.reduce((sum, picks, index) => (index === shown ? sum : sum + (picks.get(position) ?? 0)), 0);

  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="field-label">{t('orders.split.parts')}</legend>
        <div className="flex flex-wrap gap-2">
          {parts.map((picks, index) => (
            <button
              key={index}
              type="button"
              aria-pressed={index === shown}
              className="btn btn-sm btn-secondary aria-pressed:border-amber-600 aria-pressed:bg-amber-50 aria-pressed:text-amber-950"
              onClick={() => setCurrent(index)}
            >
              {t('orders.split.partTab', { no: no(index), count: count(picks) })}
            </button>
          ))}
          <button
            type="button"
            className="btn btn-sm btn-secondary"
            disabled={parts.length >= maxParts}
            onClick={() => {
              onParts([...parts, new Map()]);
              setCurrent(parts.length);
            }}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('orders.split.addPart')}
          </button>
        </div>
      </fieldset>
      <LineQuantityPicker
        order={order}
        legend={t('orders.split.dishesOfPart', { no: no(shown) })}
        picks={parts[shown]!}
        available={(line) => Math.max(0, (split.dishes.get(line.position) ?? 0) - inOthers(line.position))}
        onChange={(position, quantity) =>
          onParts(parts.map((picks, index) => (index === shown ? withPick(picks, position, quantity) : picks)))
        }
      />
      {parts.length > 1 && (
        <button
          type="button"
          className="btn btn-sm btn-secondary"
          onClick={() => {
            onParts(parts.filter((_, index) => index !== shown));
            setCurrent(Math.max(0, shown - 1));
          }}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('orders.split.removePart', { no: no(shown) })}
        </button>
      )}
      {restNo !== null && <p className="text-sm text-stone-700">{t('orders.split.restPart', { no: restNo })}</p>}
      {problem && <p className="field-error">{problem}</p>}
    </div>
  );
}

/**
 * Splits an open order's bill: evenly between a number of guests, or by dishes into as many parts as the
 * table needs (the dishes nobody picked make one more). Parts with money on them stay as they are and only
 * what is left is divided, so a table can split again after one guest paid. The previews divide the amounts
 * exactly as the server will.
 */
export function SplitBillDialog({ order, onClose }: SplitBillDialogProps) {
  const mutation = useSplitBill();
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const split = splitLeft(order);
  const dishes = split.dishes;
  const maxGuests = MAX_PART_NO - split.firstNo + 1;
  const [mode, setMode] = useState<SplitMode>('guests');
  const [guestsText, setGuestsText] = useState(() =>
    String(Math.min(maxGuests, Math.max(minGuests, order.customerDetails.guests))),
  );
  const [parts, setParts] = useState<LinePicks[]>(() => [new Map()]);
  const [error, setError] = useState<string | null>(null);
  const [triedToSend, setTriedToSend] = useState(false);
  const guestsId = useId();
  const guestsErrorId = useId();

  const guests = Number(guestsText);
  const guestsProblem =
    Number.isInteger(guests) && guests >= minGuests && guests <= maxGuests
      ? undefined
      : t('orders.split.guestsRange', { min: minGuests, max: maxGuests });
  const groups = dishes ? dishGroups(dishes, parts) : [];
  const emptyPart = parts.findIndex((picks) => picks.size === 0);
  const linesProblem =
    emptyPart >= 0
      ? t('orders.split.emptyPart', { no: split.firstNo + emptyPart })
      : groups.length < 2
        ? t('orders.split.needSecond')
        : undefined;
  const problem = mode === 'guests' ? guestsProblem : linesProblem;
  const partCount = mode === 'guests' ? guests : groups.length;
  const whole = split.kept.length === 0 && split.paidBefore === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSend(true);
    if (problem || mutation.isPending) return;
    setError(null);
    try {
      const done = await mutation.mutateAsync(
        mode === 'guests'
          ? { id: order._id, by: 'guests', guests, expectedVersion: order.version }
          : {
              id: order._id,
              by: 'lines',
              parts: parts.map((picks) => pickedPortions(order, picks)),
              expectedVersion: order.version,
            },
      );
      enqueueSnackbar(t('orders.split.done', { orderNo: order.orderNo, count: done.billParts.length }), {
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
        <KeptNotice split={split} />
        <fieldset>
          <legend className="field-label">{t('orders.split.how')}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {modes.map((option) => {
              const unavailable = option.value === 'lines' && !dishes;
              return (
                <label
                  key={option.value}
                  className="flex cursor-pointer items-start gap-2 rounded-xl border-2 border-stone-200 px-3 py-2 text-sm text-stone-800 has-checked:border-amber-600 has-checked:bg-amber-50 has-disabled:cursor-not-allowed has-disabled:opacity-60 has-focus-visible:outline-2 has-focus-visible:outline-amber-600"
                >
                  <input
                    type="radio"
                    name="split-mode"
                    value={option.value}
                    checked={mode === option.value}
                    disabled={unavailable}
                    onChange={() => {
                      setMode(option.value);
                      setTriedToSend(false);
                    }}
                    className="mt-0.5 size-4 accent-amber-700"
                  />
                  <span>
                    <span className="block font-semibold text-stone-900">{t(option.label)}</span>
                    <span className="block text-xs text-stone-600">
                      {t(unavailable ? 'orders.split.evenOnly' : option.hint)}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        {mode === 'guests' || !dishes ? (
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
              <PartPreview
                amounts={evenSplitAmounts(split, guests)}
                firstNo={split.firstNo}
                whole={whole}
                label={t('orders.split.eachGuest')}
              />
            )}
          </div>
        ) : (
          <div className="space-y-3">
            <DishParts
              order={order}
              split={{ ...split, dishes }}
              parts={parts}
              onParts={setParts}
              maxParts={Math.min(maxGuests, MAX_PART_NO - 1)}
              problem={triedToSend ? linesProblem : undefined}
            />
            <PartPreview
              amounts={splitByDishesAmounts(order, split, parts)}
              firstNo={split.firstNo}
              whole={whole}
              label={t('orders.split.eachPart')}
            />
          </div>
        )}

        {order.billParts.length > 0 && split.kept.length === 0 && (
          <p className="text-sm text-stone-700">{t('orders.split.replaces')}</p>
        )}
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
