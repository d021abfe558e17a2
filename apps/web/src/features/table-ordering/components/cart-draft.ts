import type { CartItem, CartOption } from '../../../store/cart-slice';
import { cartDraftKey, isObject, read } from './table-session';
import { remove, write } from './table-session-store';

/** The cart being filled at a table, kept in the tab's sessionStorage so a reload loses nothing. */
export interface CartDraft {
  items: CartItem[];
  name: string;
}

function isCartOption(value: unknown): value is CartOption {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.group === 'string' &&
    typeof value.name === 'string' &&
    typeof value.priceDelta === 'number'
  );
}

// A cart kept before dishes had options has none on its entries: they load as dishes without options.
function isCartItem(value: unknown): value is CartItem {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.itemId === 'string' &&
    typeof value.name === 'string' &&
    typeof value.price === 'number' &&
    (value.note === undefined || typeof value.note === 'string') &&
    (value.options === undefined || (Array.isArray(value.options) && value.options.every(isCartOption)))
  );
}

export function loadCartDraft(tableNo: number): CartDraft {
  const stored = read(cartDraftKey(tableNo));
  if (!isObject(stored)) return { items: [], name: '' };
  return {
    items: Array.isArray(stored.items) ? stored.items.filter(isCartItem) : [],
    name: typeof stored.name === 'string' ? stored.name : '',
  };
}

export function saveCartDraft(tableNo: number, draft: CartDraft): void {
  if (draft.items.length === 0 && !draft.name) remove(cartDraftKey(tableNo));
  else write(cartDraftKey(tableNo), draft);
}
