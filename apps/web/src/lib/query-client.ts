import { QueryClient } from '@tanstack/react-query';

const minute = 60_000;

/** Cache policy of SPEC §9; live socket events keep screens current instead of refetch-on-focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * minute,
        gcTime: 10 * minute,
        retry: 2,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
      },
      mutations: {
        retry: 1,
        retryDelay: 1000,
      },
    },
  });
}
