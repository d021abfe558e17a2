import type { Coupon } from '@quan/contract/coupon';
import { formatMoney } from '../../../lib/format';
import { formatDate } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { messageWithElements } from '../../../components/message-with-elements';
import { prizeDiscount } from './prize-text';
import './coupon-print.css';

interface PrizeCouponProps {
  coupon: Coupon;
  customerName: string;
}

/** What it takes to use the coupon, in a line: "On orders from 200.000 ₫ · at most 50.000 ₫ off". */
function conditions(coupon: Coupon, t: ReturnType<typeof useT>): string | null {
  const parts = [
    coupon.minOrderValue > 0 ? t('spin-wheel.prize.minOrder', { amount: formatMoney(coupon.minOrderValue) }) : null,
    coupon.maxDiscount !== null ? t('spin-wheel.prize.maxOff', { amount: formatMoney(coupon.maxDiscount) }) : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  const sentence = parts.join(' · ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** The issued prize as a small card the guest can take away: it is also what "Print" prints. */
export function PrizeCoupon({ coupon, customerName }: PrizeCouponProps) {
  const t = useT();
  const terms = conditions(coupon, t);
  return (
    <div
      aria-label={t('spin-wheel.prize.card', { code: coupon.code })}
      role="group"
      className="coupon-print-card space-y-2 rounded-xl border-2 border-dashed border-amber-600 bg-white p-4 text-center"
    >
      <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{t('spin-wheel.prize.heading')}</p>
      <p className="text-2xl font-bold text-stone-900">{prizeDiscount(coupon, t)}</p>
      {terms && <p className="text-sm text-stone-700">{terms}</p>}
      <p className="font-mono text-2xl font-bold tracking-wider text-amber-900 select-all">{coupon.code}</p>
      <p className="text-sm text-stone-700">
        {messageWithElements(
          t,
          'spin-wheel.prize.forUntil',
          {},
          {
            name: <strong>{customerName}</strong>,
            date: <strong>{coupon.endDate ? formatDate(coupon.endDate) : '—'}</strong>,
          },
        )}
      </p>
      <p className="text-xs text-stone-500">{t('spin-wheel.prize.oneUse')}</p>
    </div>
  );
}
