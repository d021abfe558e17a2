import { useMemo, useSyncExternalStore } from 'react';
import { listOutbox, subscribeToOutbox, type OutboxEntry } from '../../../lib/outbox';

// One copy of the entries for every component of this tab, read again after each change of the outbox.
let entries: OutboxEntry[] = [];
const renders = new Set<() => void>();

async function reload(): Promise<void> {
  entries = await listOutbox();
  for (const render of renders) render();
}

let stopWatching: (() => void) | null = null;

function subscribe(render: () => void): () => void {
  renders.add(render);
  if (!stopWatching) {
    stopWatching = subscribeToOutbox(() => void reload());
    void reload();
  }
  return () => {
    renders.delete(render);
    if (renders.size === 0) {
      stopWatching?.();
      stopWatching = null;
    }
  };
}

/** What this tablet keeps to send (and what it sent, until cleared), oldest first. */
export function useOutboxEntries(): OutboxEntry[] {
  return useSyncExternalStore(subscribe, () => entries);
}

/** Entries that still need something: waiting to be sent, or refused and waiting for staff. */
export const isPending = (entry: OutboxEntry) => entry.state !== 'sent';

/**
 * The tables of the new orders this tablet keeps to send: the server does not know those orders yet, so its list
 * says the tables are free; the screens show them taken by the order waiting here.
 */
export function useTablesAwaitingSend(): ReadonlySet<string> {
  const all = useOutboxEntries();
  return useMemo(
    () =>
      new Set(
        all.flatMap((entry) =>
          entry.kind === 'order' && entry.state === 'waiting' && entry.cart?.table ? [entry.cart.table._id] : [],
        ),
      ),
    [all],
  );
}
