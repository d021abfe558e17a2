import { useId, useState } from 'react';
import { Minus, Plus } from 'lucide-react';
import { checkOptionChoice, portionPrice, type OptionChoiceProblem } from '@quan/contract/option-rules';
import type { DishOptionGroup } from '@quan/contract/options';
import { formatMoney, formatPriceChange } from '../lib/format';
import { describeOptionRule } from './option-rule';
import { useT, type Translate } from '../lib/i18n';
import type { CartOption } from '../store/cart-slice';
import { Dialog } from './Dialog';

const maxNoteLength = 200;

/** A dish as the sheet needs it: the POS's menu item and the diner's public menu item both fit. */
export interface OptionSheetDish {
  name: string;
  price: number;
  optionGroups: readonly DishOptionGroup[];
}

/** What "Add" answers: the options in the dish's group order, the note, how many, and one portion's price. */
export interface OptionSheetResult {
  options: CartOption[];
  note: string;
  quantity: number;
  /** The dish's price with the options' changes: an estimate, the server prices the order. */
  unitPrice: number;
}

interface OptionSheetProps {
  dish: OptionSheetDish;
  /** The most units the stepper offers (the cart's own limit for this dish). */
  maxQuantity?: number;
  /** A limit of the page's cart for this very choice ("at most 20 of one dish"), or null when it fits. */
  limitProblem?: (choice: { optionIds: string[]; note: string; quantity: number }) => string | null;
  onAdd: (result: OptionSheetResult) => void;
  onClose: () => void;
}

interface GroupProps {
  group: DishOptionGroup;
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}

