import { memo, type ComponentType } from 'react';
import { portionPrice } from '@quan/contract/option-rules';
import { formatMoney } from '../../../lib/format';
import { useLanguage, useT } from '../../../lib/i18n';
import { dishIn } from './dish-language';
import { DishImage } from './DishImage';
import type { PublicMenuItem } from './menu-search';

/**
 * What a page lets a diner do with a dish (the table page's cart buttons), as a component of its own. It is
 * given the dish as the card shows it, in the diner's language, so the buttons, the options sheet and the cart
 * name it the same way.
 */
export type DishActionComponent = ComponentType<{ item: PublicMenuItem }>;

interface DishCardProps {
  item: PublicMenuItem;
  Action?: DishActionComponent;
  /** Keep room for an action that is still loading. */
  reserveAction: boolean;
}

/**
 * The cheapest portion a valid choice makes: the dish's price with, for each required group, the changes of its
 * cheapest options that can be had, as many as the group requires. Null when that is not below the dish's price
 * (or a required group cannot be filled), so the tile shows the plain price.
 */
function lowestPortionPrice(item: PublicMenuItem): number | null {
  const cheapest: { priceDelta: number }[] = [];
  for (const group of item.optionGroups) {
    if (group.minSelected <= 0) continue;
    const available = group.options.filter((option) => !option.isSoldOut).sort((a, b) => a.priceDelta - b.priceDelta);
    if (available.length < group.minSelected) return null;
    cheapest.push(...available.slice(0, group.minSelected));
  }
  const lowest = portionPrice(item.price, cheapest);
  return lowest < item.price ? Math.max(0, lowest) : null;
}

/**
 * One dish: name, description, the options it offers, price, the page's action, and its photo when it has one.
 * Memoised: a menu of many dishes re-renders only the cards whose dish changed, and an action updates on its
 * own (from a context).
 */
export const DishCard = memo(function DishCard({ item: typed, Action, reserveAction }: DishCardProps) {
  const t = useT();
  const item = dishIn(typed, useLanguage());
  const fromPrice = lowestPortionPrice(item);
  return (
    <article className="flex h-full gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm">
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="font-semibold text-stone-900">{item.name}</h3>
        {item.description && <p className="mt-1 line-clamp-3 text-sm text-stone-600">{item.description}</p>}
        {item.optionGroups.length > 0 && (
          <p className="mt-1 text-xs font-medium text-stone-600">
            {t('dish.choose', {
              groups: item.optionGroups.map((group) => group.name.toLocaleLowerCase('vi')).join(', '),
            })}
          </p>
        )}
        {/* As tall as the action it may hold, so an action appearing later moves nothing. */}
        <div
          className={`mt-auto flex flex-wrap items-center justify-between gap-2 pt-2 ${reserveAction ? 'min-h-13' : ''}`}
        >
          {/* A smaller size makes the dish cheaper than its price: the tile says where it starts. */}
          <p className="font-semibold text-amber-900 tabular-nums">
            {fromPrice === null ? (
              formatMoney(item.price)
            ) : (
              <>
                <span className="text-sm font-medium">{t('dish.from')}</span> {formatMoney(fromPrice)}
              </>
            )}
          </p>
          {Action && <Action item={item} />}
        </div>
      </div>
      <DishImage imageUrl={item.imageUrl} />
    </article>
  );
});
