// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

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
    expect(queries?.retry).toBe(2);
    const delay = queries?.retryDelay as (attempt: number, error: unknown) => number;
    expect([0, 1, 2, 5, 10].map((attempt) => delay(attempt, null))).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });

  it('retries mutations once after 1 s', () => {
    expect(mutations).toMatchObject({ retry: 1, retryDelay: 1000 });
  });
});
