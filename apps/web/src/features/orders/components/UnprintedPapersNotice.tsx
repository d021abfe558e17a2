import { PrinterX } from 'lucide-react';
import type { QueuedPrintJob } from '@quan/contract/printers';
import { useT } from '../../../lib/i18n';
import { listOf } from '../../../lib/list-format';
import { unprintedReasonOfJobs } from '../model/print-queue-index';
import { describeUnprintedJobs, unprintedReasonMessages } from './unprinted-papers';

interface UnprintedPapersNoticeProps {
  /** The order's jobs still waiting for a printer. */
  jobs: readonly QueuedPrintJob[];
  /** The stations' names by id, to say whose ticket waits; without them, the round alone. */
  stationNames: ReadonlyMap<string, string>;
}

/**
 * "Phiếu chưa in: Bếp lượt 2" on an order's card while any of its papers waits for a printer, so that whoever
 * looks at the order knows the kitchen may not have it on paper. Nothing once every paper has printed.
 */
export function UnprintedPapersNotice({ jobs, stationNames }: UnprintedPapersNoticeProps) {
  const t = useT();
  const names = describeUnprintedJobs(t, jobs, stationNames);
  if (names.length === 0) return null;
  const reason = unprintedReasonOfJobs(jobs);
  const why = t(unprintedReasonMessages[reason]);
  return (
    <p
      title={why}
      className={`flex items-start gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold ${
        reason === 'waiting' ? 'bg-stone-100 text-stone-800' : 'bg-red-50 text-red-900'
      }`}
    >
      <PrinterX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {t('orders.unprinted.orderLine', { papers: listOf(names) })}
        <span className="sr-only"> ({why})</span>
      </span>
    </p>
  );
}
