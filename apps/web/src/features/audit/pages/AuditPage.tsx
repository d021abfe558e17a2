import { auditKinds } from '@quan/contract/audit';
import { RoleNotice } from '../../../components/RoleNotice';
import { LoadError } from '../../../components/LoadError';
import { getApiStatus } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { DayRangeFields } from '../../../components/DayRangeFields';
import { dayEndIso, dayStartIso } from '../../../lib/restaurant-day';
import { useFilterParams } from '../../../lib/use-filter-params';
import { useCan } from '../../../lib/use-can';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUsers } from '../../accounts/api/list-users';
import { auditPerPage, useAudit } from '../api/list-audit';
import { AuditEntryRow } from '../components/AuditEntryRow';
import { auditColumns, auditKindFilterMessages, isAuditKind } from '../components/audit-labels';

function ManagersOnly() {
  const t = useT();
  return (
    <RoleNotice title={t('audit.managersOnly.title')}>
      <p>{t('audit.managersOnly.body')}</p>
    </RoleNotice>
  );
}

/**
 * The audit trail: every hand-made change of an order's money or place (voids, merges, splits, moves), newest
 * first, with who made it and who approved it. The filters live in the address (?kind, ?user, ?from, ?to,
 * ?page), so a reload or a shared link shows the same entries.
 */
export function AuditPage() {
  const t = useT();
  usePageTitle(t('audit.pageTitle'));
  const canRead = useCan('audit:read');
  const { params, from, to, page, update } = useFilterParams();
  const kindParam = params.get('kind');
  const kind = isAuditKind(kindParam) ? kindParam : undefined;
  const userId = params.get('user') ?? '';
  const isRangeValid = !from || !to || from <= to;

  const audit = useAudit(
    {
      kind,
      userId: userId || undefined,
      startDate: dayStartIso(from),
      endDate: dayEndIso(to),
      page,
      limit: auditPerPage,
    },
    { enabled: canRead && isRangeValid },
  );
  // The person filter names everyone with an account; without the list it still offers "Everyone".
  const users = useUsers({ enabled: canRead });
  const people = [...(users.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'vi'));
  const isFiltered = kind !== undefined || userId !== '' || from !== '' || to !== '';

  function renderEntries() {
    if (!isRangeValid) {
      return (
        <p role="alert" className="card p-6 text-stone-800">
          {t('audit.badRange')}
        </p>
      );
    }
    if (audit.isPending) {
      return (
        <p role="status" className="text-stone-600">
          {t('audit.loading')}
        </p>
      );
    }
    if (audit.isError) {
      return <LoadError error={audit.error} fallback={t('audit.loadError')} onRetry={() => void audit.refetch()} />;
    }
    const { entries, pagination } = audit.data;
    if (entries.length === 0) {
      return <p className="card p-6 text-stone-700">{isFiltered ? t('audit.noMatch') : t('audit.empty')}</p>;
    }
    return (
      <div className="space-y-4" aria-busy={audit.isPlaceholderData}>
        <div
          aria-hidden="true"
          className={`hidden px-4 text-xs font-semibold tracking-wide text-stone-600 uppercase ${auditColumns}`}
        >
          <span>{t('audit.column.time')}</span>
          <span>{t('audit.column.kind')}</span>
          <span>{t('audit.column.what')}</span>
          <span>{t('audit.column.who')}</span>
        </div>
        <ul aria-label={t('audit.listLabel')} className={`space-y-3 ${audit.isPlaceholderData ? 'opacity-60' : ''}`}>
          {entries.map((entry) => (
            <li key={entry._id}>
              <AuditEntryRow entry={entry} />
            </li>
          ))}
        </ul>
        <nav aria-label={t('audit.pages')} className="flex flex-wrap items-center justify-between gap-3">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={page <= 1 || audit.isPlaceholderData}
            onClick={() => update({ page: page - 1 > 1 ? String(page - 1) : null })}
          >
            {t('audit.previous')}
          </button>
          <p className="order-first w-full text-center text-sm text-stone-700 sm:order-none sm:w-auto">
            {t('audit.page', {
              page: pagination.currentPage,
              pages: Math.max(1, pagination.totalPages),
              count: pagination.totalItems,
            })}
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={page >= pagination.totalPages || audit.isPlaceholderData}
            onClick={() => update({ page: String(page + 1) })}
          >
            {t('audit.next')}
          </button>
        </nav>
      </div>
    );
  }

  const refused = !canRead || getApiStatus(audit.error) === 403;

  return (
    <section className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('audit.heading')}</h1>
        <p className="mt-1 text-sm text-stone-600">{t('audit.intro')}</p>
      </div>
      {refused ? (
        <ManagersOnly />
      ) : (
        <>
          <div role="group" aria-label={t('audit.filters')} className="grid grid-cols-2 items-end gap-3 md:grid-cols-5">
            <div>
              <label htmlFor="audit-kind" className="field-label">
                {t('audit.column.kind')}
              </label>
              <select
                id="audit-kind"
                className="field-input"
                value={kind ?? ''}
                onChange={(event) => update({ kind: event.target.value })}
              >
                <option value="">{t('audit.filter.all')}</option>
                {auditKinds.map((option) => (
                  <option key={option} value={option}>
                    {t(auditKindFilterMessages[option])}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="audit-person" className="field-label">
                {t('audit.person')}
              </label>
              <select
                id="audit-person"
                className="field-input"
                value={userId}
                onChange={(event) => update({ user: event.target.value })}
              >
                <option value="">{t('audit.everyone')}</option>
                {people.map((person) => (
                  <option key={person._id} value={person._id}>
                    {person.name}
                  </option>
                ))}
              </select>
            </div>
            <DayRangeFields idPrefix="audit" from={from} to={to} onChange={update} />
            {isFiltered && (
              <button
                type="button"
                className="btn btn-secondary col-span-2 md:col-span-1"
                onClick={() => update({ kind: null, user: null, from: null, to: null })}
              >
                {t('audit.clearFilters')}
              </button>
            )}
          </div>
          {renderEntries()}
        </>
      )}
    </section>
  );
}
