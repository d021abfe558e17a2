import { Pencil, Trash2 } from 'lucide-react';
import type { Branch } from '@quan/contract/branch';
import type { Coupon } from '@quan/contract/coupon';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { discountTypeLabelIds, formatDiscountValue, formatUses, formatValidity } from './coupon-display';
import { describeCouponBranches } from './chain-branches';

interface CouponTableProps {
  coupons: readonly Coupon[];
  /** Managers and admins get the switch and the write actions; staff read the table. */
  canManage: boolean;
  /** The coupon whose active switch is being saved, if any. */
  togglingId: string | null;
  onToggleActive: (coupon: Coupon) => void;
  onEdit: (coupon: Coupon) => void;
  onDelete: (coupon: Coupon) => void;
  /**
   * The branches this person knows, to name those a coupon is limited to; without `showBranches` (a
   * restaurant with one branch) the column is not there.
   */
  branches?: readonly Branch[];
  showBranches?: boolean;
}

function Limits({ coupon }: { coupon: Coupon }) {
  const t = useT();
  const hasMin = coupon.minOrderValue > 0;
  const hasMax = coupon.maxDiscount !== null;
  if (!hasMin && !hasMax) return <span className="text-stone-600">—</span>;
  return (
    <>
      {hasMin && (
        <span className="block whitespace-nowrap">
          {t('coupons.table.minOrder', { amount: formatMoney(coupon.minOrderValue) })}
        </span>
      )}
      {hasMax && (
        <span className="block whitespace-nowrap">
          {t('coupons.table.maxDiscount', { amount: formatMoney(coupon.maxDiscount ?? 0) })}
        </span>
      )}
    </>
  );
}

/** A switch for managers (saved at once), a worded state for staff. */
function ActiveCell({
  coupon,
  canManage,
  isSaving,
  onToggle,
}: {
  coupon: Coupon;
  canManage: boolean;
  isSaving: boolean;
  onToggle: () => void;
}) {
  const t = useT();
  if (!canManage) {
    return (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
          coupon.isActive ? 'bg-green-100 text-green-800' : 'bg-stone-200 text-stone-700'
        }`}
      >
        {coupon.isActive ? t('coupons.status.active') : t('coupons.status.inactive')}
      </span>
    );
  }
  return (
    <label className="inline-flex min-h-8 cursor-pointer items-center gap-2 has-disabled:cursor-wait">
      <input
        type="checkbox"
        role="switch"
        className="peer sr-only"
        checked={coupon.isActive}
        disabled={isSaving}
        onChange={onToggle}
        aria-label={t('coupons.table.activeSwitch', { code: coupon.code })}
      />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 rounded-full bg-stone-300 transition-colors peer-checked:bg-green-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-600 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
      />
      <span aria-hidden="true" className="text-xs font-medium text-stone-700">
        {coupon.isActive ? t('coupons.table.on') : t('coupons.table.off')}
      </span>
    </label>
  );
}

export function CouponTable({
  coupons,
  canManage,
  togglingId,
  onToggleActive,
  onEdit,
  onDelete,
  branches = [],
  showBranches = false,
}: CouponTableProps) {
  const t = useT();
  return (
    <ScrollRegion label={t('coupons.table.region')} className="card">
      {/* Wider with the branches' column, so that no column has to break its words to make room for it. */}
      <table className={`w-full text-left text-sm ${showBranches ? 'min-w-[70rem]' : 'min-w-[60rem]'}`}>
        <caption className="sr-only">{t('coupons.table.caption')}</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t('coupons.table.code')}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t('coupons.table.type')}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              {t('coupons.table.value')}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t('coupons.table.limits')}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t('coupons.table.valid')}
            </th>
            {showBranches && (
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('coupons.table.branches')}
              </th>
            )}
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              {t('coupons.table.uses')}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t('coupons.table.active')}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              {t('coupons.table.spinWeight')}
            </th>
            {canManage && (
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">{t('coupons.table.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {coupons.map((coupon) => (
            <tr key={coupon._id} aria-label={coupon.code} className={coupon.isActive ? undefined : 'bg-stone-50'}>
              <th scope="row" className="px-4 py-3 align-top font-normal">
                <span className="block font-mono font-semibold text-stone-900">{coupon.code}</span>
                {coupon.description && <span className="block text-xs text-stone-600">{coupon.description}</span>}
              </th>
              <td className="px-4 py-3 align-top text-stone-700">{t(discountTypeLabelIds[coupon.discountType])}</td>
              <td className="px-4 py-3 text-right align-top font-semibold whitespace-nowrap text-stone-900 tabular-nums">
                {formatDiscountValue(coupon)}
              </td>
              <td className="px-4 py-3 align-top text-stone-700 tabular-nums">
                <Limits coupon={coupon} />
              </td>
              <td className="px-4 py-3 align-top whitespace-nowrap text-stone-700 tabular-nums">
                {formatValidity(coupon, t)}
              </td>
              {showBranches && (
                <td className="px-4 py-3 align-top text-stone-700">{describeCouponBranches(coupon, branches, t)}</td>
              )}
              <td className="px-4 py-3 text-right align-top text-stone-700 tabular-nums">{formatUses(coupon)}</td>
              <td className="px-4 py-3 align-top">
                <ActiveCell
                  coupon={coupon}
                  canManage={canManage}
                  isSaving={togglingId === coupon._id}
                  onToggle={() => onToggleActive(coupon)}
                />
              </td>
              <td className="px-4 py-3 text-right align-top text-stone-700 tabular-nums">{coupon.spinWeight}</td>
              {canManage && (
                <td className="px-4 py-3 align-top">
                  <div className="flex justify-end gap-2">
                    <button type="button" className="btn btn-sm btn-secondary" onClick={() => onEdit(coupon)}>
                      <Pencil aria-hidden="true" className="size-4" />
                      {t('coupons.table.edit')} <span className="sr-only">{coupon.code}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-secondary text-red-700 hover:bg-red-50"
                      onClick={() => onDelete(coupon)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      {t('coupons.table.delete')} <span className="sr-only">{coupon.code}</span>
                    </button>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
