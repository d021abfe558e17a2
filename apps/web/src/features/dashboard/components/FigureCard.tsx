import type { LucideIcon } from 'lucide-react';
import { Equal, Sparkles, TrendingDown, TrendingUp } from 'lucide-react';
import { useT } from '../../../lib/i18n';
import { changeBadge, type PeriodChange } from './period-change';

/** The figure of the previous period, or why it is missing. */
export type Comparison =
  | { status: 'ready'; change: PeriodChange; previousValue: string; previousPeriod: string }
  | { status: 'loading' }
  | { status: 'error' };

interface FigureCardProps {
  title: string;
  icon: LucideIcon;
  /** The formatted figure; null while it loads. */
  value: string | null;
  comparison: Comparison;
}

// Nothing against nothing is a plain dash: no arrow, no colour, nothing to read into it.
const changeLooks: Record<PeriodChange['direction'], { icon: LucideIcon | null; className: string }> = {
  up: { icon: TrendingUp, className: 'bg-emerald-100 text-emerald-900' },
  down: { icon: TrendingDown, className: 'bg-red-100 text-red-900' },
  same: { icon: Equal, className: 'bg-stone-100 text-stone-800' },
  new: { icon: Sparkles, className: 'bg-amber-100 text-amber-900' },
  none: { icon: null, className: 'bg-stone-100 text-stone-800' },
};

/** One figure of the period with its change against the previous period: the sign says it, not only the colour. */
export function FigureCard({ title, icon: Icon, value, comparison }: FigureCardProps) {
  return (
    <section aria-label={title} className="card flex flex-col gap-2 p-5">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-stone-700">
        <Icon aria-hidden="true" className="size-4 text-amber-700" />
        {title}
      </h3>
      <p className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl" aria-busy={value === null}>
        {value ?? <span className="text-stone-300">…</span>}
      </p>
      <ComparisonLine comparison={comparison} />
    </section>
  );
}

function ComparisonLine({ comparison }: { comparison: Comparison }) {
  const t = useT();
  if (comparison.status === 'loading') {
    return <p className="text-sm text-stone-500">{t('dashboard.change.comparing')}</p>;
  }
  if (comparison.status === 'error') {
    return <p className="text-sm text-stone-600">{t('dashboard.change.failed')}</p>;
  }
  const { change, previousValue, previousPeriod } = comparison;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
      <ChangeBadge change={change} /> <span>{t('dashboard.change.versus', { previousPeriod, previousValue })}</span>
    </p>
  );
}

/** The change as a badge: an arrow and the percentage ("+12%"), a dash read out as "nothing to compare". */
export function ChangeBadge({ change }: { change: PeriodChange }) {
  const t = useT();
  const look = changeLooks[change.direction];
  const ChangeIcon = look.icon;
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold ${look.className}`}>
      {ChangeIcon && <ChangeIcon aria-hidden="true" className="size-3.5" />}
      {change.direction === 'none' ? (
        <>
          <span aria-hidden="true">{changeBadge(change, t)}</span>
          <span className="sr-only">{t('dashboard.change.nothing')}</span>
        </>
      ) : (
        changeBadge(change, t)
      )}
    </span>
  );
}
