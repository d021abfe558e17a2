import { ShieldCheck } from 'lucide-react';
import { auditKinds } from '@quan/contract/audit';
import { LoadError } from '../../../components/LoadError';
import { getApiStatus } from '../../../lib/api-client';
import { DayRangeFields } from '../../../components/DayRangeFields';
import { dayEndIso, dayStartIso } from '../../../lib/restaurant-day';
import { useFilterParams } from '../../../lib/use-filter-params';
import { useCan } from '../../../lib/use-can';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUsers } from '../../accounts/api/list-users';
import { auditPerPage, useAudit } from '../api/list-audit';
import { AuditEntryRow } from '../components/AuditEntryRow';
import { auditColumns, auditKindFilterLabels, isAuditKind } from '../components/audit-labels';

function ManagersOnly() {
  return (
    <div role="status" className="card flex items-start gap-3 p-6 text-stone-700">
      <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <div className="space-y-1">
        <p className="font-semibold text-stone-900">Managers only</p>
        <p>The audit trail of voids, merges, splits and moves is for managers. Ask a manager to check a change.</p>
      </div>
    </div>
  );
}

const changeCount = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'}`;

/**
 * The audit trail: every hand-made change of an order's money or place (voids, merges, splits, moves), newest
 * first, with who made it and who approved it. The filters live in the address (?kind, ?user, ?from, ?to,
 * ?page), so a reload or a shared link shows the same entries.
 */
export function AuditPage() {
  usePageTitle('Audit trail');
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
          The “to” date is before the “from” date. Pick a range that runs forward.
        </p>
      );
    }
    if (audit.isPending) {
      return (
        <p role="status" className="text-stone-600">
          Loading the audit trail…
        </p>
      );
    }
    if (audit.isError) {
      return (
        <LoadError
          error={audit.error}
          fallback="Could not load the audit trail."
          onRetry={() => void audit.refetch()}
        />
      );
    }
    const { entries, pagination } = audit.data;
    if (entries.length === 0) {
      return (
        <p className="card p-6 text-stone-700">
          {isFiltered
            ? 'No changes match these filters.'
            : 'No changes recorded yet. Voids, refunds, drawer counts and the other changes of money appear here as they are made.'}
        </p>
      );
    }
    return (
      <div className="space-y-4" aria-busy={audit.isPlaceholderData}>
        <div
          aria-hidden="true"
          className={`hidden px-4 text-xs font-semibold tracking-wide text-stone-600 uppercase ${auditColumns}`}
        >
          <span>Time</span>
          <span>Kind</span>
          <span>What changed</span>
          <span>Who</span>
        </div>
        <ul
          aria-label="Audit entries, newest first"
          className={`space-y-3 ${audit.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {entries.map((entry) => (
            <li key={entry._id}>
              <AuditEntryRow entry={entry} />
            </li>
          ))}
        </ul>
        <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={page <= 1 || audit.isPlaceholderData}
            onClick={() => update({ page: page - 1 > 1 ? String(page - 1) : null })}
          >
            Previous
          </button>
          <p className="order-first w-full text-center text-sm text-stone-700 sm:order-none sm:w-auto">
            Page {pagination.currentPage} of {Math.max(1, pagination.totalPages)} · {changeCount(pagination.totalItems)}
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={page >= pagination.totalPages || audit.isPlaceholderData}
            onClick={() => update({ page: String(page + 1) })}
          >
            Next
          </button>
        </nav>
      </div>
    );
  }

  const refused = !canRead || getApiStatus(audit.error) === 403;

  return (
    <section className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">Audit trail</h1>
        <p className="mt-1 text-sm text-stone-600">
          Voids, moves, merges, splits, refunds, cash in and out, drawer counts and reopened shifts: who made them, and
          who approved.
        </p>
      </div>
      {refused ? (
        <ManagersOnly />
      ) : (
        <>
          <div role="group" aria-label="Filters" className="grid grid-cols-2 items-end gap-3 md:grid-cols-5">
            <div>
              <label htmlFor="audit-kind" className="field-label">
                Kind
              </label>
              <select
                id="audit-kind"
                className="field-input"
                value={kind ?? ''}
                onChange={(event) => update({ kind: event.target.value })}
              >
                <option value="">All changes</option>
                {auditKinds.map((option) => (
                  <option key={option} value={option}>
                    {auditKindFilterLabels[option]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="audit-person" className="field-label">
                Person
              </label>
              <select
                id="audit-person"
                className="field-input"
                value={userId}
                onChange={(event) => update({ user: event.target.value })}
              >
                <option value="">Everyone</option>
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
                Clear filters
              </button>
            )}
          </div>
          {renderEntries()}
        </>
      )}
    </section>
  );
}
