import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import type { AllDayDish } from './all-day-count';

interface AllDayCountProps {
  dishes: readonly AllDayDish[];
}

/**
 * The all-day count beside a kitchen screen's tickets: "6 × Phở bò (tái, Lớn)", the most wanted first. A strip
 * above the tickets on a tablet, a column beside them on a wide screen.
 */
export function AllDayCount({ dishes }: AllDayCountProps) {
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card p-3 xl:sticky xl:top-4 xl:order-last xl:w-72 xl:flex-none">
      <h2 id={headingId} className="text-base font-extrabold tracking-wide text-stone-700 uppercase">
        {t('orders.allDay.title')}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-lg leading-snug xl:flex-col">
        {dishes.map((dish) => (
          <li key={dish.key} className="flex gap-2">
            <span className="shrink-0 font-extrabold tabular-nums">{dish.count} ×</span>{' '}
            <span>
              <span className="font-bold text-stone-900">{dish.name}</span>
              {dish.options.length > 0 && <span className="text-stone-700"> ({dish.options.join(', ')})</span>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
