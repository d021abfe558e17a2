import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCacheNames } from '../lib/api-caches';
import { createAppStore } from '../store/store';
import { removeUser } from '../store/user-slice';
import { fail, installFakeApi } from '../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../test/data/session';
import { preloadRoutes, renderRoutes } from '../test/render-routes';
import { routes } from './routes';

const precache = 'workbox-precache-v2-https://quan.lan/';

/**
 * Cache Storage as the service worker leaves it on a tablet (jsdom has none): the precached app and the API
 * answers it kept for the POS. Only the names matter here.
 */
function stubServiceWorkerCaches(): Set<string> {
  const names = new Set([precache, apiCacheNames.session, apiCacheNames.data]);
  vi.stubGlobal('caches', {
    keys: () => Promise.resolve([...names]),
    delete: (name: string) => Promise.resolve(names.delete(name)),
  });
  return names;
}

describe('the end of a session on a shared tablet', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  beforeAll(() => Promise.all([preloadRoutes(routes, '/'), preloadRoutes(routes, '/auth')]), 60_000);
  afterEach(() => {
    fakeApi?.restore();
    vi.unstubAllGlobals();
  });

  it('signing out deletes the API answers the service worker kept, and keeps the app it precached', async () => {
    storeSession(makeUser(), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(500, 'Something went wrong'));
    const names = stubServiceWorkerCaches();
    const { queryClient } = renderRoutes(routes, { path: '/' });

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect([...names]).toEqual([precache]));
    // What the screens had fetched goes too.
    expect(queryClient.getQueryCache().findAll({ predicate: (query) => query.state.data !== undefined })).toEqual([]);
  });

  it('so does a session the app ends itself, and one found expired when the app opens', async () => {
    storeSession(makeUser(), tokenExpiringIn(3600));
    const ended = stubServiceWorkerCaches();
    // Expired while in use, or refused by the server: the app removes the user.
    createAppStore().dispatch(removeUser());
    await waitFor(() => expect([...ended]).toEqual([precache]));

    storeSession(makeUser(), tokenExpiringIn(-60));
    const expired = stubServiceWorkerCaches();
    createAppStore();
    await waitFor(() => expect([...expired]).toEqual([precache]));
  });
});
