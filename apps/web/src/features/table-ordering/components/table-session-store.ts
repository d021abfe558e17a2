import type { DinerOrderBody } from '@quan/contract/public';
import type { TrackedOrder } from '../api/get-public-order';
import { isObject, pendingOrderKey, read, trackedOrderKey } from './table-session';

// Keeping and forgetting what a diner's tab keeps per table (see table-session.ts), and the order sent without a
// confirmed answer: the ordering code's part, which loads with it.

/** An order sent (or about to be) whose answer has not arrived: resent as is, with the same key. */
export interface PendingOrder {
  idempotencyKey: string;
  body: DinerOrderBody;
}

export function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not kept: storage can be full or switched off (private browsing); the page only forgets on reload.
  }
}

export function remove(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to remove then.
  }
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
