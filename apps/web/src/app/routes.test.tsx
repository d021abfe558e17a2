import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStorageKey, userStateStorageKey } from '../lib/session-storage';
import { fail, installFakeApi } from '../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../test/data/session';
import { renderRoutes } from '../test/render-routes';
import { routes } from './routes';

describe('app routes', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => {
    fakeApi?.restore();
    vi.restoreAllMocks();
  });

  it('sends a signed-in user from /auth to the home page', async () => {
    storeSession(makeUser({ name: 'Nguyễn Văn An' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(500, 'Something went wrong'));

    const { router } = renderRoutes(routes, { path: '/auth' });

    expect(await screen.findByRole('heading', { level: 1, name: /, An$/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows the sign-in form to someone signed out', async () => {
    renderRoutes(routes, { path: '/auth' });

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('sends an unknown path to the home page', async () => {
    storeSession(makeUser(), tokenExpiringIn(3600));

    const { router } = renderRoutes(routes, { path: '/no-such-page' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows the header with the user on a protected page', async () => {
    storeSession(makeUser({ name: 'Nguyễn Văn An', role: 'manager' }), tokenExpiringIn(3600));

    renderRoutes(routes, { path: '/orders' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('Nguyễn Văn An')).toBeInTheDocument();
    expect(screen.getByText('Manager')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Live updates offline' })).toBeInTheDocument();
  });

  it('shows a public page without the header', async () => {
    renderRoutes(routes, { path: '/landing' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Quán Ngon' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /See the menu/ })).toHaveAttribute('href', '/public-menu');
    expect(screen.getByRole('link', { name: 'Staff sign-in' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('signs out locally even when the server call fails', async () => {
    storeSession(makeUser(), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(500, 'Something went wrong'));
    const { router, store } = renderRoutes(routes, { path: '/' });

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    // Besides the home page's orders and tables, the only call is the sign-out.
    expect(
      fakeApi.requests.filter(
        (request) => !request.startsWith('GET /api/order') && !request.startsWith('GET /api/table'),
      ),
    ).toEqual(['POST /api/user/logout']);
    expect(store.getState().user.isAuth).toBe(false);
    expect(localStorage.getItem(userStateStorageKey)).toBeNull();
    expect(localStorage.getItem(tokenStorageKey)).toBeNull();
  });
});
