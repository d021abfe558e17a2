import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../src/events/bus';
import { CACHE_MAX_AGE_MS, createEventCache } from '../src/events/cache';

const silent = { error: () => undefined } as unknown as FastifyBaseLogger;

/** A cache of `value:<key>` strings over a bus of this instance, counting the loads. */
async function cacheOfKeys(maxEntries = 3) {
  const bus = await createEventBus({ log: silent });
  const loads: string[] = [];
  const cache = createEventCache({
    bus,
    load: async (key: string) => {
      loads.push(key);
      return `value:${key}`;
    },
    staleOn: {
      'menu.changed': 'all',
      'account.changed':
        ({ userId }) =>
        (key) =>
          key === userId,
    },
    maxEntries,
  });
  return { bus, loads, cache };
}

afterEach(() => vi.useRealTimers());

describe('the caches kept current by the events', () => {
  it('loads a key once, and again only after an event that picks it', async () => {
    const { bus, loads, cache } = await cacheOfKeys();
    await Promise.all([cache.get('a'), cache.get('a'), cache.get('b')]);
    expect(await cache.get('a')).toBe('value:a');
    expect(loads).toEqual(['a', 'b']);

    bus.publish([{ type: 'account.changed', userId: 'a' }]);
    await Promise.all([cache.get('a'), cache.get('b')]);
    expect(loads).toEqual(['a', 'b', 'a']);

    bus.publish([{ type: 'menu.changed' }]);
    await Promise.all([cache.get('a'), cache.get('b')]);
    expect(loads).toEqual(['a', 'b', 'a', 'a', 'b']);
  });

  it('never keeps a load that was under way when its entry went stale', async () => {
    const bus = await createEventBus({ log: silent });
    let version = 1;
    // The first load reads, then waits here until the test lets it finish: the change lands in between.
    let finishFirstLoad = () => {};
    const firstLoadHeld = new Promise<void>((resolve) => (finishFirstLoad = resolve));
    const cache = createEventCache({
      bus,
      load: async () => {
        const read = version;
        if (read === 1) await firstLoadHeld;
        return read;
      },
      staleOn: { 'menu.changed': 'all' },
      maxEntries: 1,
    });
    const before = cache.get('menu');
    version = 2;
    bus.publish([{ type: 'menu.changed' }]);
    finishFirstLoad();
    // The caller that asked before the change gets what was read then; nobody after it does.
    expect(await before).toBe(1);
    expect(await cache.get('menu')).toBe(2);
  });

  it('holds at most its number of entries, and trusts none longer than its age limit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { loads, cache } = await cacheOfKeys(2);
    for (const key of ['a', 'b', 'c']) await cache.get(key);
    expect(cache.peek('a')).toBeUndefined();
    expect([cache.peek('b'), cache.peek('c')]).toEqual(['value:b', 'value:c']);

    vi.advanceTimersByTime(CACHE_MAX_AGE_MS + 1);
    expect(cache.peek('c')).toBeUndefined();
    await cache.get('c');
    expect(loads).toEqual(['a', 'b', 'c', 'c']);
  });
});
