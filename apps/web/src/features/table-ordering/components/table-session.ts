import type { TrackedOrder } from '../api/get-public-order';

/**
 * What a diner's tab keeps per table in sessionStorage, so a reload (or the phone discarding the tab) loses
 * nothing: the order being followed, an order sent without a confirmed answer, and the cart being filled.
 * Here is what the page reads before its ordering code has loaded; keeping and forgetting are in
 * table-session-store.ts, which loads with that code, so the first load stays small.
 */
export const trackedOrderKey = (tableNo: number) => `tableOrder:${tableNo}`;
export const pendingOrderKey = (tableNo: number) => `tableOrderPending:${tableNo}`;
export const cartDraftKey = (tableNo: number) => `tableCart:${tableNo}`;

// Storage can be full or switched off (private browsing); the page still works, it only forgets on reload.
export function read(key: string): unknown {
  try {
    const json = sessionStorage.getItem(key);
    return json ? (JSON.parse(json) as unknown) : null;
  } catch {
    return null;
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

/**
 * Whether the page opens on the order under way rather than the menu: an order is followed and no cart is being
 * filled. The page asks before the cart's code has loaded, so this reads the kept cart without checking it.
 */
export function startsOnOrder(tableNo: number): boolean {
  const draft = read(cartDraftKey(tableNo));
  const hasItems = isObject(draft) && Array.isArray(draft.items) && draft.items.length > 0;
  return loadTrackedOrder(tableNo) !== null && !hasItems;
}
