import { useState } from 'react';
import type { ShiftSummary } from '@quan/contract/shifts';
import { LoadError } from '../../../components/LoadError';
import { formatMoney } from '../../../lib/format';
import { formatDateTime } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { useShifts } from '../api/list-shifts';
import { OverShortBadge } from './OverShortBadge';
import { ShiftReportDialog } from './ShiftReportDialog';

function ShiftRow({ shift, onOpen }: { shift: ShiftSummary; onOpen: () => void }) {
  const t = useT();
  const { cash } = shift.report;
  return (
    <article
      aria-label={t('shifts.past.row', { shiftNo: shift.shiftNo, drawer: shift.deviceName })}
      className="card grid gap-2 p-4 md:grid-cols-[7rem_1fr_1fr_auto] md:items-center"
    >
      <div>
        <p className="font-semibold text-stone-900">{t('shifts.shiftNo', { shiftNo: shift.shiftNo })}</p>
        <p className="text-sm text-stone-600">{shift.deviceName}</p>
      </div>
      <dl className="text-sm text-stone-700">
        <div className="flex gap-1">
          <dt>{t('shifts.past.opened')}</dt>
          <dd>
            <time dateTime={shift.openedAt}>{formatDateTime(shift.openedAt)}</time>
            {shift.openedBy && ` · ${shift.openedBy.name}`}
          </dd>
        </div>
        {shift.closedAt ? (
          <div className="flex gap-1">
            <dt>{t('shifts.past.closed')}</dt>
            <dd>
              <time dateTime={shift.closedAt}>{formatDateTime(shift.closedAt)}</time>
              {shift.closedBy && ` · ${shift.closedBy.name}`}
            </dd>
          </div>
        ) : (
          <p className="font-medium text-green-800">{t('shifts.past.stillOpen')}</p>
        )}
      </dl>
      <dl className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
        <div className="flex gap-1">
          <dt>{t('shifts.close.expected')}</dt>
          <dd className="font-medium text-stone-900 tabular-nums">{formatMoney(cash.expected)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('shifts.close.counted')}</dt>
          <dd className="font-medium text-stone-900 tabular-nums">
            {cash.counted === null ? '—' : formatMoney(cash.counted)}
          </dd>
        </div>
        <div>
          <dt className="sr-only">{t('shifts.close.drawer')}</dt>
          <dd>
            {shift.status === 'open' ? (
              <span className="inline-flex rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-800 ring-1 ring-sky-600/30 ring-inset">
                {t('shifts.past.open')}
              </span>
            ) : cash.overShort !== null ? (
              <OverShortBadge overShort={cash.overShort} />
            ) : null}
          </dd>
        </div>
      </dl>
      <button type="button" className="btn btn-secondary" onClick={onOpen}>
        {t('shifts.past.viewReport')}{' '}
        <span className="sr-only">{t('shifts.past.viewReport.of', { shiftNo: shift.shiftNo })}</span>
      </button>
    </article>
  );
}

/** Managers: every drawer's shifts, newest first, a page at a time; each opens on its Z report. */
export function PastShifts({ restaurantName }: { restaurantName: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const shifts = useShifts(page);
  const [opened, setOpened] = useState<ShiftSummary | null>(null);

  function renderList() {
    if (shifts.isPending) {
      return (
        <p role="status" className="text-stone-600">
          {t('shifts.past.loading')}
        </p>
      );
    }
    if (shifts.isError) {
      return (
        <LoadError error={shifts.error} fallback={t('shifts.past.loadFailed')} onRetry={() => void shifts.refetch()} />
      );
    }
    const { shifts: list, pagination } = shifts.data;
    if (list.length === 0) return <p className="card p-4 text-stone-700">{t('shifts.past.none')}</p>;
    return (
      <div className="space-y-3" aria-busy={shifts.isPlaceholderData}>
        <ul aria-label={t('shifts.past.list')} className={`space-y-3 ${shifts.isPlaceholderData ? 'opacity-60' : ''}`}>
          {list.map((shift) => (
            <li key={shift._id}>
              <ShiftRow shift={shift} onOpen={() => setOpened(shift)} />
            </li>
          ))}
        </ul>
        {pagination.totalPages > 1 && (
          <nav aria-label={t('shifts.past.pages')} className="flex items-center justify-between gap-3">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={page <= 1 || shifts.isPlaceholderData}
              onClick={() => setPage(page - 1)}
            >
              {t('shifts.past.previous')}
            </button>
            <p className="text-sm text-stone-700">
              {t('shifts.past.page', { page: pagination.currentPage, pages: pagination.totalPages })}
            </p>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={page >= pagination.totalPages || shifts.isPlaceholderData}
              onClick={() => setPage(page + 1)}
            >
              {t('shifts.past.next')}
            </button>
          </nav>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby="past-shifts-title" className="space-y-3">
      <h2 id="past-shifts-title" className="text-lg font-semibold text-stone-900">
        {t('shifts.past.title')}
      </h2>
      {renderList()}
      {opened && (
        <ShiftReportDialog
          shiftId={opened._id}
          shiftNo={opened.shiftNo}
          restaurantName={restaurantName}
          onClose={() => setOpened(null)}
        />
      )}
    </section>
  );
}
