// @vitest-environment node
import { AxiosError, AxiosHeaders, CanceledError } from 'axios';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

const config = { headers: new AxiosHeaders() };
const networkError = new AxiosError('Network Error', 'ERR_NETWORK', config);
const answered = (status: number) =>
  new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data: { success: false, message: 'x' },
  });
type Retry = (failureCount: number, error: unknown) => boolean;

describe('createQueryClient', () => {
  const { queries, mutations } = createQueryClient().getDefaultOptions();

  it('keeps data fresh 5 minutes and cached 10 minutes, without refetching on focus, mount or reconnect', () => {
    expect(queries).toMatchObject({
      staleTime: 5 * 60_000,
      gcTime: 10 * 60_000,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      refetchOnReconnect: false,
    });
  });

  it('retries queries twice, 1 s then doubling, capped at 30 s', () => {
    const retry = queries?.retry as Retry;
    expect([0, 1, 2].map((failures) => retry(failures, networkError))).toEqual([true, true, false]);
    expect([0, 1, 2].map((failures) => retry(failures, answered(503)))).toEqual([true, true, false]);
    const delay = queries?.retryDelay as (attempt: number, error: unknown) => number;
    expect([0, 1, 2, 5, 10].map((attempt) => delay(attempt, null))).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });

  it('retries mutations once after 1 s', () => {
    const retry = mutations?.retry as Retry;
    expect([0, 1].map((failures) => retry(failures, networkError))).toEqual([true, false]);
    expect(mutations?.retryDelay).toBe(1000);
  });

  it('never repeats a request the server refused, nor a cancelled one', () => {
    for (const retry of [queries?.retry, mutations?.retry] as Retry[]) {
      for (const status of [400, 401, 403, 404, 409, 429]) expect(retry(0, answered(status)), `${status}`).toBe(false);
      expect(retry(0, new CanceledError())).toBe(false);
      expect(retry(0, new Error('not from axios'))).toBe(false);
    }
  });
});
