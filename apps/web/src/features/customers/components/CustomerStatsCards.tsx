import { Crown, Sparkles, UserCheck, UsersRound, type LucideIcon } from 'lucide-react';
import type { CustomerStats } from '@quan/contract/customer';
import { formatCount } from './customer-display';

const cards: { key: keyof CustomerStats; title: string; icon: LucideIcon }[] = [
  { key: 'totalCustomers', title: 'Customers', icon: UsersRound },
  { key: 'activeCustomers', title: 'Active', icon: UserCheck },
  { key: 'platinumCustomers', title: 'Platinum members', icon: Crown },
  { key: 'totalLoyaltyPoints', title: 'Loyalty points held', icon: Sparkles },
];

/** The programme at a glance; `stats` is null until the figures first arrive. */
export function CustomerStatsCards({ stats }: { stats: CustomerStats | null }) {
  return (
    <ul aria-label="Customer figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ key, title, icon: Icon }) => (
        <li key={key} aria-label={title} className="card flex flex-col gap-1 p-4">
          <span className="flex items-center gap-2 text-sm font-semibold text-stone-700">
            <Icon aria-hidden="true" className="size-4 text-amber-700" />
            {title}
          </span>
          <span className="text-2xl font-bold tracking-tight text-stone-900 tabular-nums" aria-busy={stats === null}>
            {stats ? formatCount(stats[key]) : <span className="text-stone-300">…</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
