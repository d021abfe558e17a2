import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSettings } from '@quan/contract/settings';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { makeOrder } from '../../../test/data/orders';
import { makeRevenue } from '../../../test/data/revenue';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { preloadRoutes, renderRoutes } from '../../../test/render-routes';
import type { FailedEinvoice } from '../../einvoices/api/list-failed-einvoices';

const refused = makeOrder({ orderNo: 1043, status: 'completed' });
const adjusted = makeOrder({ orderNo: 1050, status: 'completed' });

const failures: FailedEinvoice[] = [
  {
    orderId: refused._id,
    orderNo: 1043,
    kind: 'sale',
    status: 'failed',
    error: 'Mã số thuế người mua không hợp lệ',
    attempts: 1,
    createdAt: '2026-03-10T12:00:00.000Z',
  },
  {
    orderId: adjusted._id,
    orderNo: 1050,
    kind: 'adjustment',
    status: 'failed',
    error: 'Tài khoản không có quyền phát hành',
    attempts: 3,
    createdAt: '2026-03-10T13:00:00.000Z',
  },
];

/**
 * The dashboard's calls, with the invoices the provider refused: a retry takes that order's off the list, or is
 * answered `refuseRetry` when it gives an answer.
 */
function serveDashboard(initial: FailedEinvoice[], refuseRetry?: () => FakeResponse) {
  let failed = initial;
  const retries: string[] = [];
  const fakeApi = installFakeApi(({ method, url }) => {
    if (method === 'GET' && url === '/api/settings') return ok(defaultSettings);
    if (method === 'GET' && url === '/api/order/revenue') return ok(makeRevenue());
    if (method === 'GET' && url === '/api/einvoices') return ok({ items: failed });
    const retry = /^\/api\/order\/([^/]+)\/invoice\/retry$/.exec(url);
    if (method === 'POST' && retry) {
      retries.push(retry[1]!);
      if (refuseRetry) return refuseRetry();
      failed = failed.filter((invoice) => invoice.orderId !== retry[1]);
      return ok({ ...refused, version: 2 });
    }
    return method === 'GET' ? ok([]) : fail(404, 'Not found');
  });
  return { fakeApi, retries };
}

describe('DashboardPage: the e-invoices that need a person', { timeout: 20_000 }, () => {
  beforeAll(() => preloadRoutes(routes, '/dashboard'));
  let server: ReturnType<typeof serveDashboard> | undefined;
  afterEach(async () => {
    server?.fakeApi.restore();
    server = undefined;
    await activateLanguage('en', 'staff');
  });

  it('lists each refused invoice with its order and the provider’s message, and sends one again', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    server = serveDashboard(failures);
    renderRoutes(routes, { path: '/dashboard' });

    const card = within(await screen.findByRole('region', { name: 'E-invoices that need attention' }));
    const rows = card.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Invoice of order #1043Mã số thuế người mua không hợp lệTried onceTry again Invoice of order #1043',
      'Adjustment invoice of order #1050Tài khoản không có quyền phát hànhTried 3 timesTry again Adjustment invoice of order #1050',
    ]);

    await userEvent.click(card.getByRole('button', { name: 'Try again Invoice of order #1043' }));

    expect(await screen.findByText('Sent again: Invoice of order #1043 waits to be issued')).toBeInTheDocument();
    expect(server.retries).toEqual([refused._id]);
    await waitFor(() => expect(card.getAllByRole('listitem')).toHaveLength(1));
    expect(card.getByRole('listitem')).toHaveTextContent(/^Adjustment invoice of order #1050/);
  });

  it('says why a retry was refused', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    server = serveDashboard(failures, () => fail(502, 'The e-invoice provider did not answer'));
    renderRoutes(routes, { path: '/dashboard' });

    const card = within(await screen.findByRole('region', { name: 'E-invoices that need attention' }));
    await userEvent.click(card.getByRole('button', { name: 'Try again Invoice of order #1043' }));

    expect(await screen.findByText('The e-invoice provider did not answer')).toBeInTheDocument();
    expect(card.getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows no card while no invoice needs a person', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    server = serveDashboard([]);
    renderRoutes(routes, { path: '/dashboard' });

    await screen.findByRole('region', { name: 'Figures' });
    await waitFor(() => expect(server!.fakeApi.requests).toContain('GET /api/einvoices'));
    expect(screen.queryByRole('region', { name: 'E-invoices that need attention' })).not.toBeInTheDocument();
  });

  it('speaks Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'manager', language: 'vi' }), tokenExpiringIn(3600));
    server = serveDashboard(failures.slice(0, 1));
    renderRoutes(routes, { path: '/dashboard' });

    const card = within(await screen.findByRole('region', { name: 'Hóa đơn điện tử cần xử lý' }));
    expect(card.getByRole('listitem')).toHaveTextContent(
      'Hóa đơn của đơn #1043Mã số thuế người mua không hợp lệĐã thử 1 lầnThử lại',
    );
  });

  it('asks nothing for staff: invoices are the managers’ to handle', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    server = serveDashboard(failures);
    renderRoutes(routes, { path: '/dashboard' });

    expect(await screen.findByText('Only managers see the figures')).toBeInTheDocument();
    expect(server.fakeApi.requests).not.toContain('GET /api/einvoices');
    expect(screen.queryByRole('region', { name: 'E-invoices that need attention' })).not.toBeInTheDocument();
  });
});
