import type { Coupon } from '@quan/contract/coupon';
import { NO_PRIZE_LABEL } from '@quan/contract/spin-wheel';
import { formatMoney } from '../../../lib/format';
import type { Translate } from '../../../lib/i18n';

/**
 * A prize's label as the wheel shows it. The server names a prize by its coupon's description (typed by a
 * manager, shown as it is) or, without one, by its discount in English ("10% off", "50.000 ₫ off"), and the
 * empty segment by NO_PRIZE_LABEL: those two it composes are said in the active language.
 */
export function prizeLabel(label: string, t: Translate): string {
  if (label === NO_PRIZE_LABEL) return t('spin-wheel.noPrize');
  const percent = /^(\d+)% off$/.exec(label);
  if (percent) return t('spin-wheel.prize.percentOff', { percent: percent[1] });
  const amount = /^(\d{1,3}(?:\.\d{3})*\s₫) off$/u.exec(label);
  if (amount) return t('spin-wheel.prize.amountOff', { amount: amount[1] });
  return label;
}

/** The coupon's discount, in a few words: "10% off", "50.000 ₫ off". */
export function prizeDiscount(coupon: Pick<Coupon, 'discountType' | 'discountValue'>, t: Translate): string {
  return coupon.discountType === 'percent'
    ? t('spin-wheel.prize.percentOff', { percent: String(coupon.discountValue) })
    : t('spin-wheel.prize.amountOff', { amount: formatMoney(coupon.discountValue) });
}
