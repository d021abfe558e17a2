import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { conflict } from '../../lib/app-error';
import type { OrdersDeps } from './deps';
import * as repo from './repository';

const IDEMPOTENCY_HOURS = 24;

/** Same body ⇒ same hash, whatever the key order of its objects. */
function hashBody(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, v]) => v !== undefined)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

/** Thrown inside the transaction when the key was used before with the same body: nothing is written. */
class IdempotentReplay extends Error {
  constructor(readonly orderId: string) {
    super('idempotent replay');
  }
}

/**
 * Claims the key for this order inside its transaction, or throws: an IdempotentReplay for the same body
 * (answered by the call's replay), or a 409 naming `what` the key was used for, for another body.
 */
async function claimIdempotencyKey(tx: Executor, scopedKey: string, body: unknown, orderId: string, what = 'order') {
  const requestHash = hashBody(body);
  const holder = await repo.claimIdempotencyKey(tx, { scopedKey, requestHash, orderId }, { hours: IDEMPOTENCY_HOURS });
  if (holder && holder.requestHash !== requestHash) {
    throw conflict(`This Idempotency-Key was already used for a different ${what}`).because('IDEMPOTENCY_KEY_REUSED');
  }
  if (holder) throw new IdempotentReplay(holder.orderId);
}

/** A call that may carry an Idempotency-Key: the key, what it stands for, and the answer to a repeat. */
export interface IdempotentCall<T> {
  /** The header's value; without one, the work simply runs. */
  key: string | undefined;
  /** The branch the call works in: a key is the branch's own, and never answers another branch's order. */
  branchId: string;
  /**
   * What a repeat must match to be a replay: the body, and for a call on an existing order also the call's
   * name and target, so that the key of one call sent to another (or to another order) is a 409.
   */
  request: unknown;
  /** Names the call in the 409 for a key used with another request: "… for a different payment". */
  what?: string;
  /** The answer to a replay, rebuilt from the order the key holds as it is now (read after the transaction). */
  replay(orderId: string): Promise<T>;
}

/**
 * Claims the call's key inside the work's transaction, as `${branchId}:${scope}:${key}` for `orderId`; does nothing
 * without a key. Call it once the order's row is locked and before anything is written.
 */
export type ClaimKey = (scope: string, orderId: string) => Promise<void>;

/**
 * Runs `work` in one transaction that claims the call's key (through `claimKey`), or, when that key was
 * used before with the same request, rolls back having written nothing and answers `call.replay` of the
 * order the key holds. A key used with another request is a 409; a first attempt that fails rolls its
 * claim back with it, so a retry runs again.
 */
export async function transactIdempotent<T>(
  deps: Pick<OrdersDeps, 'transact'>,
  call: IdempotentCall<T>,
  work: (tx: Executor, record: RecordEvent, claimKey: ClaimKey) => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const { key, branchId, request, what } = call;
  try {
    const result = await deps.transact((tx, record) =>
      work(tx, record, async (scope, orderId) => {
        if (key) await claimIdempotencyKey(tx, `${branchId}:${scope}:${key}`, request, orderId, what);
      }),
    );
    return { result, replayed: false };
  } catch (error) {
    if (!(error instanceof IdempotentReplay)) throw error;
    return { result: await call.replay(error.orderId), replayed: true };
  }
}
