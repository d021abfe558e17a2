import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client';
import { conflict } from '../../lib/app-error';
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
export class IdempotentReplay extends Error {
  constructor(readonly orderId: string) {
    super('idempotent replay');
  }
}

/**
 * Claims the key for this order inside its transaction, or throws: an IdempotentReplay for the same body
 * (the caller answers with the first order), a 409 for another body.
 */
export async function claimIdempotencyKey(tx: Executor, scopedKey: string, body: unknown, orderId: string) {
  const requestHash = hashBody(body);
  const holder = await repo.claimIdempotencyKey(tx, { scopedKey, requestHash, orderId }, { hours: IDEMPOTENCY_HOURS });
  if (holder && holder.requestHash !== requestHash) {
    throw conflict('This Idempotency-Key was already used for a different order');
  }
  if (holder) throw new IdempotentReplay(holder.orderId);
}
