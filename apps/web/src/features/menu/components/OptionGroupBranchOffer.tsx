import { useId, useState } from 'react';
import { useSnackbar } from 'notistack';
import type { Option, OptionGroup } from '@quan/contract/options';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSetBranchOption } from '../api/set-branch-option';
import { formatPriceDelta } from './option-rules';

/** The contract's bounds of a branch's price change (`branchOptionBodySchema`). */
const largestPriceChange = 100_000_000;

/** One option as the branch form holds it: the price change as typed (empty: the menu's), and the switch. */
interface OptionOffer {
  priceDelta: string;
  isSold: boolean;
}

function offerOf(option: Option): OptionOffer {
  return {
    priceDelta: option.branchPriceDelta == null ? '' : String(option.branchPriceDelta),
    isSold: option.isSold ?? true,
  };
}

const offersOf = (options: readonly Option[]) =>
  Object.fromEntries(options.map((option) => [option._id, offerOf(option)]));

/** The typed price change as the API takes it: null for the menu's, undefined when it is not a valid amount. */
function priceDeltaOf(typed: string): number | null | undefined {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  const amount = Number(trimmed);
  return Number.isInteger(amount) && Math.abs(amount) <= largestPriceChange ? amount : undefined;
}

/**
 * The current branch's own price change and availability of each saved option of a group, beside the menu's
 * group (as `BranchItemOffer` beside a dish). Shown only in a chain of more than one branch (the page
 * decides): a single restaurant's menu price is its price. Only what changed here is sent, one option a call.
 */
export function OptionGroupBranchOffer({ group, branchName }: { group: OptionGroup; branchName: string }) {
  const t = useT();
  const baseId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useSetBranchOption();
  // What the server holds, so that only the options changed here are sent.
  const [saved, setSaved] = useState<Record<string, OptionOffer>>(() => offersOf(group.options));
  const [offers, setOffers] = useState<Record<string, OptionOffer>>(() => offersOf(group.options));
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);

  function change(optionId: string, next: Partial<OptionOffer>) {
    setOffers((current) => ({
      ...current,
      [optionId]: { ...(current[optionId] ?? { priceDelta: '', isSold: true }), ...next },
    }));
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const wrong = new Set(
      group.options
        .filter((option) => priceDeltaOf(offers[option._id]?.priceDelta ?? '') === undefined)
        .map((option) => option._id),
    );
    setInvalid(wrong);
    setProblem(null);
    if (wrong.size > 0) return;

    const changed = group.options.filter((option) => {
      const offer = offers[option._id];
      const before = saved[option._id];
      return (
        offer &&
        (!before ||
          priceDeltaOf(offer.priceDelta) !== priceDeltaOf(before.priceDelta) ||
          offer.isSold !== before.isSold)
      );
    });
    // One call per option: each saved one is kept even if a later one is refused.
    for (const option of changed) {
      const offer = offers[option._id] ?? offerOf(option);
      try {
        await mutation.mutateAsync({
          id: option._id,
          priceDelta: priceDeltaOf(offer.priceDelta),
          isSold: offer.isSold,
        });
        setSaved((current) => ({ ...current, [option._id]: offer }));
      } catch (error) {
        setProblem(describeApiError(error, t('menu-admin.branch.optionSaveError', { name: option.name })));
        return;
      }
    }
    enqueueSnackbar(t('menu-admin.branch.saved', { name: group.name }), { variant: 'success' });
  }

  return (
    <form
      onSubmit={(event) => void save(event)}
      noValidate
      aria-label={t('menu-admin.branch.title', { branch: branchName })}
      className="mt-6 space-y-4 border-t border-stone-200 pt-4"
    >
      <div>
        <h3 className="text-sm font-semibold text-stone-800">{t('menu-admin.branch.title', { branch: branchName })}</h3>
        <p className="text-xs text-stone-600">{t('menu-admin.branch.optionsHint')}</p>
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
      <ul className="space-y-3">
        {group.options.map((option) => {
          const offer = offers[option._id] ?? offerOf(option);
          const soldId = `${baseId}-${option._id}-sold`;
          return (
            <li key={option._id}>
              <fieldset className="grid gap-3 rounded-xl border border-stone-200 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
                <legend className="px-1 text-sm font-semibold text-stone-900">{option.name}</legend>
                <TextField
                  label={t('menu-admin.branch.optionPrice')}
                  type="number"
                  inputMode="numeric"
                  step={1000}
                  hint={t('menu-admin.branch.priceHint', { price: formatPriceDelta(t, option.priceDelta) })}
                  error={invalid.has(option._id) ? t('menu-admin.branch.priceChangeInvalid') : undefined}
                  value={offer.priceDelta}
                  onChange={(event) => change(option._id, { priceDelta: event.target.value })}
                />
                <div className="flex items-center gap-3 sm:pt-6">
                  <input
                    id={soldId}
                    type="checkbox"
                    role="switch"
                    className="size-5 accent-amber-700"
                    checked={offer.isSold}
                    onChange={(event) => change(option._id, { isSold: event.target.checked })}
                  />
                  <label
                    htmlFor={soldId}
                    className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-stone-800"
                  >
                    {t('menu-admin.branch.sold')}
                  </label>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-secondary" disabled={mutation.isPending}>
          {mutation.isPending ? t('menu-admin.form.saving') : t('menu-admin.branch.save')}
        </button>
      </div>
    </form>
  );
}
