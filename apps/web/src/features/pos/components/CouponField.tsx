import { useId } from 'react';
import { TicketPercent } from 'lucide-react';
import type { Coupon } from '@quan/contract/coupon';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { CouponCheck } from './use-coupon-check';

interface CouponFieldProps {
  value: string;
  check: CouponCheck;
  onChange: (value: string) => void;
}

/** What a coupon takes off: "10% off", "20.000 ₫ off". */
function discountLabel(coupon: Pick<Coupon, 'discountType' | 'discountValue'>, t: ReturnType<typeof useT>): string {
  return coupon.discountType === 'percent'
    ? t('pos.coupon.percentOff', { value: coupon.discountValue })
    : t('pos.coupon.amountOff', { amount: formatMoney(coupon.discountValue) });
}

/** A coupon code, checked as it is typed: what it takes off this order, or why it does not apply. */
export function CouponField({ value, check, onChange }: CouponFieldProps) {
  const t = useT();
  const inputId = useId();
  const messageId = `${inputId}-message`;
  return (
    <div>
      <label htmlFor={inputId} className="sr-only">
        {t('pos.coupon.label')}
      </label>
      <div className="relative">
        <TicketPercent
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400"
        />
        <input
          id={inputId}
          value={value}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('pos.coupon.placeholder')}
          aria-invalid={check.status === 'invalid' ? true : undefined}
          aria-describedby={check.status === 'none' ? undefined : messageId}
          onChange={(event) => onChange(event.target.value)}
          className="field-input pl-10 uppercase placeholder:normal-case"
        />
      </div>
      <p id={messageId} aria-live="polite" className="mt-1 min-h-5 text-sm">
        {check.status === 'checking' && <span className="text-stone-600">{t('pos.coupon.checking')}</span>}
        {check.status === 'valid' && (
          <span className="font-medium text-green-800">
            {t('pos.coupon.valid', {
              code: check.code,
              discount: discountLabel(check.coupon, t),
              amount: formatMoney(check.discount),
            })}
          </span>
        )}
        {check.status === 'invalid' && <span className="text-red-800">{check.reason}</span>}
      </p>
    </div>
  );
}
