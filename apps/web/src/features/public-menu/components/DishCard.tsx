import { memo, type ComponentType } from 'react';
import { formatMoney } from '../../../lib/format';
import { DishImage } from './DishImage';
import type { PublicMenuItem } from './menu-search';

/** What a page lets a diner do with a dish (the table page's cart buttons), as a component of its own. */
export type DishActionComponent = ComponentType<{ item: PublicMenuItem }>;

interface DishCardProps {
  item: PublicMenuItem;
  Action?: DishActionComponent;
  /** Keep room for an action that is still loading. */
  reserveAction: boolean;
}

/**
 * One dish: photo or placeholder, name, description, the options it offers, price, and the page's action.
 * Memoised: a menu of many dishes re-renders only the cards whose dish changed, and an action updates on its
 * own (from a context).
 */
export const DishCard = memo(function DishCard({ item, Action, reserveAction }: DishCardProps) {
  return (
    <article className="flex h-full gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm">
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="font-semibold text-stone-900">{item.name}</h3>
        {item.description && <p className="mt-1 line-clamp-3 text-sm text-stone-600">{item.description}</p>}
        {item.optionGroups.length > 0 && (
          <p className="mt-1 text-xs font-medium text-stone-600">
            Options: {item.optionGroups.map((group) => group.name).join(' · ')}
          </p>
        )}
        {/* As tall as the action it may hold, so an action appearing later moves nothing. */}
        <div
          className={`mt-auto flex flex-wrap items-center justify-between gap-2 pt-2 ${reserveAction ? 'min-h-13' : ''}`}
        >
          <p className="font-semibold text-amber-900 tabular-nums">{formatMoney(item.price)}</p>
          {Action && <Action item={item} />}
        </div>
      </div>
      <DishImage name={item.name} imageUrl={item.imageUrl} />
    </article>
  );
});
