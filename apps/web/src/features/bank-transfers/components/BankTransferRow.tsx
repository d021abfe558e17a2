import { TriangleAlert } from 'lucide-react';
import type { BankTransfer } from '@quan/contract/payments';
import { formatDateTime } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { refusalReason } from './refusal-reason';

/** A transfer's columns on a wide screen (amount and time, the note and why, the action); on a phone they stack. */
const columns = 'md:grid md:grid-cols-[12rem_minmax(0,1fr)_auto] md:items-center md:gap-4';

/** One transfer that paid nothing: how much, when, the note as the bank received it, why, and the way to pay it. */
export function BankTransferRow({ transfer, onApply }: { transfer: BankTransfer; onApply: () => void }) {
  const t = useT();
  const amount = formatMoney(transfer.amount);
  const time = formatDateTime(transfer.transactedAt);
  return (
    <article
      aria-label={t('bankTransfers.row.label', { amount, time })}
      className={`card space-y-3 p-4 md:space-y-0 ${columns}`}
    >
      <div>
        <p className="text-lg font-semibold text-stone-900 tabular-nums">{amount}</p>
        <p className="text-sm text-stone-600">
          <time dateTime={transfer.transactedAt}>{time}</time>
        </p>
      </div>
      <dl className="min-w-0 space-y-1 text-sm">
        <div>
          <dt className="sr-only">{t('bankTransfers.note')}</dt>
          <dd className="font-mono break-words text-stone-900">{transfer.description || t('bankTransfers.noNote')}</dd>
        </div>
        <div className="flex items-start gap-1.5 text-amber-900">
          <dt>
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
            <span className="sr-only">{t('bankTransfers.reason')}</span>
          </dt>
          <dd>{refusalReason(t, transfer)}</dd>
        </div>
        <div className="flex flex-wrap gap-x-1 text-xs text-stone-500">
          <dt>{t('bankTransfers.transactionId')}</dt>
          <dd className="break-all">{transfer.transactionId}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn-secondary min-h-11 w-full md:w-auto" onClick={onApply}>
        {t('bankTransfers.apply.open')}{' '}
        <span className="sr-only">{t('bankTransfers.apply.openOf', { amount, time })}</span>
      </button>
    </article>
  );
}
