import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChartNoAxesColumn } from 'lucide-react';
import { Link } from 'react-router';
import type { ChartData } from '@quan/contract/report';
import { defaultSettings } from '@quan/contract/settings';
import { describeApiError } from '../../../lib/api-client';
import { formatCount } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCan } from '../../../lib/use-can';
import { describeDays, presetDays, revenueQueryOf } from '../../dashboard/components/date-range';
import { FiguresManagersOnly } from '../../dashboard/components/FiguresManagersOnly';
import { ScopeToggle, type FiguresScope } from '../../dashboard/components/ScopeToggle';
import { useBranches } from '../../branches/api/list-branches';
import { useToday } from '../../dashboard/components/use-today';
import { settingsQueryOptions } from '../../more/api/get-settings';
import { restaurantDay } from '../../../lib/restaurant-day';
import { useNow } from '../../../lib/use-now';
import { useChainChartData } from '../api/get-chain-chart-data';
import { useChartData } from '../api/get-chart-data';
import { ChainDailyRevenue } from '../components/ChainDailyRevenue';
import { CategoryRevenueChart } from '../components/CategoryRevenueChart';
import { ChartPanel, FiguresTable } from '../components/ChartPanel';
import { categorySummary, dailySummary, dayLabel, hourlySummary, hourSpanLabel } from '../components/chart-format';
import { DailyRevenueChart } from '../components/DailyRevenueChart';
import { HourlyOrdersChart } from '../components/HourlyOrdersChart';
import { OptionsAndKitchen, type OptionsAndKitchenPeriod } from '../components/OptionsAndKitchen';

function NoOrdersYet() {
  const t = useT();
  return (
    <div role="status" className="card flex items-start gap-3 p-6 text-stone-700">
      <ChartNoAxesColumn aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
      <div className="space-y-2">
        <p className="font-semibold text-stone-900">{t('chart.noOrders.title')}</p>
        <p>{t('chart.noOrders.body')}</p>
        <Link to="/orders" className="inline-block font-semibold text-amber-800 underline">
          {t('chart.noOrders.link')}
        </Link>
      </div>
    </div>
  );
}

function Charts({ data }: { data: ChartData }) {
  const t = useT();
  return (
    <div className="space-y-6">
      <ChartPanel
        id="chart-daily"
        title={t('chart.daily.title')}
        summary={dailySummary(t, data.daily)}
        table={
          <FiguresTable
            caption={t('chart.daily.title')}
            columns={[t('chart.column.day'), t('chart.series.orders'), t('chart.series.revenue')]}
            rows={data.daily.map((day) => ({
              key: day.date,
              cells: [dayLabel(day.date), formatCount(day.orders), formatMoney(day.revenue)],
            }))}
          />
        }
      >
        <DailyRevenueChart daily={data.daily} />
      </ChartPanel>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ChartPanel
          id="chart-hourly"
          title={t('chart.hourly.title')}
          summary={hourlySummary(t, data.hourly) ?? t('chart.hourly.none')}
          note={t('chart.hourly.note')}
          table={
            <FiguresTable
              caption={t('chart.hourly.title')}
              columns={[t('chart.column.hour'), t('chart.series.orders'), t('chart.series.revenue')]}
              rows={data.hourly.map((hour) => ({
                key: hour.hour,
                cells: [hourSpanLabel(hour.hour), formatCount(hour.orders), formatMoney(hour.revenue)],
              }))}
            />
          }
        >
          <HourlyOrdersChart hourly={data.hourly} />
        </ChartPanel>

        <ChartPanel
          id="chart-categories"
          title={t('chart.categories.title')}
          summary={categorySummary(t, data.byCategory) ?? t('chart.categories.none')}
          note={t('chart.categories.note')}
          table={
            <FiguresTable
              caption={t('chart.categories.title')}
              columns={[t('chart.column.category'), t('chart.column.dishesSold'), t('chart.series.revenue')]}
              rows={data.byCategory.map((category, index) => ({
                key: category.categoryId ?? `${index}:${category.name}`,
                cells: [category.name, formatCount(category.quantity), formatMoney(category.revenue)],
              }))}
            />
          }
        >
          <CategoryRevenueChart byCategory={data.byCategory} />
        </ChartPanel>
      </div>
    </div>
  );
}