function OptionGroupField({ group, chosen, onChange }: GroupProps) {
  const t = useT();
  const baseId = useId();
  const isOneOf = group.maxSelected === 1;
  const isFull = chosen.length >= group.maxSelected;

  // An optional "one of" group needs a way back to nothing chosen: radio buttons cannot be unticked.
  const choices: { id: string; name: string; priceDelta: number; isSoldOut: boolean }[] =
    isOneOf && group.minSelected === 0
      ? [{ id: '', name: t('options.none'), priceDelta: 0, isSoldOut: false }, ...group.options.map(toChoice)]
      : group.options.map(toChoice);

  return (
    <fieldset className="space-y-2">
      {/* The rule is part of the group's name, so a screen reader says "Size, Required · Choose 1". */}
      <legend className="w-full">
        <span className="flex items-baseline justify-between gap-3">
          <span className="font-semibold text-stone-900">{group.name}</span>
          <span
            className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              group.minSelected > 0 ? 'bg-amber-100 text-amber-900' : 'bg-stone-100 text-stone-700'
            }`}
          >
            <span className="sr-only">, </span>
            {describeOptionRule(t, { ...group, optionCount: group.options.length })}
          </span>
        </span>
      </legend>
      <ul className="space-y-2">
        {choices.map((choice) => {
          const isChosen = choice.id === '' ? chosen.length === 0 : chosen.includes(choice.id);
          const disabled = choice.isSoldOut || (!isOneOf && !isChosen && isFull);
          const priceChange = formatPriceChange(choice.priceDelta);
          return (
            <li key={choice.id || 'none'}>
              <label
                className={`flex min-h-12 items-center gap-3 rounded-xl border px-3 py-2 ${
                  choice.isSoldOut
                    ? 'cursor-not-allowed border-stone-200 bg-stone-100 text-stone-700'
                    : disabled
                      ? 'cursor-not-allowed border-stone-200 bg-white text-stone-500'
                      : isChosen
                        ? 'cursor-pointer border-amber-700 bg-amber-50 text-stone-900'
                        : 'cursor-pointer border-stone-300 bg-white text-stone-900 hover:border-amber-600'
                }`}
              >
                {/* A disabled native control is a faint outline on phones: drawn here as a grey, filled box. */}
                <input
                  type={isOneOf ? 'radio' : 'checkbox'}
                  name={isOneOf ? baseId : undefined}
                  value={choice.id}
                  checked={isChosen}
                  disabled={disabled}
                  onChange={(event) => {
                    if (isOneOf) onChange(choice.id ? [choice.id] : []);
                    else if (event.target.checked) onChange([...chosen, choice.id]);
                    else onChange(chosen.filter((id) => id !== choice.id));
                  }}
                  className={`size-5 shrink-0 ${
                    disabled
                      ? `appearance-none border-2 border-stone-400 bg-stone-200 ${isOneOf ? 'rounded-full' : 'rounded'}`
                      : 'accent-amber-700'
                  }`}
                />
                {/* The spaces between the parts (not rendered in a flex row) keep the accessible name readable. */}
                <span className="flex-1">{choice.name}</span>{' '}
                {/* A sold-out option has no price to weigh: only that it cannot be had. */}
                {choice.isSoldOut ? (
                  <span className="shrink-0 rounded-full bg-stone-700 px-2.5 py-0.5 text-xs font-semibold text-white">
                    {t('options.soldOut')}
                  </span>
                ) : (
                  priceChange && <span className="shrink-0 text-sm tabular-nums">{priceChange}</span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

const toChoice = (option: DishOptionGroup['options'][number]) => ({
  id: option._id,
  name: option.name,
  priceDelta: option.priceDelta,
  isSoldOut: option.isSoldOut,
});

/** Each group's default option, when it can be had: what the sheet starts with. */
function defaultChoice(groups: readonly DishOptionGroup[]): Record<string, string[]> {
  return Object.fromEntries(
    groups.flatMap((group) => {
      const preset = group.options.find((option) => option.isDefault && !option.isSoldOut);
      return preset ? [[group._id, [preset._id]]] : [];
    }),
  );
}

/**
 * What a required group still lacks, in the words of the add button: "Choose a size", "Choose 2 from topping",
 * "Choose 1 more from topping" (the group's name in lower case, inside the sentence).
 */
function describeMissing(t: Translate, group: DishOptionGroup, chosenCount: number): string {
  const name = group.name.toLocaleLowerCase('vi');
  if (group.minSelected === 1) {
    return /^[aeiou]/.test(name) ? t('options.missing.an', { group: name }) : t('options.missing.a', { group: name });
  }
  const count = group.minSelected - chosenCount;
  return chosenCount === 0
    ? t('options.missing.some', { count, group: name })
    : t('options.missing.more', { count, group: name });
}

/**
 * A choice the contract's rules refuse (`checkOptionChoice`), in the guest's language: too many of a group, or
 * an option the dish does not offer. The sheet's own controls keep to the rules, so this shows only when the
 * menu itself is amiss.
 */
function describeProblem(
  t: Translate,
  dish: OptionSheetDish,
  problem: OptionChoiceProblem,
  chosenIds: readonly string[],
): string {
  const group = dish.optionGroups.find((candidate) => candidate._id === problem.groupId);
  if (!group) return t('options.problem.notOffered', { dish: dish.name });
  const chosenCount = group.options.filter((option) => chosenIds.includes(option._id)).length;
  if (chosenCount < group.minSelected) return describeMissing(t, group, chosenCount);
  return t('options.problem.tooMany', { group: group.name, max: group.maxSelected });
}

/**
 * A dish's options to choose before it joins the cart (a bottom sheet on phones): each group with its rule,
 * the price changes, a note and how many, and the running price on the add button. The rules are the
 * contract's (`checkOptionChoice`, the server's too): "Add" waits until the choice fits them. A choice still
 * incomplete is no error: the button says what is missing ("Choose a size"), and the rule badges mark the
 * required groups. Everything comes with the menu, so it opens without a request. Each group's default option
 * (the manager's "Vừa" of a size) is chosen already, unless it sold out, so the usual portion takes no tap.
 */
export function OptionSheet({ dish, maxQuantity = 99, limitProblem, onAdd, onClose }: OptionSheetProps) {
  const t = useT();
  const baseId = useId();
  const [chosenByGroup, setChosenByGroup] = useState(() => defaultChoice(dish.optionGroups));
  const [note, setNote] = useState('');
  const [quantity, setQuantity] = useState(1);

  // In the dish's group order; an option that sold out (or left the menu) since it was ticked counts no more.
  const chosen = dish.optionGroups.flatMap((group) =>
    group.options
      .filter((option) => !option.isSoldOut && (chosenByGroup[group._id] ?? []).includes(option._id))
      .map((option) => ({ group, option })),
  );
  const chosenIds = chosen.map(({ option }) => option._id);
  const unitPrice = portionPrice(
    dish.price,
    chosen.map(({ option }) => option),
  );
  const shownQuantity = Math.max(1, Math.min(quantity, maxQuantity));
  const trimmedNote = note.trim();
  const choiceProblem = checkOptionChoice(dish, chosenIds)[0] ?? null;
  // A required group short of choices: what the guest has yet to do, said on the button.
  const shortGroup = dish.optionGroups.find((group) => group._id === choiceProblem?.groupId);
  const shortCount = chosen.filter(({ group }) => group === shortGroup).length;
  const missing = shortGroup && shortCount < shortGroup.minSelected ? describeMissing(t, shortGroup, shortCount) : null;
  // Anything else that stops "Add" (too many of a group, a price below 0, the page's limits): said above it.
  const problem = missing
    ? null
    : ((choiceProblem && describeProblem(t, dish, choiceProblem, chosenIds)) ??
      (unitPrice < 0 ? t('options.problem.belowZero', { dish: dish.name }) : null) ??
      limitProblem?.({ optionIds: chosenIds, note: trimmedNote, quantity: shownQuantity }) ??
      null);
  const problemId = `${baseId}-problem`;

  function add() {
    if (missing || problem) return;
    onAdd({
      options: chosen.map(({ group, option }) => ({
        id: option._id,
        group: group.name,
        name: option.name,
        priceDelta: option.priceDelta,
      })),
      note: trimmedNote,
      quantity: shownQuantity,
      unitPrice,
    });
  }

  return (
    // The scroll padding keeps a focused option clear of the footer that stays at the bottom of the sheet.
    <Dialog title={dish.name} onClose={onClose} className="max-w-lg scroll-pb-24">
      <p className="-mt-3 mb-4 text-sm text-stone-600 tabular-nums">{formatMoney(dish.price)}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        {/* Room under the last field, so the last option scrolls fully clear of the footer. */}
        <div className="space-y-5 pb-4">
          {dish.optionGroups.map((group) => (
            <OptionGroupField
              key={group._id}
              group={group}
              chosen={chosenIds.filter((id) => group.options.some((option) => option._id === id))}
              onChange={(ids) => setChosenByGroup((current) => ({ ...current, [group._id]: ids }))}
            />
          ))}
          <div>
            <label htmlFor={`${baseId}-note`} className="field-label">
              {t('options.note')}
            </label>
            <input
              id={`${baseId}-note`}
              value={note}
              maxLength={maxNoteLength}
              autoComplete="off"
              placeholder={t('options.note.placeholder')}
              onChange={(event) => setNote(event.target.value)}
              className="field-input"
            />
          </div>
        </div>

        {/* Kept in view at the bottom of the sheet while the groups scroll: one row, and a message only when
            there is one (the live region stays, empty and without height). */}
        <div className="sticky bottom-0 -mx-6 -mb-6 border-t border-stone-200 bg-white px-6 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]">
          <p id={problemId} aria-live="polite" className="text-sm font-medium text-amber-900 not-empty:mb-2">
            {problem}
          </p>
          <div className="flex items-center gap-3">
            <div role="group" aria-label={t('options.quantity')} className="flex items-center">
              <button
                type="button"
                aria-label={t('options.quantity.fewer')}
                disabled={shownQuantity <= 1}
                onClick={() => setQuantity(shownQuantity - 1)}
                className="btn btn-secondary size-11 p-0"
              >
                <Minus aria-hidden="true" className="size-5" />
              </button>
              <output aria-live="polite" className="w-9 text-center text-lg font-semibold tabular-nums">
                {shownQuantity}
              </output>
              <button
                type="button"
                aria-label={t('options.quantity.more')}
                disabled={shownQuantity >= maxQuantity}
                onClick={() => setQuantity(shownQuantity + 1)}
                className="btn btn-secondary size-11 p-0"
              >
                <Plus aria-hidden="true" className="size-5" />
              </button>
            </div>
            <button
              type="submit"
              disabled={missing !== null || problem !== null}
              aria-describedby={problem ? problemId : undefined}
              className={`btn min-h-12 flex-1 text-base tabular-nums ${
                // A step still to take, not a fault: a calm, readable grey rather than a faded "Add".
                missing ? 'bg-stone-200 text-stone-800 disabled:opacity-100' : 'btn-primary'
              }`}
            >
              {missing ?? t('options.add', { price: formatMoney(unitPrice * shownQuantity) })}
            </button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
