import type { Revenue } from '@quan/contract/report';
import { formatCount } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

/** The best sellers of the period by revenue, as the server ranks them. */
export function TopItemsTable({ topItems }: { topItems: Revenue['topItems'] }) {
  const t = useT();
  if (topItems.length === 0) {
    return <p className="text-sm text-stone-600">{t('dashboard.topDishes.none')}</p>;
  }
  return (
    <table className="w-full text-sm">
      <thead className="text-left text-xs font-semibold tracking-wide text-stone-500 uppercase">
        <tr>
          <th scope="col" className="py-2 pr-2 font-semibold">
            <span className="sr-only">{t('dashboard.topDishes.rank')}</span>
          </th>
          <th scope="col" className="py-2 font-semibold">
            {t('dashboard.topDishes.dish')}
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            {t('dashboard.topDishes.quantity')}
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            {t('dashboard.topDishes.revenue')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {topItems.map((item, index) => (
          <tr key={item.itemId ?? `${index}:${item.name}`}>
            <td className="py-2.5 pr-2 text-stone-500 tabular-nums">{index + 1}</td>
            <th scope="row" className="py-2.5 pr-3 text-left font-medium text-stone-900">
              {item.name}
            </th>
            <td className="py-2.5 text-right text-stone-700 tabular-nums">{formatCount(item.quantity)}</td>
            <td className="py-2.5 text-right font-semibold text-stone-900 tabular-nums">{formatMoney(item.revenue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
