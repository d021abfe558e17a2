import { dinerBranchOfPage } from '../../../lib/diner-branch';
import type { TrackedOrder } from '../api/get-public-order';

/**
 * What a diner's tab keeps per table in sessionStorage, so a reload (or the phone discarding the tab) loses
 * nothing: the order being followed, an order sent without a confirmed answer, and the cart being filled.
 * Here is what the page reads before its ordering code has loaded; keeping and forgetting are in
 * table-session-store.ts, which loads with that code, so the first load stays small.
 *
 * Kept per branch too: table 3 of one branch is not table 3 of another (`slug`: the branch of the page, as
 * its address names it; the first branch's keys are those kept before there were branches).
 */
const perTable = (name: string, tableNo: number, slug: string | null) =>
  slug ? `${name}:${slug}:${tableNo}` : `${name}:${tableNo}`;
export const trackedOrderKey = (tableNo: number, slug = dinerBranchOfPage()) => perTable('tableOrder', tableNo, slug);
export const pendingOrderKey = (tableNo: number, slug = dinerBranchOfPage()) =>
  perTable('tableOrderPending', tableNo, slug);
export const cartDraftKey = (tableNo: number, slug = dinerBranchOfPage()) => perTable('tableCart', tableNo, slug);

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
