import { useState } from 'react';
import { Check, Copy, Printer } from 'lucide-react';
import { useSnackbar } from 'notistack';
import { formatDate } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { PrizeCoupon } from './PrizeCoupon';
import { prizeLabel } from './prize-text';
import type { SpinOutcome } from './use-wheel-spin';

/** What the live region says: nothing until the wheel stops, so the result is not announced early. */
function announcement(outcome: SpinOutcome | null, isTurning: boolean, t: ReturnType<typeof useT>): string {
  if (isTurning) return t('spin-wheel.outcome.spinning');
  if (!outcome) return '';
  const { result, customer } = outcome;
  if (!result.prize || !result.coupon) return t('spin-wheel.outcome.noPrize', { name: customer.name });
  const won = { name: customer.name, prize: prizeLabel(result.prize.label, t), code: result.coupon.code };
  return result.coupon.endDate
    ? t('spin-wheel.outcome.wonUntil', { ...won, date: formatDate(result.coupon.endDate) })
    : t('spin-wheel.outcome.won', won);
}

interface SpinOutcomePanelProps {
  outcome: SpinOutcome | null;
  isTurning: boolean;
}

/** The result once the wheel stops: the prize with its code to copy or print, or better luck next time. */
export function SpinOutcomePanel({ outcome, isTurning }: SpinOutcomePanelProps) {
  const t = useT();
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
      enqueueSnackbar(t('spin-wheel.outcome.copied', { code }), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('spin-wheel.outcome.copyError'), { variant: 'error' });
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
        {announcement(revealed, isTurning, t)}
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
              {t('spin-wheel.outcome.copy')}{' '}
              <span className="sr-only">{t('spin-wheel.outcome.copyCode', { code: coupon.code })}</span>
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="size-4" />
              {t('spin-wheel.outcome.print')} <span className="sr-only">{t('spin-wheel.outcome.printCoupon')}</span>
            </button>
          </div>
        </>
      )}
    </div>
  );
}
