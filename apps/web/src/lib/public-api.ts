import type { ErrorParams, ErrorResponse, FieldError } from '@quan/contract/common';
import { i18n } from '@lingui/core';
import { translateErrorCode } from './i18n';

/**
 * The diner pages' HTTP client: `fetch` and the API's response envelope (`Envelope` and `ErrorResponse` in
 * packages/contract/src/common.ts), no axios (it would weigh more than the pages themselves on a phone). Calls
 * are made without credentials: a diner's order must take the no-token branch of POST /api/order even on a
 * phone where a staff member is signed in.
 */
const apiOrigin = import.meta.env.VITE_API_URL ?? '';

const unreachable = 'We cannot reach the restaurant right now. Check your connection and try again.';

/** A refused or failed call: `status` 0 means no answer at all (offline, server down). */
export class PublicApiError extends Error {
  readonly status: number;
  /** Seconds the server asked to wait (Retry-After of a 429), when it said. */
  readonly retryAfterSeconds: number | null;
  readonly fieldErrors: FieldError[];
  /** The server's machine code for the refusal, and the values its sentence names. */
  readonly code: string | null;
  readonly params: ErrorParams | undefined;

  constructor(
    status: number,
    message: string,
    retryAfterSeconds: number | null = null,
    fieldErrors: FieldError[] = [],
    reason: { code?: unknown; params?: ErrorParams } = {},
  ) {
    super(message);
    this.name = 'PublicApiError';
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
    this.fieldErrors = fieldErrors;
    this.code = typeof reason.code === 'string' ? reason.code : null;
    this.params = reason.params;
  }
}

/** Worth sending again: no answer at all, or a server error. A 4xx is the server's considered answer. */
export function isRetryable(error: unknown): boolean {
  return error instanceof PublicApiError && (error.status === 0 || error.status >= 500);
}

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function fallbackMessage(status: number): string {
  if (status === 429) return 'Too many requests; wait a moment and try again.';
  if (status >= 500) return 'Something went wrong at the restaurant. Please try again.';
  return 'The request was refused.';
}

interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Fetch's cache mode; `no-cache` revalidates a cached answer (ETag) instead of reusing it. */
  cache?: RequestCache;
}

/** Sends one call and returns the envelope's `data`; throws PublicApiError (or the AbortError of `signal`). */
export async function publicRequest<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<T> {
  const { body, headers, signal, cache } = options;
  let response: Response;
  try {
    response = await fetch(`${apiOrigin}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      signal,
      cache,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new PublicApiError(0, unreachable);
  }

  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // A proxy's HTML error page, or an empty body: the status says enough.
  }
  if (!response.ok) {
    const refusal = (payload ?? {}) as Partial<ErrorResponse>;
    const message = typeof refusal.message === 'string' && refusal.message.trim() ? refusal.message : null;
    throw new PublicApiError(
      response.status,
      message ?? fallbackMessage(response.status),
      parseRetryAfter(response.headers.get('Retry-After')),
      Array.isArray(refusal.errors) ? refusal.errors : [],
      { code: refusal.code, params: refusal.params },
    );
  }
  if (typeof payload !== 'object' || payload === null || !('data' in payload)) {
    throw new PublicApiError(response.status, fallbackMessage(500));
  }
  return (payload as { data: T }).data;
}

/**
 * A sentence for a failed call in the diner's language: no answer, too many requests and a server error in the
 * catalogue's words; a refusal by its code's sentence, else the server's own; anything else says `fallback`.
 */
export function describePublicError(error: unknown, fallback: string): string {
  if (!(error instanceof PublicApiError)) return fallback;
  if (error.status === 0) return i18n._('common.error.unreachable');
  if (error.status >= 500) return i18n._('common.error.server');
  const translated = translateErrorCode(error.code, error.params);
  if (translated) return translated;
  return error.status === 429 ? i18n._('common.error.tooMany') : error.message;
}

const preloads = new Map<string, { answer: Promise<unknown>; startedAt: number }>();
// As long as the server lets a browser reuse the public menu (max-age=10): older, it is loaded afresh.
const preloadFreshMs = 10_000;

/**
 * Starts a GET as a route begins to load, so the answer travels while the page's code downloads. The
 * page's first request for the same path takes it (once, while fresh); later ones go to the network.
 */
export function preloadPublic(path: string): void {
  const answer = publicRequest('GET', path);
  // Not taken (the diner left first): not an unhandled rejection either.
  answer.catch(() => undefined);
  preloads.set(path, { answer, startedAt: Date.now() });
}

/** The answer of a fresh preload of `path`, if one was started and not yet taken. */
export function takePreloaded<T>(path: string): Promise<T> | undefined {
  const preload = preloads.get(path);
  preloads.delete(path);
  return preload && Date.now() - preload.startedAt < preloadFreshMs ? (preload.answer as Promise<T>) : undefined;
}