/**
 * The restaurant's time zone (settings), which decides where its days start; the contract's default zone
 * when the settings cannot be read. Undefined while they load, so the reports are asked for once, for the
 * right days.
 */
function useRestaurantTimeZone(enabled: boolean): string | undefined {
  const settings = useQuery({ ...settingsQueryOptions(), enabled });
  if (settings.isPending) return undefined;
  return settings.data?.timezone || defaultSettings.timezone;
}

/**
 * The options and kitchen reports over the restaurant's last days, the kitchen's times following the page's
 * scope; the parent keys it by the time zone.
 */
function OptionsAndKitchenReports({ timeZone, scope }: { timeZone: string; scope: FiguresScope }) {
  const today = useToday(timeZone);
  const [period, setPeriod] = useState<OptionsAndKitchenPeriod>('last-30-days');
  const days = presetDays(period, today);
  return (
    <OptionsAndKitchen
      period={period}
      onPeriodChange={setPeriod}
      range={revenueQueryOf(days, timeZone)}
      days={describeDays(days)}
      scope={scope}
    />
  );
}

/**
 * `/chart`: the last 30 days in three charts, then sales by option and the kitchen's preparation times for a
 * chosen period, for managers. Recharts loads with this page only.
 */
export function ChartPage() {
  const t = useT();
  usePageTitle(t('chart.pageTitle'));
  const canReadReports = useCan('reports:read');
  const now = useNow(60_000);
  // An owner of several branches may look at the chain's charts; nobody else asks for the branches.
  const canReadChain = useCan('reports:chain');
  const branches = useBranches({ enabled: canReadChain });
  const hasChain = canReadChain && (branches.data?.length ?? 0) > 1;
  const [scope, setScope] = useState<FiguresScope>('branch');
  const chainView = hasChain && scope === 'chain';
  const day = restaurantDay(new Date(now));
  const branchChart = useChartData(day, { enabled: canReadReports && !chainView });
  const chainChart = useChainChartData(day, { enabled: chainView });
  const chart = chainView ? chainChart : branchChart;
  const data = chainView ? chainChart.data?.total : branchChart.data;
  const timeZone = useRestaurantTimeZone(canReadReports);

  return (
    <section className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('chart.pageTitle')}</h1>
        <p className="mt-1 text-sm text-stone-600">
          {t('chart.intro')}{' '}
          <Link to="/dashboard" className="font-semibold text-amber-800 hover:underline">
            {t('chart.anyPeriod')}
          </Link>
        </p>
        {hasChain && (
          <div className="mt-4">
            <ScopeToggle scope={scope} onChange={setScope} />
          </div>
        )}
      </div>
      {!canReadReports ? (
        <FiguresManagersOnly />
      ) : chart.isError ? (
        <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 p-5 text-stone-700">
          <p>{describeApiError(chart.error, t('chart.loadError'))}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void chart.refetch()}>
            {t('chart.tryAgain')}
          </button>
        </div>
      ) : !data ? (
        <p role="status" className="text-sm text-stone-600">
          {t('chart.loading')}
        </p>
      ) : data.daily.every((one) => one.orders === 0) ? (
        <NoOrdersYet />
      ) : (
        <>
          {chainView && chainChart.data && <ChainDailyRevenue chain={chainChart.data} />}
          <Charts data={data} />
        </>
      )}
      {/* Shown whatever the charts say: the kitchen's times count rounds sent, completed or not. */}
      {canReadReports &&
        (timeZone ? (
          <OptionsAndKitchenReports key={timeZone} timeZone={timeZone} scope={chainView ? 'chain' : 'branch'} />
        ) : (
          <p role="status" className="text-sm text-stone-600">
            {t('chart.optionsKitchen.loading')}
          </p>
        ))}
    </section>
  );
}
