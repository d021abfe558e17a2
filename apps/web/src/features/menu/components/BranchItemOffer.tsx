import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/TextField';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

/**
 * The current branch's own price of a dish and whether it sells it, inside the dish's form above its Save (which
 * saves both). Shown only in a chain of more than one branch (the page decides): a single restaurant's menu
 * price is its price.
 */
export function BranchItemOffer({
  branchName,
  menuPrice,
  priceField,
  soldField,
  priceError,
}: {
  branchName: string;
  /** The menu's price, which an empty branch price follows. */
  menuPrice: number;
  priceField: UseFormRegisterReturn;
  soldField: UseFormRegisterReturn;
  priceError?: string;
}) {
  const t = useT();
  const soldId = useId();

  return (
    // The rule above the section is on a wrapper: a fieldset's own border would run through its legend.
    <div className="border-t border-stone-200 pt-4">
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-stone-800">
          {t('menu-admin.branch.title', { branch: branchName })}
        </legend>
        <TextField
          label={t('menu-admin.branch.price')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1000}
          hint={t('menu-admin.branch.priceHint', { price: formatMoney(menuPrice) })}
          error={priceError}
          {...priceField}
        />
        <div className="flex items-center gap-3">
          <input id={soldId} type="checkbox" role="switch" className="size-5 accent-amber-700" {...soldField} />
          <label
            htmlFor={soldId}
            className="flex min-h-11 flex-1 cursor-pointer items-center text-sm font-medium text-stone-800"
          >
            {t('menu-admin.branch.sold')}
          </label>
        </div>
      </fieldset>
    </div>
  );
}
