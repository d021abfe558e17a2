import { useState } from 'react';
import { couponCodeSchema, type Coupon } from '@quan/contract/coupon';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCouponValidation } from '../api/validate-coupon';

/** Where the coupon typed at the POS stands; only a `valid` one is sent with the order. */
export type CouponCheck =
  | { status: 'none' }
  | { status: 'checking'; code: string }
  | { status: 'valid'; code: string; discount: number; coupon: Coupon }
  | { status: 'invalid'; code: string; reason: string };

/**
 * Checks the typed code with the server once typing pauses, for this subtotal and member (a spin-wheel prize
 * belongs to one customer), and again whenever either changes.
 */
export function useCouponCheck(typed: string, subtotal: number, customerId: string | null): CouponCheck {
  const t = useT();
  const code = typed.trim().toUpperCase();
  const settledCode = useDebouncedValue(code);
  const parsed = settledCode ? couponCodeSchema.safeParse(settledCode) : null;
  const validation = useCouponValidation(
    parsed?.success ? { code: parsed.data, subtotal, ...(customerId ? { customerId } : {}) } : null,
  );

  if (!code) return { status: 'none' };
  if (code !== settledCode) return { status: 'checking', code };
  if (parsed && !parsed.success) {
    return {
      status: 'invalid',
      code,
      reason: parsed.error.issues[0]
        ? translateValidationMessage(parsed.error.issues[0].message)
        : t('pos.coupon.notACode'),
    };
  }
  if (validation.isError) {
    return {
      status: 'invalid',
      code,
      reason: describeApiError(validation.error, t('pos.coupon.checkError', { code })),
    };
  }
  if (validation.data) {
    return { status: 'valid', code, discount: validation.data.discount, coupon: validation.data.coupon };
  }
  return { status: 'checking', code };
}

/**
 * The coupon of a new order: the code typed, where its check stands and the discount it gives. A round carries
 * no coupon (the order's own is worked out again by the server), so none is checked for it.
 */
export function useOrderCoupon(subtotal: number, customerId: string | null, { isRound }: { isRound: boolean }) {
  const [input, setInput] = useState('');
  const check = useCouponCheck(isRound ? '' : input, subtotal, customerId);
  const valid = check.status === 'valid' ? check : null;
  return { input, setInput, check, discount: valid?.discount ?? 0, code: valid?.code ?? null };
}
