import { useId } from 'react';
import { TicketPercent } from 'lucide-react';
import { discountLabel } from '@quan/contract/coupon';
import { formatMoney } from '../../../lib/format';
import type { CouponCheck } from './use-coupon-check';

interface CouponFieldProps {
  value: string;
  check: CouponCheck;
  onChange: (value: string) => void;
}

/** A coupon code, checked as it is typed: what it takes off this order, or why it does not apply. */
export function CouponField({ value, check, onChange }: CouponFieldProps) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  return (
    <div>
      <label htmlFor={inputId} className="sr-only">
        Coupon code
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
          placeholder="Coupon code (optional)"
          aria-invalid={check.status === 'invalid' ? true : undefined}
          aria-describedby={check.status === 'none' ? undefined : messageId}
          onChange={(event) => onChange(event.target.value)}
          className="field-input pl-10 uppercase placeholder:normal-case"
        />
      </div>
      <p id={messageId} aria-live="polite" className="mt-1 min-h-5 text-sm">
        {check.status === 'checking' && <span className="text-stone-600">Checking the coupon…</span>}
        {check.status === 'valid' && (
          <span className="font-medium text-green-800">
            {check.code}: {discountLabel(check.coupon)}, −{formatMoney(check.discount)} on this order
          </span>
        )}
        {check.status === 'invalid' && <span className="text-red-800">{check.reason}</span>}
      </p>
    </div>
  );
}
