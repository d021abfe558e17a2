import axios from 'axios';
import type { Envelope } from '@quan/contract/common';
import type { Order } from '@quan/contract/order';
import { onlineManager } from '@tanstack/react-query';
import { apiClient, describeApiError } from './api-client';
import { addToOutbox, hasWaitingEntries, type NewOutboxEntry, type OutboxRequest, type SendOutcome } from './outbox';
import { randomUuid } from './random-uuid';

/** A change to send: the same description serves the call made now and the outbox entry kept for later. */
export type ChangeRequest = Omit<OutboxRequest, 'idempotencyKey'>;

/** Makes the call a change describes, with its Idempotency-Key, and answers the order the server sends back. */
export async function requestChange({ method, url, body }: ChangeRequest, idempotencyKey: string): Promise<Order> {
  const response = await apiClient.request<Envelope<Order>>({
    method,
    url,
    data: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return response.data.data;
}

/**
 * Whether a failed call may have failed for want of a network (no answer, or the server could not take it now),
 * so that what it carried belongs in the outbox rather than in an error message.
 */
export function isUnreachable(error: unknown): boolean {
  if (!axios.isAxiosError(error)) return false;
  const status = error.response?.status;
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

/** One attempt at an outbox entry, under the session signed in now, with the key it was first tried with. */
export async function sendOutboxRequest({ idempotencyKey, ...request }: OutboxRequest): Promise<SendOutcome> {
  try {
    const order = await requestChange(request, idempotencyKey);
    return { result: 'sent', orderNo: order?.orderNo ?? null, total: order?.bills?.total ?? null };
  } catch (error) {
    if (isUnreachable(error)) return { result: 'unreachable' };
    const status = axios.isAxiosError(error) ? (error.response?.status ?? 0) : 0;
    if (status === 401) return { result: 'signed-out' };
    return { result: 'refused', status, message: describeApiError(error, error instanceof Error ? error.message : '') };
  }
}

/** The browser would not keep a change that could not be sent (private browsing, storage full): it is neither. */
export class KeepFailedError extends Error {
  constructor(cause: unknown) {
    super('The change could not be kept on this device', { cause });
    this.name = 'KeepFailedError';
  }
}

/**
 * Sends a change now, or keeps it in the outbox when the server cannot be reached (the browser is offline, or the
 * call got no answer): answers the server's answer, or null when the change was kept; throws a `KeepFailedError`
 * when it could be neither. The key is the same for the call and for the entry, so a call whose answer was lost
 * is not made twice; a change that already has a name of its own (the POS's order in progress) is sent under it.
 */
export async function sendOrKeep<T>(
  request: ChangeRequest,
  send: (idempotencyKey: string) => Promise<T>,
  entry: Omit<NewOutboxEntry, 'request'>,
  idempotencyKey = randomUuid(),
): Promise<T | null> {
  const keep = async () => {
    try {
      await addToOutbox({ ...entry, request: { ...request, idempotencyKey } });
    } catch (error) {
      throw new KeepFailedError(error);
    }
    return null;
  };
  // Offline, TanStack Query would hold the call until the network is back, with the person waiting; and a change
  // never overtakes what this person already has waiting (a payment before the round it pays for).
  // An outbox the browser cannot open holds nothing to wait behind.
  const waiting = await hasWaitingEntries(entry.userId).catch(() => false);
  if (!onlineManager.isOnline() || waiting) return keep();
  try {
    return await send(idempotencyKey);
  } catch (error) {
    if (isUnreachable(error)) return keep();
    throw error;
  }
}
