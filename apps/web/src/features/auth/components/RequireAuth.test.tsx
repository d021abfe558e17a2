import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStorageKey, userStateStorageKey } from '../../../lib/session-storage';
import { useAppSelector } from '../../../store/hooks';
import { createAppStore } from '../../../store/store';
import { selectUser, setUser } from '../../../store/user-slice';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { RequireAuth } from './RequireAuth';

// The pages' words are the test's own, kept out of the JSX where the lint would ask for them to be translated.
const protectedHeading = (name: string) => `Protected page for ${name}`;
const signInHeading = 'Sign-in page';

function ProtectedPage() {
  const { name } = useAppSelector(selectUser);
  return <h1>{protectedHeading(name)}</h1>;
}

const routes: RouteObject[] = [
  { path: '/auth', element: <h1>{signInHeading}</h1> },
  {
    Component: RequireAuth,
    children: [
      { path: '/', Component: ProtectedPage },
      { path: '/orders', Component: ProtectedPage },
    ],
  },
];

describe('RequireAuth', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => {
    fakeApi?.restore();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('renders the page from the cached session without asking the server', async () => {
    storeSession(makeUser({ name: 'Nguyễn Văn An' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => ok(makeUser({ name: 'Someone Else' })));

    renderRoutes(routes, { path: '/' });

    expect(await screen.findByRole('heading', { name: 'Protected page for Nguyễn Văn An' })).toBeInTheDocument();
    expect(fakeApi.requests).toEqual([]);
  });

  it('without a cached session, fetches the user once, stores it and renders the page', async () => {
    const user = makeUser({ name: 'Trần Thị Bình' });
    fakeApi = installFakeApi(({ method, url }) =>
      method === 'GET' && url === '/api/user' ? ok(user) : fail(404, 'Not found'),
    );

    const { store } = renderRoutes(routes, { path: '/' });

    expect(screen.getByRole('status', { name: 'Loading your account' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Protected page for Trần Thị Bình' })).toBeInTheDocument();
    expect(fakeApi.requests).toEqual(['GET /api/user']);
    expect(store.getState().user).toMatchObject({ _id: user._id, isAuth: true });
    expect(JSON.parse(localStorage.getItem(userStateStorageKey) ?? 'null')).toMatchObject({ name: 'Trần Thị Bình' });
  });

  it('when the fetch fails, clears the session and lands on /auth', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi = installFakeApi(() => fail(401, 'Sign in to continue'));
    // A remembered user without a token (a cookie session) is not enough: the server is asked.
    const store = createAppStore();
    store.dispatch(setUser(makeUser()));
    expect(localStorage.getItem(userStateStorageKey)).not.toBeNull();

    const { router } = renderRoutes(routes, { path: '/orders', store });

    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(fakeApi.requests).toEqual(['GET /api/user']);
    expect(store.getState().user.isAuth).toBe(false);
    expect(localStorage.getItem(userStateStorageKey)).toBeNull();
    expect(localStorage.getItem(tokenStorageKey)).toBeNull();
  });

  it('sends a person whose token expired while the tab was open to /auth without a fetch', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    storeSession(makeUser(), tokenExpiringIn(60));
    fakeApi = installFakeApi(() => ok(makeUser()));
    const { router, store } = renderRoutes(routes, { path: '/' });
    expect(await screen.findByRole('heading', { name: /Protected page/ })).toBeInTheDocument();

    vi.setSystemTime(Date.now() + 120_000);
    await router.navigate('/orders');

    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(fakeApi.requests).toEqual([]);
    await waitFor(() => expect(store.getState().user.isAuth).toBe(false));
  });
});
