import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, okData, refusal } from '../../../test/fake-fetch';
import { makePublicMenu, makePublicOrder } from '../../../test/data/diner';
import { renderPublicRoute } from '../../../test/render-public-route';
import { orderOnePho, placedOrder, tableKey, tableOrderingScene } from './table-ordering-test-kit';

vi.mock('../../../lib/socket', () => ({ createDinerSocket: vi.fn(), createSocket: vi.fn() }));

// A table of a branch other than the first: /b/<slug>/table/<n>, its QR code's address.
const branchTablePath = `/b/quan-3/table/4?key=${tableKey}`;

describe('TableOrderingPage of a branch', { timeout: 20_000 }, () => {
  tableOrderingScene();
  let fake: ReturnType<typeof installFakeFetch> | undefined;
  afterEach(() => {
    fake?.restore();
    window.history.replaceState(null, '', '/');
  });

  it("reads the branch's menu and table and sends the order to that branch, keeping the tab's order apart", async () => {
    fake = installFakeFetch((request) => {
      if (request.url === '/api/public/b/quan-3/menu') return okData(makePublicMenu());
      if (request.url.startsWith('/api/public/b/quan-3/tables/4?')) return okData({ tableNo: 4, seats: 4 });
      if (request.method === 'POST' && request.url === '/api/public/b/quan-3/orders') return okData(placedOrder, 201);
      if (request.url.startsWith('/api/public/orders/')) return okData(makePublicOrder());
      return refusal(404, `No route ${request.url}`);
    });
    // The browser is on the branch's address, as the phone that scanned the code is.
    window.history.replaceState(null, '', branchTablePath);
    renderPublicRoute(branchTablePath);

    await orderOnePho();

    expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
    expect(fake.calls()).toContain('POST /api/public/b/quan-3/orders');
    expect(fake.calls()).not.toContain('POST /api/order');
    expect(fake.calls()).not.toContain('GET /api/public-menu');
    // Table 4 of this branch is not table 4 of the first branch.
    expect(sessionStorage.getItem('tableOrder:quan-3:4')).not.toBeNull();
    expect(sessionStorage.getItem('tableOrder:4')).toBeNull();
  });

  it('says which branch the link names when the restaurant has none by that name', async () => {
    const unknown = {
      status: 404,
      body: {
        success: false,
        message: 'There is no branch "quan-9"; check the link',
        code: 'BRANCH_LINK_UNKNOWN',
        params: { slug: 'quan-9' },
      },
    };
    fake = installFakeFetch(() => unknown);
    renderPublicRoute('/b/quan-9/public-menu');

    // In English the server's own sentence; in Vietnamese the catalogue's (errors.BRANCH_LINK_UNKNOWN).
    expect(await screen.findByText(/There is no branch "quan-9"/)).toBeInTheDocument();
  });
});
