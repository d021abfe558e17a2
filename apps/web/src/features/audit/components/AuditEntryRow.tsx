import type { AuditEntry, AuditKind } from '@quan/contract/audit';
import { formatDateTime } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { auditColumns, auditKindMessages } from './audit-labels';
import { auditSentence } from './audit-sentence';

const kindClasses: Record<AuditKind, string> = {
  void: 'bg-red-50 text-red-800 ring-red-200',
  merge: 'bg-violet-50 text-violet-900 ring-violet-200',
  split: 'bg-sky-50 text-sky-900 ring-sky-200',
  move: 'bg-teal-50 text-teal-900 ring-teal-200',
  refund: 'bg-orange-50 text-orange-900 ring-orange-200',
  'cash-movement': 'bg-stone-100 text-stone-800 ring-stone-300',
  'shift-close': 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  'shift-reopen': 'bg-amber-50 text-amber-900 ring-amber-200',
  'bank-transfer': 'bg-indigo-50 text-indigo-900 ring-indigo-200',
  'approval-refused': 'bg-rose-100 text-rose-900 ring-rose-300',
  'stock-transfer': 'bg-lime-50 text-lime-900 ring-lime-200',
  'drawer-open': 'bg-orange-50 text-orange-900 ring-orange-200',
  einvoice: 'bg-cyan-50 text-cyan-900 ring-cyan-200',
};

/** One change in the trail: when, what kind, what it did (in the reader's language), who made and who approved it. */
export function AuditEntryRow({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const kind = t(auditKindMessages[entry.kind]);
  return (
    <article
      aria-label={t('audit.entry.label', { kind, time: formatDateTime(entry.createdAt) })}
      className={`card space-y-2 p-4 md:space-y-0 ${auditColumns}`}
    >
      <p className="text-sm text-stone-700">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </p>
      <p>
        <span
          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${kindClasses[entry.kind]}`}
        >
          {kind}
        </span>
      </p>
      <div className="min-w-0 text-sm">
        <p className="break-words text-stone-900">{auditSentence(t, entry)}</p>
        {entry.order && (
          <p className="text-xs text-stone-600">{t('audit.entry.order', { orderNo: entry.order.orderNo })}</p>
        )}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-sm">
        <dt className="text-stone-600">{t('audit.entry.by')}</dt>
        <dd className="truncate font-medium text-stone-900">{entry.actor?.name ?? t('audit.entry.unknown')}</dd>
        {entry.approvedBy && (
          <>
            <dt className="text-stone-600">{t('audit.entry.approvedBy')}</dt>
            <dd className="truncate font-medium text-stone-900">{entry.approvedBy.name}</dd>
          </>
        )}
      </dl>
    </article>
  );
}
