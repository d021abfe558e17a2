import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render-routes';

describe('DashboardPage', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('gives managers the menu and table management', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(({ method, url }) =>
      method === 'GET' && url.startsWith('/api/') ? ok([]) : fail(404, 'Not found'),
    );
    renderRoutes(routes, { path: '/dashboard' });

    const menu = await screen.findByRole('region', { name: 'Menu' });
    expect(within(menu).getByRole('region', { name: 'Categories' })).toBeInTheDocument();
    expect(within(menu).getByRole('region', { name: 'Dishes' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tables' })).toBeInTheDocument();
    expect(screen.getByText(/arrive here with the reports issue/)).toBeInTheDocument();
    expect(screen.queryByText('Managers only')).not.toBeInTheDocument();
  });

  it('tells staff the dashboard is for managers, without asking the server for it', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(403, 'Managers only'));
    renderRoutes(routes, { path: '/dashboard' });

    expect(await screen.findByText('Managers only')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'menu' })).toHaveAttribute('href', '/menu');
    expect(screen.queryByRole('button', { name: 'New category' })).not.toBeInTheDocument();
    expect(fakeApi.requests).toEqual([]);
  });
});
