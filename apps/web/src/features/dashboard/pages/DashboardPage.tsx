import { useQuery } from '@tanstack/react-query';
import { defaultSettings } from '@quan/contract/settings';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCan } from '../../../lib/use-can';
import { settingsQueryOptions } from '../../more/api/get-settings';
import { paymentMethodLabelsOf } from '../../orders/components/payment-labels';
import { FiguresManagersOnly } from '../components/FiguresManagersOnly';
import { RevenueOverview } from '../components/RevenueOverview';

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

  return (
    <section className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('dashboard.heading')}</h1>
        <p className="mt-1 text-sm text-stone-600">{t('dashboard.intro')}</p>
      </div>
      {!canReadReports ? (
        <FiguresManagersOnly />
      ) : timeZone ? (
        <RevenueOverview key={timeZone} timeZone={timeZone} paymentMethodLabels={paymentMethodLabelsOf(t)} />
      ) : (
        <p role="status" className="text-sm text-stone-600">
          {t('dashboard.loadingFigures')}
        </p>
      )}
    </section>
  );
}
