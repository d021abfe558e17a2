import { useEffect, useState } from 'react';
import { Clock, LoaderCircle, WifiOff } from 'lucide-react';
import { useT } from '../../../lib/i18n';
import type { CartLine } from '../../../store/cart-lines';
import { TableNotice } from './TableNotice';

function DishList({ lines }: { lines: CartLine[] }) {
  const t = useT();
  if (lines.length === 0) return null;
  return (
    <ul
      aria-label={t('table.retry.dishes')}
      className="rounded-2xl border border-stone-200 bg-white px-4 py-2 text-left text-sm"
    >
      {lines.map((line) => (
        <li key={line.key} className="py-1">
          {line.quantity} × {line.name}
          {line.options.length > 0 && `: ${line.options.map((option) => option.name).join(' · ')}`}
          {line.note && <span className="text-stone-600"> ({line.note})</span>}
        </li>
      ))}
    </ul>
  );
}

function RetryButton({ isSending, disabled, onRetry }: { isSending: boolean; disabled: boolean; onRetry: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      className="btn btn-primary min-h-12 text-base"
      disabled={isSending || disabled}
      onClick={onRetry}
    >
      {isSending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
      {isSending ? t('table.sending') : t('common.tryAgain')}
    </button>
  );
}

interface RetryNoticeProps {
  lines: CartLine[];
  isSending: boolean;
  onRetry: () => void;
}

/** 429: the table (or the phone) ordered too often; the same order can be sent again after the wait. */
export function RateLimitNotice({
  retryAfterSeconds,
  ...props
}: RetryNoticeProps & { retryAfterSeconds: number | null }) {
  const t = useT();
  const [secondsLeft, setSecondsLeft] = useState(retryAfterSeconds ?? 0);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  return (
    <TableNotice
      icon={Clock}
      title={t('table.rateLimit')}
      actions={<RetryButton isSending={props.isSending} disabled={secondsLeft > 0} onRetry={props.onRetry} />}
    >
      <p>
        {secondsLeft > 0 ? t('table.rateLimit.wait', { seconds: secondsLeft }) : t('table.rateLimit.now')}{' '}
        {t('table.retry.kept')}
      </p>
      <DishList lines={props.lines} />
    </TableNotice>
  );
}

/** No answer (offline, server down): the order may not have arrived; "Try again" resends the very same one. */
export function UnsentNotice({ message, ...props }: RetryNoticeProps & { message: string }) {
  const t = useT();
  return (
    <TableNotice
      icon={WifiOff}
      title={t('table.unsent')}
      actions={<RetryButton isSending={props.isSending} disabled={false} onRetry={props.onRetry} />}
    >
      <p>{message}</p>
      <p>{t('table.unsent.kept')}</p>
      <DishList lines={props.lines} />
    </TableNotice>
  );
}
