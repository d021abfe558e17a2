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
