import { useState } from 'react';
import { ChartLine, HandCoins, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import type { PaymentMethod } from '@quan/contract/order';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useChainRevenue } from '../api/get-chain-revenue';
import { useRevenue } from '../api/get-revenue';
import { ChainFiguresTable } from './ChainFiguresTable';
import {
  dayCount,
  describeDays,
  presetDays,
  rangePresetMessages,
  revenueQueryOf,
  type DayRange,
  type RangePreset,
} from './date-range';
import { isDay } from '../../../lib/restaurant-day';
import { DateRangePicker } from './DateRangePicker';
import { FigureCard, type Comparison } from './FigureCard';
import { comparisonOf, headlineFigures, type ComparedFigures, type HeadlineFigure } from './headline-figures';
import { PaymentMethodBreakdown } from './PaymentMethodBreakdown';
import type { FiguresScope } from './ScopeToggle';
import { TipsByStaff } from './TipsByStaff';
import { TopItemsTable } from './TopItemsTable';
import { useToday } from './use-today';

/** The message id of why the custom days cannot be used, if they cannot. */
function customRangeError({ firstDay, lastDay }: DayRange): string | null {
  if (!isDay(firstDay) || !isDay(lastDay)) return 'dashboard.range.chooseDays';
  if (firstDay > lastDay) return 'dashboard.range.order';
  return null;
}

interface RevenueOverviewProps {
  /** The restaurant's time zone: the presets count its calendar days. */
  timeZone: string;
  paymentMethodLabels: Record<PaymentMethod, string>;
  /** The branch's figures (the default), or the chain's: a column per branch and the total. */
  scope?: FiguresScope;
}

/**
 * The figures of a period (completed orders, by completion time): revenue, orders, average order and guests,
 * each against the previous period of the same length (while the period runs, against the same span of it:
 * today so far against yesterday until this time), then revenue by payment method and the best sellers.
 * The chain's: the same four figures for the whole chain, then a column per branch, each compared as well.
 */
export function RevenueOverview({ timeZone, paymentMethodLabels, scope = 'branch' }: RevenueOverviewProps) {
  const t = useT();
  const today = useToday(timeZone);
  const [preset, setPreset] = useState<RangePreset>('today');
  const [custom, setCustom] = useState<DayRange>(() => presetDays('today', today));

  const customError = preset === 'custom' ? customRangeError(custom) : null;
  const range = preset === 'custom' ? (customError ? null : custom) : presetDays(preset, today);

  // One call: the server compares the period with the one before, cut at the same time while it runs.
  const current = useRevenue(range ? { ...revenueQueryOf(range, timeZone), compare: 'previous' } : {}, {
    enabled: range !== null && scope === 'branch',
  });
  // The chain's days are the same instants; each branch cuts them, and the span it compares them with, into
  // its own days on the server.
  const chain = useChainRevenue(range ? { ...revenueQueryOf(range, timeZone), compare: 'previous' } : {}, {
    enabled: range !== null && scope === 'chain',
  });

  function choosePreset(next: RangePreset) {
    // Custom starts from the days on screen, so a small change is a small edit.
    if (next === 'custom' && preset !== 'custom') setCustom(presetDays(preset, today));
    setPreset(next);
  }

  /** A figure against the period before; loading while the figures on screen are the last period's. */
  function compared(figure: HeadlineFigure, figures: ComparedFigures | undefined, stale: boolean): Comparison {
    if (!range || !figures || stale) return { status: 'loading' };
    return comparisonOf(figure, figures, dayCount(range), t);
  }

  /** The four headline figures of the period, each against the period before. */
  const headlineCards = (figures: ComparedFigures | undefined, stale: boolean) => (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {headlineFigures.map((figure) => (
        <FigureCard
          key={figure.title}
          title={t(figure.title)}
          icon={figure.icon}
          value={figures ? figure.format(figure.pick(figures)) : null}
          comparison={compared(figure, figures, stale)}
        />
      ))}
    </div>
  );

  const data = range ? current.data : undefined;

  return (
    <section aria-labelledby="figures-title" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="figures-title" className="text-xl font-bold text-stone-900">
            {t('dashboard.figures')}
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            {range
              ? t('dashboard.figures.period', { preset: t(rangePresetMessages[preset]), days: describeDays(range) })
              : t('dashboard.figures.basis')}
          </p>
        </div>
        <Link
          to="/chart"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-amber-800 hover:underline"
        >
          <ChartLine aria-hidden="true" className="size-4" />
          {t('dashboard.figures.charts')}
        </Link>
      </div>

      <DateRangePicker
        preset={preset}
        onPresetChange={choosePreset}
        custom={custom}
        onCustomChange={setCustom}
        today={today}
        customError={customError && t(customError)}
      />

      {range && scope === 'chain' ? (
        chain.isError ? (
          <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 p-5 text-stone-700">
            <p>{describeApiError(chain.error, t('dashboard.figures.loadFailed'))}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void chain.refetch()}>
              {t('dashboard.tryAgain')}
            </button>
          </div>
        ) : chain.data ? (
          <div
            aria-busy={chain.isFetching}
            className={`space-y-5 transition-opacity ${chain.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {headlineCards(chain.data.total, chain.isPlaceholderData)}
            <ChainFiguresTable chain={chain.data} days={dayCount(range)} paymentMethodLabels={paymentMethodLabels} />
          </div>
        ) : (
          <p role="status" className="text-sm text-stone-600">
            {t('dashboard.loadingFigures')}
          </p>
        )
      ) : (
        range &&
        (current.isError ? (
          <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 p-5 text-stone-700">
            <p>{describeApiError(current.error, t('dashboard.figures.loadFailed'))}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void current.refetch()}>
              {t('dashboard.tryAgain')}
            </button>
          </div>
        ) : (
          <div
            aria-busy={current.isFetching}
            className={`space-y-5 transition-opacity ${current.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {headlineCards(data, current.isPlaceholderData)}
            {data?.orderCount === 0 && <p className="text-sm text-stone-600">{t('dashboard.figures.noOrders')}</p>}
            {data && (
              <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                <section aria-labelledby="payment-methods-title" className="card p-5">
                  <h3 id="payment-methods-title" className="font-semibold text-stone-900">
                    {t('dashboard.methods')}
                  </h3>
                  <div className="mt-2">
                    <PaymentMethodBreakdown
                      byPaymentMethod={data.byPaymentMethod}
                      totalRevenue={data.totalRevenue}
                      labels={paymentMethodLabels}
                    />
                  </div>
                  <h3 id="tips-title" className="mt-5 flex items-center gap-2 font-semibold text-stone-900">
                    <HandCoins aria-hidden="true" className="size-4 text-amber-700" />
                    {t('dashboard.tips')}
                  </h3>
                  <div className="mt-2">
                    <TipsByStaff tips={data.tips} />
                  </div>
                </section>
                <section aria-labelledby="top-items-title" className="card p-5">
                  <h3 id="top-items-title" className="flex items-center gap-2 font-semibold text-stone-900">
                    <Trophy aria-hidden="true" className="size-4 text-amber-700" />
                    {t('dashboard.topDishes')}
                  </h3>
                  <div className="mt-2">
                    <TopItemsTable topItems={data.topItems} />
                  </div>
                </section>
              </div>
            )}
          </div>
        ))
      )}
    </section>
  );
}
