import { useState } from 'react';
import { Check, Copy, Printer } from 'lucide-react';
import { useSnackbar } from 'notistack';
import { NO_PRIZE_LABEL } from '@quan/contract/spin-wheel';
import { formatDate } from '../../../lib/format';
import { PrizeCoupon } from './PrizeCoupon';
import type { SpinOutcome } from './use-wheel-spin';

/** What the live region says: nothing until the wheel stops, so the result is not announced early. */
function announcement(outcome: SpinOutcome | null, isTurning: boolean): string {
  if (isTurning) return 'The wheel is spinning…';
  if (!outcome) return '';
  const { result, customer } = outcome;
  if (!result.prize || !result.coupon) return `${NO_PRIZE_LABEL}, ${customer.name}.`;
  const validUntil = result.coupon.endDate ? `, valid until ${formatDate(result.coupon.endDate)}` : '';
  return `${customer.name} won ${result.prize.label}! Coupon code ${result.coupon.code}${validUntil}.`;
}

interface SpinOutcomePanelProps {
  outcome: SpinOutcome | null;
  isTurning: boolean;
}

/** The result once the wheel stops: the prize with its code to copy or print, or better luck next time. */
export function SpinOutcomePanel({ outcome, isTurning }: SpinOutcomePanelProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [copiedCode, setCopiedCode] = useState<string | null>(null);
  const revealed = outcome?.revealed ? outcome : null;
  const coupon = revealed?.result.coupon ?? null;

  async function copy(code: string) {
    try {
      // Absent outside a secure context (plain http on the restaurant's network): fall through to the advice.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(code);
      setCopiedCode(code);
      enqueueSnackbar(`Copied ${code}.`, { variant: 'success' });
    } catch {
      enqueueSnackbar('Could not copy the code here; select it and copy it by hand.', { variant: 'error' });
    }
  }

  return (
    <div className="space-y-3">
      <p
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className={revealed ? 'text-lg font-semibold text-stone-900' : 'text-sm text-stone-600'}
      >
        {announcement(revealed, isTurning)}
      </p>
      {revealed && coupon && (
        <>
          <PrizeCoupon coupon={coupon} customerName={revealed.customer.name} />
          <div className="flex flex-wrap justify-center gap-2">
            <button type="button" className="btn btn-secondary" onClick={() => void copy(coupon.code)}>
              {copiedCode === coupon.code ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              Copy <span className="sr-only">code {coupon.code}</span>
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="size-4" />
              Print <span className="sr-only">coupon</span>
            </button>
          </div>
        </>
      )}
    </div>
  );
}
