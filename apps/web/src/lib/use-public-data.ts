import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { isRetryable } from './public-api';
import { QUERY_RETRIES, queryRetryDelay } from './retry-policy';

export interface LoadContext {
  signal: AbortSignal;
  /** True when the data is loaded again (a live event, "Try again"): skip the HTTP cache then. */
  isReload: boolean;
}

export interface PublicData<T> {
  /** The last data loaded for this key; it stays while a reload runs and after a reload fails. */
  data: T | undefined;
  /** The error of the last load, once its retries are spent. */
  error: unknown;
  /** A load (first or reload) is under way; with `data` present it runs in the background. */
  isPending: boolean;
  reload: () => void;
}

interface LoadState<T> {
  key: string | null;
  data: T | undefined;
  error: unknown;
  settled: boolean;
}

/** Data the page already has for a key (the server rendered the page with it), taken by the first load. */
const seeds = new Map<string, unknown>();

/**
 * Gives the next `usePublicData(key)` its data at once: the page the server rendered shows it from the first
 * render (so hydration finds the same markup), and the hook still loads it again in the background.
 */
export function seedPublicData(key: string, data: unknown): void {
  seeds.set(key, data);
}

function initialState<T>(key: string | null): LoadState<T> {
  if (key === null || !seeds.has(key)) return { key: null, data: undefined, error: null, settled: false };
  // Kept until the component that took it has committed (its effect forgets it): hydration may render a part
  // again, or later than the rest of the page, before it commits.
  return { key, data: seeds.get(key) as T, error: null, settled: true };
}

/**
 * Loads public data for a key (null: nothing to load) with the fixed query retries of retry-policy.ts: failures
 * that may pass (no answer, 5xx) are tried twice more, 1 s then 2 s later. The diner pages use this instead of
 * TanStack Query, which the staff pages load, to keep a phone's first download small.
 */
export function usePublicData<T>(key: string | null, load: (context: LoadContext) => Promise<T>): PublicData<T> {
  const [state, setState] = useState<LoadState<T>>(() => initialState(key));
  const [reloads, setReloads] = useState(0);
  const loadLatest = useEffectEvent(load);

  useEffect(() => {
    if (key === null) return;
    // The page has this data on screen now; the next screen that asks for it loads it.
    seeds.delete(key);
    const controller = new AbortController();
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    const attempt = (failures: number) => {
      loadLatest({ signal: controller.signal, isReload: reloads > 0 || failures > 0 }).then(
        (data) => {
          if (!controller.signal.aborted) setState({ key, data, error: null, settled: true });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (failures < QUERY_RETRIES && isRetryable(error)) {
            retryTimer = setTimeout(() => attempt(failures + 1), queryRetryDelay(failures));
            return;
          }
          setState((previous) => ({
            key,
            data: previous.key === key ? previous.data : undefined,
            error,
            settled: true,
          }));
        },
      );
    };
    attempt(0);

    return () => {
      controller.abort();
      clearTimeout(retryTimer);
    };
  }, [key, reloads]);

  const reload = useCallback(() => {
    setState((previous) => ({ ...previous, settled: false }));
    setReloads((count) => count + 1);
  }, []);
  const isCurrent = key !== null && state.key === key;
  return {
    data: isCurrent ? state.data : undefined,
    error: isCurrent ? state.error : null,
    isPending: key !== null && (!isCurrent || !state.settled),
    reload,
  };
}
