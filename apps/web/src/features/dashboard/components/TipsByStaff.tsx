import type { Revenue } from '@quan/contract/report';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

/** Stands in the sentence for the amount, which is shown in bold wherever the language puts it. */
const amountMark = '\u2063';

/** The tips of the period, kept apart from revenue: in all, and by who took them, most first. */
export function TipsByStaff({ tips }: { tips: Revenue['tips'] }) {
  const t = useT();
  if (tips.total === 0) return <p className="text-sm text-stone-600">{t('dashboard.tips.none')}</p>;
  const [beforeAmount, afterAmount] = t('dashboard.tips.total', { amount: amountMark }).split(amountMark);
  return (
    <div className="space-y-2 text-sm">
      <p className="text-stone-700">
        {beforeAmount}
        <span className="font-semibold text-stone-900 tabular-nums">{formatMoney(tips.total)}</span>
        {afterAmount}
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
