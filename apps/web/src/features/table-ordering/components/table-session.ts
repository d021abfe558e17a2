import type { DinerOrderBody } from '@quan/contract/public';
import type { CartItem, CartOption } from '../../../store/cart-slice';
import type { TrackedOrder } from '../api/get-public-order';

/**
 * What a diner's tab keeps per table in sessionStorage, so a reload (or the phone discarding the tab) loses
 * nothing: the order being followed, an order sent without a confirmed answer, and the cart being filled.
 */
export const trackedOrderKey = (tableNo: number) => `tableOrder:${tableNo}`;
export const pendingOrderKey = (tableNo: number) => `tableOrderPending:${tableNo}`;
export const cartDraftKey = (tableNo: number) => `tableCart:${tableNo}`;

/** An order sent (or about to be) whose answer has not arrived: resent as is, with the same key. */
export interface PendingOrder {
  idempotencyKey: string;
  body: DinerOrderBody;
}

export interface CartDraft {
  items: CartItem[];
  name: string;
}

// Storage can be full or switched off (private browsing); the page still works, it only forgets on reload.
function read(key: string): unknown {
  try {
    const json = sessionStorage.getItem(key);
    return json ? (JSON.parse(json) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not kept; see above.
  }
}

function remove(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to remove then.
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function loadTrackedOrder(tableNo: number): TrackedOrder | null {
  const stored = read(trackedOrderKey(tableNo));
  if (!isObject(stored) || typeof stored.orderId !== 'string' || typeof stored.trackingToken !== 'string') {
    return null;
  }
  return { orderId: stored.orderId, trackingToken: stored.trackingToken, tableNo };
}

export function saveTrackedOrder(tracked: TrackedOrder): void {
  write(trackedOrderKey(tracked.tableNo), tracked);
}

export function clearTrackedOrder(tableNo: number): void {
  remove(trackedOrderKey(tableNo));
}

export function loadPendingOrder(tableNo: number): PendingOrder | null {
  const stored = read(pendingOrderKey(tableNo));
  if (!isObject(stored) || typeof stored.idempotencyKey !== 'string' || !isObject(stored.body)) return null;
  return { idempotencyKey: stored.idempotencyKey, body: stored.body as unknown as DinerOrderBody };
}

export function savePendingOrder(tableNo: number, pending: PendingOrder): void {
  write(pendingOrderKey(tableNo), pending);
}

export function clearPendingOrder(tableNo: number): void {
  remove(pendingOrderKey(tableNo));
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
