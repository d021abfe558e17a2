import { Crown, Sparkles, UserCheck, UsersRound, type LucideIcon } from 'lucide-react';
import type { CustomerStats } from '@quan/contract/customer';
import { useT } from '../../../lib/i18n';
import { formatCount } from '../../../lib/date-format';

/** Each figure with the message id of its title. */
const cards: { key: keyof CustomerStats; titleId: string; icon: LucideIcon }[] = [
  { key: 'totalCustomers', titleId: 'customers.stats.total', icon: UsersRound },
  { key: 'activeCustomers', titleId: 'customers.stats.active', icon: UserCheck },
  { key: 'platinumCustomers', titleId: 'customers.stats.platinum', icon: Crown },
  { key: 'totalLoyaltyPoints', titleId: 'customers.stats.points', icon: Sparkles },
];

/** The programme at a glance; `stats` is null until the figures first arrive. */
export function CustomerStatsCards({ stats }: { stats: CustomerStats | null }) {
  const t = useT();
  return (
    <ul aria-label={t('customers.stats.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ key, titleId, icon: Icon }) => (
        <li key={key} aria-label={t(titleId)} className="card flex flex-col gap-1 p-4">
          <span className="flex items-center gap-2 text-sm font-semibold text-stone-700">
            <Icon aria-hidden="true" className="size-4 text-amber-700" />
            {t(titleId)}
          </span>
          <span className="text-2xl font-bold tracking-tight text-stone-900 tabular-nums" aria-busy={stats === null}>
            {stats ? formatCount(stats[key]) : <span className="text-stone-300">…</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
