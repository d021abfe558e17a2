import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CartItem } from '../store/cart-slice';
import type { OrderMember, OrderTable } from '../store/order-slice';
import { queryRetryDelay } from './retry-policy';

/*
 * The outbox: what staff took while the server could not be reached (an order, a round, a status move, a payment),
 * kept in this browser's IndexedDB until the server has it. The promise it keeps: an entry is never lost (it
 * survives reloads, a closed browser, sign-out and an expired session) and never sent twice (each carries the
 * Idempotency-Key it was first tried with, and the server answers a repeated key with the first result).
 *
 * Entries are sent in the order they were taken, one at a time, only under the session of the person who took
 * them. Each ends as sent (with its order number and the server's total), or refused with the server's reason,
 * kept for staff to fix and send again; nothing is dropped without a person choosing to.
 */

export type OutboxKind = 'order' | 'round' | 'status' | 'payment';

export interface OutboxRequest {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  body: unknown;
  idempotencyKey: string;
}

/** What the POS had on screen when it took an order or a round: enough to show it and to put it back in the cart. */
export interface OutboxCart {
  items: CartItem[];
  table: OrderTable | null;
  customer?: { name: string; phone: string; guests: number; isPreorder: boolean; member: OrderMember | null };
  /** For a round: the open order it joins. */
  orderNo?: number;
}

export interface OutboxEntry {
  /** Increasing in the order entries were taken: the order they are sent in. */
  id: number;
  kind: OutboxKind;
  request: OutboxRequest;
  /** The person who took it: it is sent only under their session. */
  userId: string;
  userName: string;
  /** The total the screen showed, from the menu's prices as last known; the server's total decides. */
  estimate: number | null;
  cart: OutboxCart | null;
  /** A sentence of what it is, for status moves and payments ("Order #12 → served"), in the taker's language. */
  label: string;
  takenAt: string;
  state: 'waiting' | 'refused' | 'sent';
  attempts: number;
  /** Not before this time (ms since the epoch): the back-off after a failed attempt. */
  nextTryAt: number;
  refusal?: { status: number; message: string };
  sent?: { orderNo: number | null; total: number | null; sentAt: string };
}

export type NewOutboxEntry = Pick<
  OutboxEntry,
  'kind' | 'request' | 'userId' | 'userName' | 'estimate' | 'cart' | 'label'
>;

/** How one attempt ended, as the sender (lib/outbox-sender.ts) reads the answer. */
export type SendOutcome =
  | { result: 'sent'; orderNo: number | null; total: number | null }
  /** The server answered and refused (a 4xx other than a lost session): kept with its reason. */
  | { result: 'refused'; status: number; message: string }
  /** The session is gone (401): the entry waits for its person to sign in again. */
  | { result: 'signed-out' }
  /** No answer, or the server could not take it now (5xx, 408, 429): tried again later. */
  | { result: 'unreachable' };

interface OutboxDb extends DBSchema {
  entries: { key: number; value: OutboxEntry };
}

const databaseName = 'quan-outbox';
let database: Promise<IDBPDatabase<OutboxDb>> | null = null;

function open(): Promise<IDBPDatabase<OutboxDb>> {
  database ??= openDB<OutboxDb>(databaseName, 1, {
    upgrade(db) {
      db.createObjectStore('entries', { keyPath: 'id', autoIncrement: true });
    },
  });
  return database;
}

/** Why the outbox changed: an entry `queued` (new, or put back in line) is worth a drain; the rest is news. */
export type OutboxChange = 'queued' | 'updated' | 'removed';
const listeners = new Set<(change: OutboxChange) => void>();

/** Called after every change of the outbox made in this tab. */
export function subscribeToOutbox(listener: (change: OutboxChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(change: OutboxChange): void {
  for (const listener of listeners) listener(change);
}

/** Every entry, oldest first. */
export async function listOutbox(): Promise<OutboxEntry[]> {
  return (await open()).getAll('entries');
}

export async function addToOutbox(entry: NewOutboxEntry): Promise<OutboxEntry> {
  const db = await open();
  const stored: Omit<OutboxEntry, 'id'> = {
    ...entry,
    takenAt: new Date().toISOString(),
    state: 'waiting',
    attempts: 0,
    nextTryAt: 0,
  };
  const id = await db.add('entries', stored as OutboxEntry);
  changed('queued');
  return { ...stored, id };
}

async function update(
  id: number,
  change: (entry: OutboxEntry) => OutboxEntry,
  reason: OutboxChange = 'updated',
): Promise<void> {
  const db = await open();
  const transaction = db.transaction('entries', 'readwrite');
  const entry = await transaction.store.get(id);
  if (entry) await transaction.store.put(change(entry));
  await transaction.done;
  changed(reason);
}

/** A refused entry goes back in line, as it is (the same key: the server may have changed its mind, e.g. restocked). */
export function retryEntry(id: number): Promise<void> {
  return update(id, (entry) => ({ ...entry, state: 'waiting', refusal: undefined, nextTryAt: 0 }), 'queued');
}

/** Removes an entry: a sent one once read, or a refused one that staff took back into the cart or gave up. */
export async function removeFromOutbox(id: number): Promise<void> {
  await (await open()).delete('entries', id);
  changed('removed');
}

let draining: Promise<void> | null = null;
let drainAgain = false;

/**
 * Sends the waiting entries of `userId`, oldest first. An entry the server has not answered stops the line (the
 * next ones would not get through either, and must not overtake it); it is tried again after a growing pause.
 * A refused entry is set aside and the line goes on. One drain at a time per tab; a call during a drain runs
 * another one after it.
 */
export function drainOutbox(userId: string, send: (request: OutboxRequest) => Promise<SendOutcome>): Promise<void> {
  if (draining) {
    drainAgain = true;
    return draining;
  }
  draining = (async () => {
    do {
      drainAgain = false;
      await drainOnce(userId, send);
    } while (drainAgain);
  })().finally(() => {
    draining = null;
  });
  return draining;
}

async function drainOnce(userId: string, send: (request: OutboxRequest) => Promise<SendOutcome>): Promise<void> {
  const waiting = (await listOutbox()).filter((entry) => entry.state === 'waiting' && entry.userId === userId);
  for (const entry of waiting) {
    if (entry.nextTryAt > Date.now()) return;
    const outcome = await send(entry.request);
    if (outcome.result === 'signed-out') return;
    if (outcome.result === 'unreachable') {
      await update(entry.id, (stored) => ({
        ...stored,
        attempts: stored.attempts + 1,
        nextTryAt: Date.now() + queryRetryDelay(stored.attempts),
      }));
      return;
    }
    await update(entry.id, (stored) =>
      outcome.result === 'sent'
        ? {
            ...stored,
            state: 'sent',
            sent: { orderNo: outcome.orderNo, total: outcome.total, sentAt: new Date().toISOString() },
          }
        : { ...stored, state: 'refused', refusal: { status: outcome.status, message: outcome.message } },
    );
  }
}

/** When the first waiting entry of `userId` may be tried again (ms since the epoch), or null when none waits. */
export async function nextAttemptAt(userId: string): Promise<number | null> {
  const first = (await listOutbox()).find((entry) => entry.state === 'waiting' && entry.userId === userId);
  return first ? first.nextTryAt : null;
}
