import type { DomainEventOf, DomainEventType } from '@quan/contract/events';
import type { EventBus } from './bus';

/**
 * How long a cached entry is trusted without news from the bus. Every instance drops what an event makes
 * stale as soon as the bus brings it (from any instance, through Redis in a chain); this age limit is only
 * the safety net for a message Redis lost (pub/sub keeps nothing for a subscriber that was reconnecting).
 */
export const CACHE_MAX_AGE_MS = 10_000;

/** Which entries an event makes stale: all of them, or those the returned test picks. */
type Staleness<K, V> = {
  [T in DomainEventType]?: 'all' | ((event: DomainEventOf<T>) => (key: K, value: V) => boolean);
};

export interface EventCache<K, V> {
  /** The value of `key`: cached, or loaded once and shared by every caller that asks meanwhile. */
  get(key: K): Promise<V>;
  /** The value of `key` when a fresh one is loaded already, without waiting. */
  peek(key: K): V | undefined;
}

interface Entry<V> {
  value: Promise<V>;
  startedAt: number;
  /** Set once `value` has resolved. */
  loaded: { value: V } | null;
}

/**
 * Values read from the database and kept in memory until a committed event says they changed: the one
 * way this server caches what the database holds. `staleOn` names the events that change what is cached;
 * the bus brings them from every instance, so a change committed anywhere is seen at once here (within
 * Redis' delivery time on another instance). Bounded: at most `maxEntries` (the oldest go first), each
 * trusted for at most CACHE_MAX_AGE_MS.
 *
 * An entry dropped while its load is in flight is never kept: that load may have read the database
 * before the change committed. Its callers still get its value, as they would have from the database.
 */
export function createEventCache<K, V>(options: {
  bus: Pick<EventBus, 'on'>;
  load: (key: K) => Promise<V>;
  staleOn: Staleness<K, V>;
  maxEntries: number;
}): EventCache<K, V> {
  const { bus, load, staleOn, maxEntries } = options;
  const entries = new Map<K, Entry<V>>();

  for (const type of Object.keys(staleOn) as DomainEventType[]) {
    const rule = staleOn[type]!;
    bus.on(type, (event) => {
      if (rule === 'all') return entries.clear();
      const isStale = (rule as (event: DomainEventOf<DomainEventType>) => (key: K, value: V) => boolean)(event);
      for (const [key, entry] of entries) {
        // A load in flight cannot be asked what it holds: drop it rather than keep what may be stale.
        if (!entry.loaded || isStale(key, entry.loaded.value)) entries.delete(key);
      }
    });
  }

  const fresh = (entry: Entry<V> | undefined): entry is Entry<V> =>
    !!entry && Date.now() - entry.startedAt <= CACHE_MAX_AGE_MS;

  return {
    get(key) {
      const cached = entries.get(key);
      if (fresh(cached)) return cached.value;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const entry: Entry<V> = { value: load(key), startedAt: Date.now(), loaded: null };
      entries.set(key, entry);
      entry.value.then(
        (value) => {
          entry.loaded = { value };
        },
        // A failed load is not kept: the next caller tries again.
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },
    peek(key) {
      const cached = entries.get(key);
      return fresh(cached) ? cached.loaded?.value : undefined;
    },
  };
}

/** One value kept like the entries of `createEventCache`: the settings, the menu as orders price it. */
export function createEventCachedValue<V>(options: {
  bus: Pick<EventBus, 'on'>;
  load: () => Promise<V>;
  staleOn: readonly DomainEventType[];
}): { get(): Promise<V>; peek(): V | undefined } {
  const cache = createEventCache<'value', V>({
    bus: options.bus,
    load: options.load,
    staleOn: Object.fromEntries(options.staleOn.map((type) => [type, 'all'])),
    maxEntries: 1,
  });
  return { get: () => cache.get('value'), peek: () => cache.peek('value') };
}
