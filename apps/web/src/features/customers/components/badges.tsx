import { Crown } from 'lucide-react';
import type { CustomerStatus, MembershipLevel } from '@quan/contract/customer';
import { useT } from '../../../lib/i18n';
import { customerStatusLabelIds, levelLabelIds } from './customer-display';

const levelClasses: Record<MembershipLevel, string> = {
  bronze: 'bg-orange-50 text-orange-900 ring-orange-200',
  silver: 'bg-slate-100 text-slate-800 ring-slate-300',
  gold: 'bg-amber-100 text-amber-900 ring-amber-300',
  platinum: 'bg-violet-50 text-violet-900 ring-violet-200',
};

const badgeBase = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs ring-1 ring-inset';

export function LevelBadge({ level }: { level: MembershipLevel }) {
  const t = useT();
  return (
    <span className={`${badgeBase} font-semibold ${levelClasses[level]}`}>
      {level === 'platinum' && <Crown aria-hidden="true" className="size-3.5" />}
      {t(levelLabelIds[level])}
    </span>
  );
}

export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  const t = useT();
  const classes =
    status === 'active' ? 'bg-green-50 text-green-800 ring-green-200' : 'bg-stone-100 text-stone-600 ring-stone-200';
  return <span className={`${badgeBase} font-medium ${classes}`}>{t(customerStatusLabelIds[status])}</span>;
}
