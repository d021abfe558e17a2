import { useEffect, useState } from 'react';

/** Typing pauses before a search goes out: one request per pause instead of one per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stayed the same for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
