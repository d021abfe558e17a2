import type { DinerOrderBody } from '@quan/contract/public';
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

// Storage can be full or switched off (private browsing); the page still works, it only forgets on reload.
export function read(key: string): unknown {
  try {
    const json = sessionStorage.getItem(key);
    return json ? (JSON.parse(json) as unknown) : null;
  } catch {
    return null;
  }
}

export function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not kept; see above.
  }
}

export function remove(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to remove then.
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

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

/**
 * Whether the page opens on the order under way rather than the menu: an order is followed and no cart is being
 * filled. The page asks before the cart's code has loaded, so this reads the kept cart without checking it.
 */
export function startsOnOrder(tableNo: number): boolean {
  const draft = read(cartDraftKey(tableNo));
  const hasItems = isObject(draft) && Array.isArray(draft.items) && draft.items.length > 0;
  return loadTrackedOrder(tableNo) !== null && !hasItems;
}
