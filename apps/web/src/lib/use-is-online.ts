import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the browser says it has a network (TanStack Query's online manager, which pauses queries and
 * mutations while it says no). A dropped Wi-Fi behind a connected router still reads as online: calls then fail
 * with no answer, which the outbox treats the same way (lib/outbox-sender.ts).
 */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
  );
}

/**
 * TanStack Query's online manager starts out online and changes only on the browser's `online` and `offline`
 * events: a page opened (or reloaded) without a network read as online, and the POS said nothing of it, until the
 * network came back and went again. The staff app asks the browser once, as it starts; the events do the rest.
 */
export function followBrowserOffline(): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false);
}
