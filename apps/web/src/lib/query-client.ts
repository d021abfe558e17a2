import { QueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { MUTATION_RETRIES, MUTATION_RETRY_DELAY, QUERY_RETRIES, queryRetryDelay } from './retry-policy';

const minute = 60_000;

/**
 * Only a failure that may pass on its own is worth sending again: no answer at all (network down, time-out)
 * or a server error. A 4xx is the server's considered answer; repeating it would resend a refused change.
 */
export function isRetryable(error: unknown): boolean {
  if (!isAxiosError(error)) return false;
  if (error.code === 'ERR_CANCELED') return false;
  return error.response === undefined || error.response.status >= 500;
}

/**
 * The fixed product cache policy: data is fresh for 5 minutes and kept 10 minutes once no screen uses it; a
 * failure that may pass is retried (a query twice, 1 s then 2 s later; a mutation once, after 1 s). Live socket
 * events keep screens current instead of refetching on focus, mount or reconnect.
 *
 * A query is asked once even while the browser says it is offline ('offlineFirst'; TanStack Query would
 * otherwise wait for the network before asking): the service worker answers the POS's calls with their last
 * answer (lib/offline-shell.ts), so a screen opened after the Wi-Fi dropped still shows the menu and the tables.
 * Its retries then wait for the network.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        staleTime: 5 * minute,
        gcTime: 10 * minute,
        retry: (failureCount, error) => failureCount < QUERY_RETRIES && isRetryable(error),
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
      },
      mutations: {
        retry: (failureCount, error) => failureCount < MUTATION_RETRIES && isRetryable(error),
        retryDelay: MUTATION_RETRY_DELAY,
      },
    },
  });
}
