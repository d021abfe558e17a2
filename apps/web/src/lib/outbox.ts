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

type OutboxKind = 'order' | 'round' | 'status' | 'payment';

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
  /** When its current key was made, if not when it was taken (it was sent again as a new request). */
  keySince?: string;
  state: 'waiting' | 'refused' | 'sent';
  attempts: number;
  /** Not before this time (ms since the epoch): the back-off after a failed attempt. */
  nextTryAt: number;
  /** The server's status and sentence; `tooOld` when the tablet set it aside itself (kept for more than a day). */
  refusal?: { status: number; message: string; tooOld?: boolean };
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
type OutboxChange = 'queued' | 'updated' | 'removed';
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

/**
 * A refused entry goes back in line when staff ask. Usually as it is, with its key: the reason may have passed (a
 * dish restocked). A conflict (409: the order changed since the entry was taken) or an entry set aside for its
 * age goes as a new request, with a new key and without the order's version it was taken against: the server
 * never took the first one, or, for an old entry, a person checked that it did not.
 */
export function retryEntry(id: number, newKey: () => string): Promise<void> {
  return update(
    id,
    (entry) => {
      const anew = entry.refusal?.status === 409 || entry.refusal?.tooOld === true;
      const request = anew
        ? { ...entry.request, idempotencyKey: newKey(), body: withoutVersion(entry.request.body) }
        : entry.request;
      const keySince = anew ? new Date().toISOString() : entry.keySince;
      return { ...entry, request, keySince, state: 'waiting', refusal: undefined, nextTryAt: 0 };
    },
    'queued',
  );
}

function withoutVersion(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('expectedVersion' in body)) return body;
  const { expectedVersion: _version, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** An entry still to be sent, under `userId`'s session. */
export const waitsFor = (userId: string) => (entry: OutboxEntry) =>
  entry.state === 'waiting' && entry.userId === userId;

/** Whether `userId` has entries waiting to be sent: a new change then queues behind them instead of overtaking. */
export async function hasWaitingEntries(userId: string): Promise<boolean> {
  return (await listOutbox()).some(waitsFor(userId));
}

/** Removes an entry: a sent one once read, or a refused one that staff took back into the cart or gave up. */
export async function removeFromOutbox(id: number): Promise<void> {
  await (await open()).delete('entries', id);
  changed('removed');
}

/** How a drain ended: everything it could send was tried, or the session is gone (a 401). */
export type DrainResult = 'done' | 'signed-out';

/**
 * The server forgets an Idempotency-Key after 24 hours: an entry older than that could arrive a second time, so it
 * is set aside for a person to check (on the Orders screen) before sending it again.
 */
const keyLifetime = 23 * 3600_000;

let line: Promise<unknown> = Promise.resolve();

/**
 * Sends the waiting entries of `userId`, oldest first. An entry the server has not answered stops the line (the
 * next ones would not get through either, and must not overtake it); it is tried again after a growing pause.
 * A refused entry is set aside and the line goes on. Drains run one after the other, never two at once; before
 * each send, `isCurrent` says whether the caller still stands for that person (not signed out meanwhile).
 */
export function drainOutbox(
  userId: string,
  send: (request: OutboxRequest) => Promise<SendOutcome>,
  isCurrent: () => boolean = () => true,
): Promise<DrainResult> {
  const drain = line.then(() => drainOnce(userId, send, isCurrent));
  line = drain.catch(() => undefined);
  return drain;
}

async function drainOnce(
  userId: string,
  send: (request: OutboxRequest) => Promise<SendOutcome>,
  isCurrent: () => boolean,
): Promise<DrainResult> {
  const waiting = (await listOutbox()).filter(waitsFor(userId));
  for (const entry of waiting) {
    if (!isCurrent() || entry.nextTryAt > Date.now()) return 'done';
    if (Date.now() - Date.parse(entry.keySince ?? entry.takenAt) > keyLifetime) {
      await update(entry.id, (stored) => ({
        ...stored,
        state: 'refused',
        refusal: { status: 0, message: '', tooOld: true },
      }));
      continue;
    }
    const outcome = await send(entry.request);
    if (outcome.result === 'signed-out') return 'signed-out';
    if (outcome.result === 'unreachable') {
      await update(entry.id, (stored) => ({
        ...stored,
        attempts: stored.attempts + 1,
        nextTryAt: Date.now() + queryRetryDelay(stored.attempts),
      }));
      return 'done';
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
  return 'done';
}

/** When the first waiting entry of `userId` may be tried again (ms since the epoch), or null when none waits. */
export async function nextAttemptAt(userId: string): Promise<number | null> {
  const first = (await listOutbox()).find(waitsFor(userId));
  return first ? first.nextTryAt : null;
}
