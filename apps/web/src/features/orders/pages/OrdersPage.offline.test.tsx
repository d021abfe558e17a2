import { act, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { followBrowserOffline } from '../../../lib/use-is-online';
import { fail, installFakeApi, ok, unreachable } from '../../../test/fake-api';
import { makeOrder } from '../../../test/data/orders';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { preloadRoutes, renderRoutes } from '../../../test/render-routes';

const orderList = (orders: ReturnType<typeof makeOrder>[]) => ({
  status: 200,
  body: {
    success: true,
    data: orders,
    pagination: { currentPage: 1, totalPages: 1, totalItems: orders.length, itemsPerPage: 20 },
  },
});

describe('OrdersPage without a network', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  beforeAll(() => preloadRoutes(routes, '/orders'), 60_000);
  afterEach(() => {
    fakeApi?.restore();
    vi.restoreAllMocks();
    act(() => onlineManager.setOnline(true));
  });

  it('says the list waits for the network, after a reload offline, instead of loading for ever', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    // Order lists are never kept on the device: the service worker has no answer for them.
    fakeApi = installFakeApi(({ url }) => (url === '/api/order' ? unreachable : fail(404, 'Not found')));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    followBrowserOffline();
    expect(onlineManager.isOnline()).toBe(false);
    renderRoutes(routes, { path: '/orders' });

    expect(await screen.findByText('No network: the orders will show once it is back.')).toBeInTheDocument();
    expect(screen.queryByText('Loading orders…')).not.toBeInTheDocument();
  });

  it('keeps showing the orders it had when the network went, saying they may have changed', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/order') return orderList([makeOrder({ orderNo: 1042 })]);
      if (method === 'GET' && url === '/api/settings') return ok({});
      return fail(404, 'Not found');
    });
    renderRoutes(routes, { path: '/orders' });
    expect(await screen.findByRole('article', { name: /^#1042 / })).toBeInTheDocument();

    act(() => onlineManager.setOnline(false));

    expect(
      await screen.findByText('No network: these are the orders as they were when it went, and may have changed.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /^#1042 / })).toBeInTheDocument();
  });
});
