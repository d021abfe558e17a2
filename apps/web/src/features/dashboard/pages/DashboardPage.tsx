import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { defaultSettings } from '@quan/contract/settings';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCan } from '../../../lib/use-can';
import { useBranches } from '../../branches/api/list-branches';
import { FailedInvoices } from '../../einvoices/components/FailedInvoices';
import { settingsQueryOptions } from '../../more/api/get-settings';
import { useRetryInvoice } from '../../orders/api/retry-invoice';
import { paymentMethodLabelsOf } from '../../orders/components/payment-labels';
import { FiguresManagersOnly } from '../components/FiguresManagersOnly';
import { RevenueOverview } from '../components/RevenueOverview';
import { ScopeToggle, type FiguresScope } from '../components/ScopeToggle';

/**
 * The restaurant's time zone (settings), which decides where its days start; the contract's default zone
 * when the settings cannot be read. Undefined while they load, so the figures are asked for once, for the right days.
 */
function useRestaurantTimeZone(enabled: boolean): string | undefined {
  const settings = useQuery({ ...settingsQueryOptions(), enabled });
  if (settings.isPending) return undefined;
  return settings.data?.timezone || defaultSettings.timezone;
}

/** `/dashboard`: the figures of a period, for those who may read reports. The menu and tables are managed on their own pages. */
export function DashboardPage() {
  const t = useT();
  usePageTitle(t('dashboard.heading'));
  const canReadReports = useCan('reports:read');
  const timeZone = useRestaurantTimeZone(canReadReports);
  // Only an owner of more than one branch has a chain to look at: the others never ask for the branches.
  const canReadChain = useCan('reports:chain');
  const branches = useBranches({ enabled: canReadChain });
  const hasChain = canReadChain && (branches.data?.length ?? 0) > 1;
  const [scope, setScope] = useState<FiguresScope>('branch');
  const retryInvoice = useRetryInvoice();

  return (
    <section className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('dashboard.heading')}</h1>
        <p className="mt-1 text-sm text-stone-600">{t('dashboard.intro')}</p>
        {hasChain && (
          <div className="mt-4">
            <ScopeToggle scope={scope} onChange={setScope} />
          </div>
        )}
      </div>
      {/* Invoices the provider refused wait for a person: above the figures, and only while there are some. */}
      <FailedInvoices onRetry={retryInvoice.mutateAsync} />
      {!canReadReports ? (
        <FiguresManagersOnly />
      ) : timeZone ? (
        <RevenueOverview
          key={timeZone}
          timeZone={timeZone}
          paymentMethodLabels={paymentMethodLabelsOf(t)}
          scope={hasChain ? scope : 'branch'}
        />
      ) : (
        <p role="status" className="text-sm text-stone-600">
          {t('dashboard.loadingFigures')}
        </p>
      )}
    </section>
  );
}
