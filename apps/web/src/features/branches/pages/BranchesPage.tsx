import { useState } from 'react';
import { MapPin, Pencil, Phone, Plus } from 'lucide-react';
import type { Branch } from '@quan/contract/branch';
import { LoadError } from '../../../components/LoadError';
import { RoleNotice } from '../../../components/RoleNotice';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBranches } from '../api/list-branches';
import { BranchFormDialog } from '../components/BranchFormDialog';

/** The start of the branch's diner links, as the owner will see it printed: `/b/quan-3`. */
const dinerLinkOf = (branch: Branch) => `/b/${branch.slug}`;

/** The dialog open on the page: adding a branch, or editing one. */
type Editing = { branch?: Branch } | null;

function BranchCard({ branch, onEdit }: { branch: Branch; onEdit: () => void }) {
  const t = useT();
  return (
    <article aria-label={branch.name} className="card flex h-full flex-col gap-2 p-4">
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-semibold text-stone-900">
          {branch.name}
          {branch.isFirst && (
            <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900">
              {t('branches.first')}
            </span>
          )}
        </h2>
        <button
          type="button"
          onClick={onEdit}
          className="btn btn-secondary btn-sm"
          aria-label={t('branches.editOf', { name: branch.name })}
        >
          <Pencil aria-hidden="true" className="size-4" />
          <span aria-hidden="true">{t('branches.edit')}</span>
        </button>
      </div>
      <p className="font-mono text-xs text-stone-600">{dinerLinkOf(branch)}</p>
      {branch.address && (
        <p className="flex items-start gap-1.5 text-sm whitespace-pre-line text-stone-700">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-stone-500" />
          {branch.address}
        </p>
      )}
      {branch.phone && (
        <p className="flex items-center gap-1.5 text-sm text-stone-700">
          <Phone aria-hidden="true" className="size-4 shrink-0 text-stone-500" />
          {branch.phone}
        </p>
      )}
      {branch.taxCode && (
        <p className="text-sm text-stone-700">{t('branches.taxCodeIs', { taxCode: branch.taxCode })}</p>
      )}
    </article>
  );
}

/** The chain's branches, for the owner: each shop's name, link name and what its bills print; add and edit. */
export function BranchesPage() {
  const t = useT();
  usePageTitle(t('branches.title'));
  const canManage = useCan('branches:manage');
  const branches = useBranches({ enabled: canManage });
  const [editing, setEditing] = useState<Editing>(null);

  function renderContent() {
    if (!canManage) {
      return (
        <RoleNotice>
          <p>{t('branches.adminsOnly')}</p>
        </RoleNotice>
      );
    }
    if (branches.isPending) {
      return (
        <p role="status" className="text-stone-600">
          {t('branches.loading')}
        </p>
      );
    }
    if (branches.isError) {
      return (
        <LoadError error={branches.error} fallback={t('branches.loadFailed')} onRetry={() => void branches.refetch()} />
      );
    }
    return (
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {branches.data.map((branch) => (
          <li key={branch._id}>
            <BranchCard branch={branch} onEdit={() => setEditing({ branch })} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('branches.title')}</h1>
          <p className="mt-1 text-sm text-stone-600">{t('branches.intro')}</p>
        </div>
        {canManage && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing({})}>
            <Plus aria-hidden="true" className="size-4" />
            {t('branches.add')}
          </button>
        )}
      </div>
      {renderContent()}
      {editing && <BranchFormDialog branch={editing.branch} onClose={() => setEditing(null)} />}
    </section>
  );
}
