import type { Coupon, DiscountType } from '@quan/contract/coupon';
import { formatMoney } from '../../../lib/format';
import { formatDate } from '../../../lib/date-format';
import type { Translate } from '../../../lib/i18n';
import { matchesSearch } from '../../../lib/search';

/** Each discount type's name, as a message id. */
export const discountTypeLabelIds: Record<DiscountType, string> = {
  percent: 'coupons.type.percent',
  fixed: 'coupons.type.fixed',
};

/** The discount as a value: "10%" or "50.000 ₫". */
export function formatDiscountValue(coupon: Pick<Coupon, 'discountType' | 'discountValue'>): string {
  return coupon.discountType === 'percent' ? `${coupon.discountValue}%` : formatMoney(coupon.discountValue);
}

/** Uses against the limit: "3/100", or "3/∞" without one. */
export function formatUses(coupon: Pick<Coupon, 'usedCount' | 'usageLimit'>): string {
  return `${coupon.usedCount}/${coupon.usageLimit ?? '∞'}`;
}

/** The days it works, dd/MM/yyyy: "01/03/2026 – 31/03/2026", "From 01/03/2026", "Until …" or "Any day". */
export function formatValidity(coupon: Pick<Coupon, 'startDate' | 'endDate'>, t: Translate): string {
  const { startDate, endDate } = coupon;
  if (startDate && endDate) return `${formatDate(startDate)} – ${formatDate(endDate)}`;
  if (startDate) return t('coupons.validity.from', { date: formatDate(startDate) });
  if (endDate) return t('coupons.validity.until', { date: formatDate(endDate) });
  return t('coupons.validity.anyDay');
}

/** The coupons whose code or description matches the search (accents and case ignored). */
export function filterCoupons(coupons: readonly Coupon[], search: string): Coupon[] {
  return coupons.filter((coupon) => matchesSearch(coupon.code, search) || matchesSearch(coupon.description, search));
}
