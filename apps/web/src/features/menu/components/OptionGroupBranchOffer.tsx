import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Option } from '@quan/contract/options';
import { TextField } from '../../../components/TextField';
import { useT } from '../../../lib/i18n';
import { formatPriceDelta } from './option-rules';

/** One saved option's fields in the branch's section, registered by the group's form. */
export interface OptionOfferFields {
  option: Option;
  priceDeltaField: UseFormRegisterReturn;
  soldField: UseFormRegisterReturn;
  priceDeltaError?: string;
}

/**
 * The current branch's own price change and availability of each saved option of a group, inside the group's
 * form above its Save (which saves them, as `BranchItemOffer` in a dish's). Shown only in a chain of more than one
 * branch (the page decides): a single restaurant's menu price is its price.
 */
export function OptionGroupBranchOffer({ branchName, offers }: { branchName: string; offers: OptionOfferFields[] }) {
  const t = useT();
  const baseId = useId();

  return (
    // The rule above the section is on a wrapper: a fieldset's own border would run through its legend.
    <div className="border-t border-stone-200 pt-4">
      <fieldset className="space-y-4" aria-describedby={`${baseId}-hint`}>
        <legend className="text-sm font-semibold text-stone-800">
          {t('menu-admin.branch.title', { branch: branchName })}
        </legend>
        <p id={`${baseId}-hint`} className="text-xs text-stone-600">
          {t('menu-admin.branch.optionsHint')}
        </p>
        <ul className="space-y-3">
          {offers.map(({ option, priceDeltaField, soldField, priceDeltaError }) => {
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
                    error={priceDeltaError}
                    {...priceDeltaField}
                  />
                  <div className="flex items-center gap-3 sm:pt-6">
                    <input
                      id={soldId}
                      type="checkbox"
                      role="switch"
                      className="size-5 accent-amber-700"
                      {...soldField}
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
      </fieldset>
    </div>
  );
}
