/**
 * The retry numbers, as the first contract fixed them (docs/compatibility.md): a query is retried twice (1 s,
 * then 2 s later), a mutation once after 1 s. Shared by the staff query client (TanStack Query) and the diner
 * pages' fetch helpers, which stay free of TanStack Query and axios to keep a phone's first download small.
 */
export const QUERY_RETRIES = 2;
export const MUTATION_RETRIES = 1;
export const MUTATION_RETRY_DELAY = 1000;

/** 1 s, then doubling, capped at 30 s (attempt 0 is the first retry). */
export function queryRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}
