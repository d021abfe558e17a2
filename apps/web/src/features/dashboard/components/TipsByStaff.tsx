import type { Revenue } from '@quan/contract/report';
import { messageWithElements } from '../../../components/message-with-elements';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

/** The tips of the period, kept apart from revenue: in all, and by who took them, most first. */
export function TipsByStaff({ tips }: { tips: Revenue['tips'] }) {
  const t = useT();
  if (tips.total === 0) return <p className="text-sm text-stone-600">{t('dashboard.tips.none')}</p>;
  return (
    <div className="space-y-2 text-sm">
      <p className="text-stone-700">
        {messageWithElements(
          t,
          'dashboard.tips.total',
          {},
          { amount: <span className="font-semibold text-stone-900 tabular-nums">{formatMoney(tips.total)}</span> },
        )}
      </p>
      <ul className="divide-y divide-stone-100">
        {tips.byStaff.map(({ staff, amount }) => (
          <li key={staff?._id ?? 'none'} className="flex justify-between gap-3 py-2">
            <span className="text-stone-900">{staff?.name ?? t('dashboard.tips.noStaff')}</span>
            <span className="font-semibold text-stone-900 tabular-nums">{formatMoney(amount)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
