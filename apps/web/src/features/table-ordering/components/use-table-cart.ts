import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import type { DINER_MAX_LINES, DINER_MAX_PER_ITEM } from '@quan/contract/public';
import { useT } from '../../../lib/i18n';
import { groupCartLines, lineKey } from '../../../store/cart-lines';
import { cartReducer, selectCartItems, selectCartTotal } from '../../../store/cart-slice';
import { loadCartDraft, saveCartDraft } from './cart-draft';

// The contract's limits, typed from it: the web imports the contract's types only (its values bring zod with
// them, three times the size of this page), and the compiler fails here if a limit changes there.
export const maxLinesPerOrder: typeof DINER_MAX_LINES = 30;
export const maxUnitsPerDish: typeof DINER_MAX_PER_ITEM = 20;

/**
 * The diner's cart: the staff app's cart slice (store/cart-slice.ts: one entry per unit, add / remove one by
 * id / clear, total = sum of prices) driven by React's useReducer, since this page has no Redux store, and
 * kept per table in sessionStorage with the diner's optional name.
 */
export function useTableCart(tableNo: number) {
  const t = useT();
  const [cart, dispatch] = useReducer(cartReducer, tableNo, (table) => ({ items: loadCartDraft(table).items }));
  const [name, setName] = useState(() => loadCartDraft(tableNo).name);
  const items = selectCartItems({ cart });

  useEffect(() => saveCartDraft(tableNo, { items, name }), [tableNo, items, name]);

  // Stable while the cart does not change, so the dish buttons (memoised menu) re-render only on a change.
  const lines = useMemo(() => groupCartLines(items), [items]);
  const unitsOf = useCallback((itemId: string) => items.filter((entry) => entry.itemId === itemId).length, [items]);
  /** Whether one more unit of the dish, with these options and note, stays within the limits of one diner order. */
  const canAdd = useCallback(
    (itemId: string, note?: string, optionIds?: readonly string[]) =>
      unitsOf(itemId) < maxUnitsPerDish &&
      (lines.length < maxLinesPerOrder || lines.some((line) => line.key === lineKey(itemId, note, optionIds))),
    [unitsOf, lines],
  );
  /** Why `quantity` more units of a dish with this choice do not fit one diner order, or null when they do. */
  const limitProblem = useCallback(
    (dish: { _id: string; name: string }, choice: { optionIds: readonly string[]; note: string; quantity: number }) => {
      const left = maxUnitsPerDish - unitsOf(dish._id);
      if (choice.quantity > left) {
        return left > 0
          ? t('table.limit.dishLeft', { left, dish: dish.name, max: maxUnitsPerDish })
          : t('table.limit.dishFull', { dish: dish.name, max: maxUnitsPerDish });
      }
      const isNewLine = !lines.some((line) => line.key === lineKey(dish._id, choice.note, choice.optionIds));
      if (isNewLine && lines.length >= maxLinesPerOrder) {
        return t('table.limit.lines', { max: maxLinesPerOrder });
      }
      return null;
    },
    [unitsOf, lines, t],
  );

  return {
    items,
    lines,
    total: selectCartTotal({ cart }),
    name,
    setName,
    dispatch,
    unitsOf,
    canAdd,
    limitProblem,
  };
}

export type TableCart = ReturnType<typeof useTableCart>;
