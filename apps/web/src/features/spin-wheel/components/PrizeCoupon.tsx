import { discountLabel, type Coupon } from '@quan/contract/coupon';
import { formatDate, formatMoney } from '../../../lib/format';
import './coupon-print.css';

interface PrizeCouponProps {
  coupon: Coupon;
  customerName: string;
}

/** What it takes to use the coupon, in a line: "On orders from 200.000 ₫ · at most 50.000 ₫ off". */
function conditions(coupon: Coupon): string | null {
  const parts = [
    coupon.minOrderValue > 0 ? `On orders from ${formatMoney(coupon.minOrderValue)}` : null,
    coupon.maxDiscount !== null ? `at most ${formatMoney(coupon.maxDiscount)} off` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  const sentence = parts.join(' · ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** The issued prize as a small card the guest can take away: it is also what "Print" prints. */
export function PrizeCoupon({ coupon, customerName }: PrizeCouponProps) {
  const terms = conditions(coupon);
  return (
    <div
      aria-label={`Prize coupon ${coupon.code}`}
      role="group"
      className="coupon-print-card space-y-2 rounded-xl border-2 border-dashed border-amber-600 bg-white p-4 text-center"
    >
      <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Spin-wheel prize</p>
      <p className="text-2xl font-bold text-stone-900">{discountLabel(coupon)}</p>
      {terms && <p className="text-sm text-stone-700">{terms}</p>}
      <p className="font-mono text-2xl font-bold tracking-wider text-amber-900 select-all">{coupon.code}</p>
      <p className="text-sm text-stone-700">
        For <strong>{customerName}</strong> · valid until{' '}
        <strong>{coupon.endDate ? formatDate(coupon.endDate) : '—'}</strong>
      </p>
      <p className="text-xs text-stone-500">One use. Show this code when paying.</p>
    </div>
  );
}
