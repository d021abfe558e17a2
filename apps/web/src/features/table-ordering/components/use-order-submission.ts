import { useCallback, useState } from 'react';
import type { DinerOrderBody, DinerOrderResult } from '@quan/contract/public';
import { translateErrorCode } from '../../../lib/i18n';
import { isRetryable, PublicApiError } from '../../../lib/public-api';
import { MUTATION_RETRIES, MUTATION_RETRY_DELAY } from '../../../lib/retry-policy';
import { randomUuid } from '../../../lib/random-uuid';
import { useDinerBranch } from '../../../lib/diner-branch';
import { createDinerOrder } from '../api/create-diner-order';
import { clearPendingOrder, loadPendingOrder, savePendingOrder, type PendingOrder } from './table-session-store';

/** Where an order stands between "Place order" and the server's answer. */
export type Submission =
  | { status: 'idle' }
  | { status: 'sending'; retryingAfter: 'unsent' | 'rate-limited' | null }
  /**
   * No answer (offline) or a server error: it may or may not have arrived; resend it as is. `error` is what the
   * last attempt met, null when the page came back with an order whose answer never arrived.
   */
  | { status: 'unsent'; error: unknown }
  | { status: 'rate-limited'; retryAfterSeconds: number | null }
  /** The server said no (unavailable dish, invalid line): nothing was created; the cart can be changed. */
  | { status: 'refused'; message: string }
  | { status: 'no-key' }
  | { status: 'no-table' };

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function outcomeOf(error: unknown): Submission {
  if (!(error instanceof PublicApiError) || isRetryable(error)) {
    return { status: 'unsent', error };
  }
  if (error.status === 429) return { status: 'rate-limited', retryAfterSeconds: error.retryAfterSeconds };
  if (error.status === 403) return { status: 'no-key' };
  if (error.status === 404) return { status: 'no-table' };
  // A coded refusal in the diner's language; else the server's sentence and the fields it names (in English).
  const translated = translateErrorCode(error.code, error.params);
  if (translated) return { status: 'refused', message: translated };
  const details = error.fieldErrors.map((fieldError) => fieldError.message).filter((text) => text !== error.message);
  return { status: 'refused', message: [error.message, ...details].join(' ') };
}

/**
 * Sends the diner's order so that it is never lost nor placed twice. Each submission gets one
 * Idempotency-Key, kept with its body in sessionStorage until the server answers for sure: every resend
 * (the one automatic resend a second later, "Try again", or after a reload) repeats that key and body, so the
 * server returns the first order instead of making another. A 4xx other than 429 means nothing was created,
 * and the key is dropped; a 429 or no answer keeps it.
 */
export function useOrderSubmission(
  tableNo: number,
  { onPlaced, onRefused }: { onPlaced: (order: DinerOrderResult) => void; onRefused: () => void },
) {
  const slug = useDinerBranch();
  // Also kept in memory: where sessionStorage is unavailable, "Try again" must still have the key.
  const [pending, setPending] = useState(() => loadPendingOrder(tableNo));
  const [submission, setSubmission] = useState<Submission>(() =>
    pending ? { status: 'unsent', error: null } : { status: 'idle' },
  );

  function forget() {
    clearPendingOrder(tableNo);
    setPending(null);
  }

  async function send(order: PendingOrder, retryingAfter: 'unsent' | 'rate-limited' | null) {
    setSubmission({ status: 'sending', retryingAfter });
    for (let failures = 0; ; failures++) {
      try {
        const placed = await createDinerOrder(order.body, order.idempotencyKey, slug);
        forget();
        setSubmission({ status: 'idle' });
        onPlaced(placed);
        return;
      } catch (error) {
        if (failures < MUTATION_RETRIES && isRetryable(error)) {
          await delay(MUTATION_RETRY_DELAY);
          continue;
        }
        const outcome = outcomeOf(error);
        if (outcome.status !== 'unsent' && outcome.status !== 'rate-limited') forget();
        setSubmission(outcome);
        if (outcome.status === 'refused') onRefused();
        return;
      }
    }
  }

  /** Sends a new order with a new key. */
  function placeOrder(body: DinerOrderBody) {
    if (submission.status === 'sending' || pending) return;
    const order: PendingOrder = { idempotencyKey: randomUuid(), body };
    savePendingOrder(tableNo, order);
    setPending(order);
    void send(order, null);
  }

  /** Sends the order that has no confirmed answer again, with its key and body. */
  function retry() {
    if (!pending || submission.status === 'sending') return;
    void send(pending, submission.status === 'rate-limited' ? 'rate-limited' : 'unsent');
  }

  /** Leaves a refusal shown in the cart once the diner changes something. */
  const dismissRefusal = useCallback(
    () => setSubmission((current) => (current.status === 'refused' ? { status: 'idle' } : current)),
    [],
  );

  return { submission, pending, placeOrder, retry, dismissRefusal };
}
