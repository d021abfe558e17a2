import { vatPercent, type VatRate } from '@quan/contract/vat';
import { formatPercent } from './date-format';
import type { Translate } from './i18n';

/**
 * The name of a bill's VAT line for one rate, wherever a bill is shown (the POS, the printed bill, the diner's
 * phone): "VAT 8%" when the tax is added on top of the prices, "VAT 8% included" when the prices hold it (the
 * total has it already), "Not subject to VAT" for KCT. Its words sit in the catalogue every screen loads.
 */
export function vatLineLabel(t: Translate, vatRate: VatRate, pricesIncludeTax: boolean): string {
  if (vatRate === 'KCT') return t('common.bill.vatExempt');
  const rate = formatPercent(vatPercent(vatRate), 2);
  return pricesIncludeTax ? t('common.bill.vatIncluded', { rate }) : t('common.bill.vatAdded', { rate });
}
