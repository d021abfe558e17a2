import { useId, useState } from 'react';
import { useSnackbar } from 'notistack';
import type { Item } from '@quan/contract/menu';
import { FormAlert } from '../../../components/FormAlert';
import { TextField } from '../../../components/TextField';
import { describeApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useSetBranchItem } from '../api/set-branch-item';

/**
 * The current branch's own price of a dish and whether it sells it, beside the menu's dish. Shown only in a
 * chain of more than one branch (the page decides): a single restaurant's menu price is its price.
 */
export function BranchItemOffer({ item, branchName }: { item: Item; branchName: string }) {
  const t = useT();
  const soldId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useSetBranchItem();
  const [price, setPrice] = useState(item.branchPrice == null ? '' : String(item.branchPrice));
  const [isSold, setIsSold] = useState(item.isSold ?? true);
  const [problem, setProblem] = useState<string | null>(null);
  const menuPrice = item.menuPrice ?? item.price;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const trimmed = price.trim();
    const branchPrice = trimmed === '' ? null : Number(trimmed);
    if (branchPrice !== null && (!Number.isInteger(branchPrice) || branchPrice < 0)) {
      setProblem(t('menu-admin.branch.priceInvalid'));
      return;
    }
    setProblem(null);
    try {
      await mutation.mutateAsync({ id: item._id, price: branchPrice, isSold });
      enqueueSnackbar(t('menu-admin.branch.saved', { name: item.name }), { variant: 'success' });
    } catch (error) {
      setProblem(describeApiError(error, t('menu-admin.dish.saveError')));
    }
  }

  return (
    <form
      onSubmit={save}
      noValidate
      aria-label={t('menu-admin.branch.title', { branch: branchName })}
      className="mt-6 space-y-4 border-t border-stone-200 pt-4"
    >
      <h3 className="text-sm font-semibold text-stone-800">{t('menu-admin.branch.title', { branch: branchName })}</h3>
      {problem && <FormAlert>{problem}</FormAlert>}
      <TextField
        label={t('menu-admin.branch.price')}
        type="number"
        inputMode="numeric"
        min={0}
        step={1000}
        hint={t('menu-admin.branch.priceHint', { price: formatMoney(menuPrice) })}
        value={price}
        onChange={(event) => setPrice(event.target.value)}
      />
      <div className="flex items-center gap-3">
        <input
          id={soldId}
          type="checkbox"
          role="switch"
          className="size-5 accent-amber-700"
          checked={isSold}
          onChange={(event) => setIsSold(event.target.checked)}
        />
        <label
          htmlFor={soldId}
          className="flex min-h-11 flex-1 cursor-pointer items-center text-sm font-medium text-stone-800"
        >
          {t('menu-admin.branch.sold')}
        </label>
      </div>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-secondary" disabled={mutation.isPending}>
          {mutation.isPending ? t('menu-admin.form.saving') : t('menu-admin.branch.save')}
        </button>
      </div>
    </form>
  );
}
