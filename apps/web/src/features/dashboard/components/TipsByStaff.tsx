import type { Revenue } from '@quan/contract/report';
import { formatMoney } from '../../../lib/format';

/** The tips of the period, kept apart from revenue: in all, and by who took them, most first. */
export function TipsByStaff({ tips }: { tips: Revenue['tips'] }) {
  if (tips.total === 0) return <p className="text-sm text-stone-600">No tips in this period.</p>;
  return (
    <div className="space-y-2 text-sm">
      <p className="text-stone-700">
        <span className="font-semibold text-stone-900 tabular-nums">{formatMoney(tips.total)}</span> in tips, not
        counted in revenue.
      </p>
      <ul className="divide-y divide-stone-100">
        {tips.byStaff.map(({ staff, amount }) => (
          <li key={staff?._id ?? 'none'} className="flex justify-between gap-3 py-2">
            <span className="text-stone-900">{staff?.name ?? 'Bank notification or a deleted account'}</span>
            <span className="font-semibold text-stone-900 tabular-nums">{formatMoney(amount)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
