import type { ReactNode } from 'react';
import type { OptionSales, PrepTimes, ReportScope, RevenueQuery } from '@quan/contract/report';
import { LoadError } from '../../../components/LoadError';
import { formatCount } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useOptionSales } from '../api/get-option-sales';
import { useChainPrepTimes } from '../api/get-chain-prep-times';
import { usePrepTimes } from '../api/get-prep-times';
import { ChainPrepTimesTables } from './ChainPrepTimesTables';
import { Average, Empty, ReportTable, figureCellClass } from './ReportTable';

/**
 * The periods of this section, named as the dashboard's presets (message ids): the restaurant's calendar days,
 * today included.
 */
export const optionsAndKitchenPeriods = [
  { preset: 'today', label: 'chart.period.today' },
  { preset: 'last-7-days', label: 'chart.period.7days' },
  { preset: 'last-30-days', label: 'chart.period.30days' },
] as const;
export type OptionsAndKitchenPeriod = (typeof optionsAndKitchenPeriods)[number]['preset'];

function ReportCard({
  id,
  title,
  note,
  scopeNote,
  wide = false,
  children,
}: {
  id: string;
  title: string;
  note: string;
  /** Whose figures these are, when the page's scope alone does not say it. */
  scopeNote?: string;
  /** Across the section's two columns on a wide screen: for a table with a column per branch. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={`card min-w-0 p-4 sm:p-5 ${wide ? 'lg:col-span-2' : ''}`}>
      <h3 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
        {title}
      </h3>
      <p className="mt-1 text-xs text-stone-500">{note}</p>
      {scopeNote && <p className="mt-1 text-xs font-medium text-stone-700">{scopeNote}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Loading() {
  const t = useT();
  return (
    <p role="status" className="text-sm text-stone-600">
      {t('chart.loadingFigures')}
    </p>
  );
}

/** The options by group, the groups in the order of their best-selling option, each keeping the server's order. */
function groupOptions(options: OptionSales['options']) {
  const groups = new Map<string, OptionSales['options']>();
  for (const option of options) groups.set(option.group, [...(groups.get(option.group) ?? []), option]);
  return [...groups].map(([name, groupOptions]) => ({ name, options: groupOptions }));
}

function OptionSalesTable({ options }: { options: OptionSales['options'] }) {
  const t = useT();
  if (options.length === 0) return <Empty>{t('chart.options.none')}</Empty>;
  return (
    <ReportTable
      caption={t('chart.options.title')}
      columns={[
        { name: t('chart.options.option') },
        { name: t('chart.options.portions'), numeric: true },
        { name: t('chart.series.revenue'), numeric: true },
      ]}
    >
      {/* A body per group, headed by its name once, rather than the name repeated on every row. */}
      {groupOptions(options).map((group) => (
        <tbody key={group.name} className="divide-y divide-stone-100 border-t border-stone-200">
          <tr>
            <th
              scope="rowgroup"
              colSpan={3}
              className="pt-3 pb-1 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase"
            >
              {group.name}
            </th>
          </tr>
          {group.options.map((option) => (
            <tr key={option.name}>
              <th scope="row" className="min-w-28 py-2 pr-3 text-left font-medium text-stone-900">
                {option.name}
              </th>
              <td className={`pl-3 ${figureCellClass}`}>{formatCount(option.portions)}</td>
              {/* A negative price change (a smaller bowl) lowered the revenue: shown as it is, below zero. */}
              <td className={`pl-3 ${figureCellClass}`}>
                {option.revenue === 0 ? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">{t('chart.options.noPriceChange')}</span>
                  </>
                ) : (
                  formatMoney(option.revenue)
                )}
              </td>
            </tr>
          ))}
        </tbody>
      ))}
    </ReportTable>
  );
}

function PrepTimesTables({ prepTimes }: { prepTimes: PrepTimes }) {
  const t = useT();
  if (prepTimes.byStation.length === 0 && prepTimes.byDish.length === 0) {
    return <Empty>{t('chart.prep.none')}</Empty>;
  }
  return (
    <div className="space-y-5">
      <ReportTable
        caption={t('chart.prep.byStation')}
        captionVisible
        columns={[
          { name: t('chart.prep.station') },
          { name: t('chart.prep.dishes'), numeric: true },
          { name: t('chart.prep.average'), numeric: true },
        ]}
      >
        <tbody className="divide-y divide-stone-100">
          {prepTimes.byStation.map((station, index) => (
            <tr key={station.stationId ?? `${index}:${station.name}`}>
              <th scope="row" className="py-2 pr-3 text-left font-medium text-stone-900">
                {station.name}
              </th>
              <td className={`pl-3 ${figureCellClass}`}>{formatCount(station.lines)}</td>
              <td className={`pl-3 ${figureCellClass}`}>
                <Average seconds={station.averageSeconds} />
              </td>
            </tr>
          ))}
        </tbody>
      </ReportTable>
      <ReportTable
        caption={t('chart.prep.byDish')}
        captionVisible
        columns={[
          { name: t('chart.prep.dish') },
          { name: t('chart.prep.timesMade'), numeric: true },
          { name: t('chart.prep.average'), numeric: true },
        ]}
      >
        <tbody className="divide-y divide-stone-100">
          {prepTimes.byDish.map((dish, index) => (
            <tr key={dish.itemId ?? `${index}:${dish.name}`}>
              <th scope="row" className="py-2 pr-3 text-left font-medium text-stone-900">
                {dish.name}
              </th>
              <td className={`pl-3 ${figureCellClass}`}>{formatCount(dish.lines)}</td>
              <td className={`pl-3 ${figureCellClass}`}>
                <Average seconds={dish.averageSeconds} />
              </td>
            </tr>
          ))}
        </tbody>
      </ReportTable>
    </div>
  );
}

interface OptionsAndKitchenProps {
  period: OptionsAndKitchenPeriod;
  onPeriodChange: (period: OptionsAndKitchenPeriod) => void;
  /** The period's instants as the server takes them: [midnight of the first day, midnight after the last). */
  range: RevenueQuery;
  /** The period's days in words ("10/02 – 11/03/2026"). */
  days: string;
  /** The page's scope: in the chain's view the kitchen's times are the chain's, branch by branch. */
  scope: ReportScope;
}

/**
 * Sales by option (how many large bowls) and the kitchen's average preparation times over a period: the branch's,
 * or in the chain's view the chain's times, branch by branch.
 */
export function OptionsAndKitchen({ period, onPeriodChange, range, days, scope }: OptionsAndKitchenProps) {
  const t = useT();
  const optionSales = useOptionSales(range);
  const chainView = scope === 'chain';
  const branchPrepTimes = usePrepTimes(range, { enabled: !chainView });
  const chainPrepTimes = useChainPrepTimes(range, { enabled: chainView });
  const prepTimes = chainView ? chainPrepTimes : branchPrepTimes;
  const labelId = optionsAndKitchenPeriods.find((option) => option.preset === period)?.label;

  return (
    <section aria-labelledby="options-kitchen-title" className="space-y-4">
      <div>
        <h2 id="options-kitchen-title" className="text-xl font-bold text-stone-900">
          {t('chart.optionsKitchen.heading')}
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          {labelId ? t('chart.optionsKitchen.period', { period: t(labelId), days }) : `${days}.`}
        </p>
      </div>
      <div role="group" aria-label={t('chart.period.label')} className="flex flex-wrap gap-2">
        {optionsAndKitchenPeriods.map((option) => (
          <button
            key={option.preset}
            type="button"
            aria-pressed={period === option.preset}
            onClick={() => onPeriodChange(option.preset)}
            className={`btn min-h-11 shrink-0 sm:min-h-9 ${period === option.preset ? 'bg-stone-900 text-white hover:bg-stone-800' : 'btn-secondary'}`}
          >
            {t(option.label)}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        {/* The server counts options branch by branch only: in the chain's view the card says whose they are. */}
        <ReportCard
          id="option-sales"
          title={t('chart.options.title')}
          note={t('chart.options.note')}
          scopeNote={chainView ? t('chart.options.branchOnly') : undefined}
        >
          {optionSales.isPending ? (
            <Loading />
          ) : optionSales.isError ? (
            <LoadError
              error={optionSales.error}
              fallback={t('chart.options.loadError')}
              onRetry={() => void optionSales.refetch()}
            />
          ) : (
            <div aria-busy={optionSales.isPlaceholderData}>
              <OptionSalesTable options={optionSales.data.options} />
            </div>
          )}
        </ReportCard>
        <ReportCard
          id="prep-times"
          title={t('chart.prep.title')}
          note={t('chart.prep.note')}
          scopeNote={chainView ? t('chart.prep.chainNote') : undefined}
          wide={chainView}
        >
          {prepTimes.isPending ? (
            <Loading />
          ) : prepTimes.isError ? (
            <LoadError
              error={prepTimes.error}
              fallback={t('chart.prep.loadError')}
              onRetry={() => void prepTimes.refetch()}
            />
          ) : (
            <div aria-busy={prepTimes.isPlaceholderData}>
              {chainView && chainPrepTimes.data ? (
                <ChainPrepTimesTables chain={chainPrepTimes.data} />
              ) : (
                branchPrepTimes.data && <PrepTimesTables prepTimes={branchPrepTimes.data} />
              )}
            </div>
          )}
        </ReportCard>
      </div>
    </section>
  );
}
