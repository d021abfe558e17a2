import { PrinterX } from 'lucide-react';
import { useT } from '../../../lib/i18n';
import type { UnprintedReason } from '../model/print-queue-index';
import { unprintedReasonMessages } from './unprinted-papers';

/**
 * "Chưa in" on a kitchen ticket whose paper has not come out of its printer: the cooks know to read it from the
 * screen, and why (hovered, or read out) tells someone whether to go and look at the printer.
 */
export function UnprintedBadge({ reason }: { reason: UnprintedReason }) {
  const t = useT();
  const why = t(unprintedReasonMessages[reason]);
  return (
    <span
      title={why}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold ${
        reason === 'waiting' ? 'bg-stone-200 text-stone-900' : 'bg-red-100 text-red-900 ring-1 ring-red-300'
      }`}
    >
      <PrinterX aria-hidden="true" className="size-3.5" />
      {t('orders.unprinted.badge')}
      <span className="sr-only">: {why}</span>
    </span>
  );
}
