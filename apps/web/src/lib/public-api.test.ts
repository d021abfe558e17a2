// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, okData, refusal } from '../test/fake-fetch';
import {
  isRetryable,
  parseRetryAfter,
  preloadPublic,
  publicRequest,
  PublicApiError,
  takePreloaded,
} from './public-api';

describe('publicRequest', () => {
  let fake: ReturnType<typeof installFakeFetch> | undefined;
  afterEach(() => fake?.restore());

  it("returns the envelope's data and sends JSON without credentials, with the given headers", async () => {
    fake = installFakeFetch(() => okData({ tableNo: 4, seats: 2 }, 201));

    const data = await publicRequest('POST', '/api/order', { body: { a: 1 }, headers: { 'Idempotency-Key': 'k-1' } });

    expect(data).toEqual({ tableNo: 4, seats: 2 });
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/order',
      body: { a: 1 },
      credentials: 'omit',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': 'k-1' },
    });
  });

  it('reports no answer as status 0, worth retrying', async () => {
    fake = installFakeFetch(() => 'network-error');

    const error = await publicRequest('GET', '/api/public-menu').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(PublicApiError);
    expect(error).toMatchObject({ status: 0, message: expect.stringMatching(/cannot reach the restaurant/) });
    expect(isRetryable(error)).toBe(true);
  });

  it("keeps the server's message, field errors and Retry-After; a 4xx is not retried", async () => {
    fake = installFakeFetch(() => ({
      status: 400,
      body: { success: false, message: 'Invalid order', errors: [{ path: 'items', message: 'Add at least one dish' }] },
    }));
    const invalid = await publicRequest('POST', '/api/order', { body: {} }).catch((caught: unknown) => caught);
    expect(invalid).toMatchObject({ status: 400, message: 'Invalid order', fieldErrors: [{ path: 'items' }] });
    expect(isRetryable(invalid)).toBe(false);
    fake.restore();

    fake = installFakeFetch(() => refusal(429, 'Too many orders', { 'Retry-After': '17' }));
    const limited = await publicRequest('POST', '/api/order', { body: {} }).catch((caught: unknown) => caught);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 17 });
    expect(isRetryable(limited)).toBe(false);
  });

  it('falls back to a sentence when a proxy answers without JSON, and retries a 5xx', async () => {
    fake = installFakeFetch(() => ({ status: 502 }));

    const error = await publicRequest('GET', '/api/public-menu').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 502, message: 'Something went wrong at the restaurant. Please try again.' });
    expect(isRetryable(error)).toBe(true);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds or an HTTP date', () => {
    const now = Date.parse('2026-03-01T05:00:00.000Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Sun, 01 Mar 2026 05:00:45 GMT', now)).toBe(45);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});

describe('preloadPublic', () => {
  let fake: ReturnType<typeof installFakeFetch> | undefined;
  afterEach(() => {
    fake?.restore();
    vi.useRealTimers();
  });

  it('hands its answer to the first taker only', async () => {
    fake = installFakeFetch(() => okData({ restaurant: { name: 'Quán Bà Hai' } }));

    preloadPublic('/api/public-menu');

    await expect(takePreloaded('/api/public-menu')).resolves.toEqual({ restaurant: { name: 'Quán Bà Hai' } });
    expect(takePreloaded('/api/public-menu')).toBeUndefined();
    expect(fake.requests).toHaveLength(1);
  });

  it('is not used once it is older than the browser may keep the menu', () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-01T05:00:00.000Z') });
    fake = installFakeFetch(() => okData({}));

    preloadPublic('/api/public-menu');
    vi.setSystemTime(Date.parse('2026-03-01T05:00:11.000Z'));

    expect(takePreloaded('/api/public-menu')).toBeUndefined();
  });
});
