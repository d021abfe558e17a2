import { MAX_OPTIONS_PER_GROUP } from '@quan/contract/options';
import { formatPriceChange } from '../../../lib/format';
import type { Translate } from '../../../lib/i18n';

/** The rules a manager picks from; each sets the group's minimum and maximum. */
export type OptionRule = 'one_required' | 'one_optional' | 'up_to' | 'any' | 'custom';

/** "Any number" allows every option: the highest maximum, so options added later are covered too. */
export const ANY_NUMBER = MAX_OPTIONS_PER_GROUP;

/** The rule a saved group's limits look like, so the picker opens on it. */
export function ruleOf(limits: { minSelected: number; maxSelected: number }): OptionRule {
  const { minSelected, maxSelected } = limits;
  if (maxSelected === 1) return minSelected === 1 ? 'one_required' : minSelected === 0 ? 'one_optional' : 'custom';
  if (minSelected !== 0) return 'custom';
  return maxSelected >= ANY_NUMBER ? 'any' : 'up_to';
}

/** The limits a rule sets; "up to" and "custom" keep what they can of the current ones. */
export function limitsOf(
  rule: OptionRule,
  current: { minSelected: number; maxSelected: number },
): { minSelected: number; maxSelected: number } {
  switch (rule) {
    case 'one_required':
      return { minSelected: 1, maxSelected: 1 };
    case 'one_optional':
      return { minSelected: 0, maxSelected: 1 };
    case 'any':
      return { minSelected: 0, maxSelected: ANY_NUMBER };
    case 'up_to': {
      const max = Number.isInteger(current.maxSelected) ? current.maxSelected : 2;
      return { minSelected: 0, maxSelected: max > 1 && max < ANY_NUMBER ? max : 2 };
    }
    case 'custom':
      return current;
  }
}

/** An option's price change as the manager's lists say it: "+10.000 ₫", "−5.000 ₫" or "no change". */
export const formatPriceDelta = (t: Translate, delta: number) =>
  formatPriceChange(delta) || t('menu-admin.option.noPriceChange');
