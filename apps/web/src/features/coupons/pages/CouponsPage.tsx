import { useState } from 'react';
import { Plus } from 'lucide-react';
import { SearchField } from '../../../components/SearchField';
import { useSnackbar } from 'notistack';
import type { Coupon } from '@quan/contract/coupon';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCan } from '../../../lib/use-can';
import { useCoupons } from '../api/list-coupons';
import { useUpdateCoupon } from '../api/update-coupon';
import { CouponTable } from '../components/CouponTable';
import { filterCoupons } from '../components/coupon-display';
import { useCouponDialogs } from '../components/use-coupon-dialogs';
import { chainBranchesOf } from '../components/chain-branches';
import { useBranches } from '../../branches/api/list-branches';
import { LoadError } from '../../../components/LoadError';

/**
 * `/coupon-management`: every discount code, its limits, the days it works and how often it was used. Staff
 * read it (to answer a guest); managers and admins add, edit, switch off and delete coupons.
 */
export function CouponsPage() {
  const t = useT();
  usePageTitle(t('coupons.pageTitle'));
  const canManageCoupons = useCan('coupons:manage');
  const { enqueueSnackbar } = useSnackbar();
  const coupons = useCoupons();
  const allCoupons = coupons.data ?? [];
  // In a chain, a coupon may be limited to branches; a restaurant with one branch never sees the word.
  const chain = chainBranchesOf(useBranches().data);
  const dialogs = useCouponDialogs(allCoupons, chain);
  const toggleMutation = useUpdateCoupon();
  const [search, setSearch] = useState('');
  const activeCount = allCoupons.filter((coupon) => coupon.isActive).length;

  function toggleActive(coupon: Coupon) {
    const isActive = !coupon.isActive;
    toggleMutation.mutate(
      { id: coupon._id, isActive },
      {
        onSuccess: (saved) =>
          enqueueSnackbar(
            isActive ? t('coupons.switchedOn', { code: saved.code }) : t('coupons.switchedOff', { code: saved.code }),
            { variant: 'success' },
          ),
        onError: (error) =>
          enqueueSnackbar(describeApiError(error, t('coupons.switchError', { code: coupon.code })), {
            variant: 'error',
          }),
      },
    );
  }

  function renderContent() {
    if (coupons.isPending) {
      return (
        <p role="status" className="text-stone-600">
          {t('coupons.list.loading')}
        </p>
      );
    }
    if (coupons.isError) {
      return (
        <LoadError
          error={coupons.error}
          fallback={t('coupons.list.loadError')}
          onRetry={() => void coupons.refetch()}
        />
      );
    }
    if (allCoupons.length === 0) {
      return (
        <div className="card p-6 text-stone-700">
          {canManageCoupons ? t('coupons.list.emptyManager') : t('coupons.list.emptyStaff')}
        </div>
      );
    }
    const shown = filterCoupons(allCoupons, search);
    if (shown.length === 0) {
      return <p className="card p-6 text-stone-700">{t('coupons.list.noMatch', { search: search.trim() })}</p>;
    }
    return (
      <CouponTable
        coupons={shown}
        canManage={canManageCoupons}
        togglingId={toggleMutation.isPending ? toggleMutation.variables.id : null}
        onToggleActive={toggleActive}
        onEdit={dialogs.openEdit}
        onDelete={dialogs.openDelete}
        branches={chain.branches}
        // A coupon limited to branches says where it works, even to someone who works in one of them only.
        showBranches={chain.inChain || allCoupons.some((coupon) => (coupon.branchIds?.length ?? 0) > 0)}
      />
    );
  }

  return (
    <section className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('coupons.heading')}</h1>
          <p className="mt-1 text-sm text-stone-600">
            {coupons.data
              ? t('coupons.summary', { count: allCoupons.length, active: activeCount })
              : t('coupons.intro')}
          </p>
        </div>
        {canManageCoupons && (
          <button type="button" className="btn btn-primary" onClick={dialogs.openCreate}>
            <Plus aria-hidden="true" className="size-4" />
            {t('coupons.add')}
          </button>
        )}
      </div>

      <SearchField
        label={t('coupons.search.label')}
        value={search}
        onChange={setSearch}
        placeholder={t('coupons.search.placeholder')}
      />

      {renderContent()}
      {dialogs.dialogs}
    </section>
  );
}
