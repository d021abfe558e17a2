import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { formatMoney } from '../../../lib/format';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-routes';
import {
  everyone,
  figure,
  hoa,
  lan,
  row,
  rowNames,
  serveCustomers,
  signIn,
  spaced,
  customersScene,
} from './customers-test-kit';

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('CustomersPage', { timeout: 30_000 }, () => {
  const scene = customersScene();

  it('shows the figures and the first 10 customers with their level, points, spend and visits', async () => {
    signIn('manager');
    scene.server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });

    await screen.findByRole('row', { name: 'Chị Lan' });
    expect(rowNames()).toHaveLength(10);
    expect(rowNames().slice(0, 3)).toEqual(['Chị Lan', 'Anh Minh', 'Cô Hoa']);
    expect(row('Chị Lan').getByText('Gold')).toBeInTheDocument();
    expect(row('Chị Lan').getByText('1,250')).toBeInTheDocument();
    expect(row('Chị Lan').getByText(spaced(formatMoney(5_400_000)))).toBeInTheDocument();
    expect(row('Chị Lan').getByText('18')).toBeInTheDocument();
    expect(row('Chị Lan').getByText('lan@quan.test')).toBeInTheDocument();
    expect(row('Anh Minh').getByText('Platinum')).toBeInTheDocument();
    expect(row('Cô Hoa').getByText('Inactive')).toBeInTheDocument();
    expect(row('Cô Hoa').getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3 · 23 customers')).toBeInTheDocument();

    await waitFor(() => expect(figure('Customers')).toHaveTextContent('23'));
    expect(figure('Active')).toHaveTextContent('22');
    expect(figure('Platinum members')).toHaveTextContent('1');
    expect(figure('Loyalty points held')).toHaveTextContent('4,250');
    expect(scene.server.lists).toEqual([{ sort: 'recent', page: 1, limit: 10 }]);
  });

  it('sends the search once typing pauses, and filters by status and level on the server', async () => {
    const user = userEvent.setup();
    signIn('staff');
    scene.server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });
    await screen.findByRole('row', { name: 'Chị Lan' });

    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'lan');
    await waitFor(() => expect(rowNames()).toEqual(['Chị Lan']));
    // One request for the pause, not one per key.
    expect(scene.server.lists).toEqual([
      { sort: 'recent', page: 1, limit: 10 },
      { search: 'lan', sort: 'recent', page: 1, limit: 10 },
    ]);

    await user.clear(screen.getByRole('searchbox', { name: 'Search customers' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'inactive');
    await waitFor(() => expect(rowNames()).toEqual(['Cô Hoa']));
    expect(scene.server.lists.at(-1)).toEqual({ status: 'inactive', sort: 'recent', page: 1, limit: 10 });

    await user.selectOptions(screen.getByLabelText('Level'), 'gold');
    expect(await screen.findByText('No customers match these filters.')).toBeInTheDocument();
    expect(scene.server.lists.at(-1)).toEqual({
      status: 'inactive',
      membershipLevel: 'gold',
      sort: 'recent',
      page: 1,
      limit: 10,
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    expect(scene.server.lists.at(-1)).toEqual({ sort: 'recent', page: 1, limit: 10 });
    expect(screen.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('pages through the list 10 at a time, and a new filter starts again at page 1', async () => {
    const user = userEvent.setup();
    signIn('staff');
    scene.server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });
    await screen.findByRole('row', { name: 'Chị Lan' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3 · 23 customers')).toBeInTheDocument();
    expect(rowNames()).toEqual(everyone.slice(10, 20).map((customer) => customer.name));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3 · 23 customers')).toBeInTheDocument();
    expect(rowNames()).toEqual(everyone.slice(20).map((customer) => customer.name));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(scene.server.lists.map((params) => params.page)).toEqual([1, 2, 3]);

    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    expect(await screen.findByText('Page 1 of 3 · 22 customers')).toBeInTheDocument();
    expect(scene.server.lists.at(-1)).toEqual({ status: 'active', sort: 'recent', page: 1, limit: 10 });
  });

  it('starts with the latest visits, orders by most points on request, and pages on in that order', async () => {
    const user = userEvent.setup();
    signIn('staff');
    scene.server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });
    await screen.findByRole('row', { name: 'Chị Lan' });
    expect(screen.getByLabelText('Order by')).toHaveValue('recent');

    await user.selectOptions(screen.getByLabelText('Order by'), 'Most points');
    await waitFor(() => expect(rowNames().slice(0, 2)).toEqual(['Anh Minh', 'Chị Lan']));
    expect(scene.server.lists.at(-1)).toEqual({ sort: 'points', page: 1, limit: 10 });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3 · 23 customers')).toBeInTheDocument();
    expect(scene.server.lists.at(-1)).toEqual({ sort: 'points', page: 2, limit: 10 });
  });

  it('gives staff no delete and no membership update', async () => {
    signIn('staff');
    scene.server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });

    await screen.findByRole('row', { name: 'Chị Lan' });
    expect(screen.getByRole('button', { name: 'Add customer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Chị Lan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update memberships' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    signIn('staff');
    let listCalls = 0;
    const fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/customers') {
        listCalls += 1;
        if (listCalls === 1) return { status: 500, body: '' };
        const pagination = { currentPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 10 };
        return { status: 200, body: { success: true, data: [lan], pagination } };
      }
      if (method === 'GET' && url === '/api/customers/stats') {
        return ok({ totalCustomers: 1, activeCustomers: 1, platinumCustomers: 0, totalLoyaltyPoints: 1_250 });
      }
      return fail(404, 'Not found');
    });
    scene.server = { fakeApi, writes: [], lists: [] };
    renderRoutes(routes, { path: '/customer-management' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the customers.');
    expect(await screen.findByText('Failed to fetch customers')).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: 'Chị Lan' })).toBeInTheDocument();
    expect(screen.queryByText('Could not load the customers.')).not.toBeInTheDocument();
    expect(listCalls).toBe(2);
  });

  it('speaks Vietnamese: the list, the figures, the filters, the delete and the slice’s fixed messages', async () => {
    await activateLanguage('vi', 'staff');
    const user = userEvent.setup();
    signIn('manager');
    scene.server = serveCustomers(({ method, url }) =>
      method === 'DELETE' && url.endsWith(hoa._id) ? { status: 500, body: '' } : null,
    );
    renderRoutes(routes, { path: '/customer-management' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Khách hàng' })).toBeInTheDocument();
    await screen.findByRole('row', { name: 'Chị Lan' });
    await waitFor(() => expect(document.title).toBe('Khách hàng · Quán'));
    expect(row('Chị Lan').getByText('Vàng')).toBeInTheDocument();
    expect(row('Anh Minh').getByText('Bạch kim')).toBeInTheDocument();
    expect(row('Cô Hoa').getByText('Ngừng hoạt động')).toBeInTheDocument();
    expect(row('Cô Hoa').getByText('Chưa ghé')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Tổng chi tiêu' })).toBeInTheDocument();
    expect(screen.getByText('Trang 1/3 · 23 khách hàng')).toBeInTheDocument();
    await waitFor(() => expect(figure('Khách hàng')).toHaveTextContent('23'));
    expect(figure('Thành viên Bạch kim')).toHaveTextContent('1');
    expect(figure('Điểm tích lũy đang có')).toHaveTextContent('4.250');
    expect(screen.getByRole('searchbox', { name: 'Tìm khách hàng' })).toHaveAttribute(
      'placeholder',
      'Tên, số điện thoại hoặc email',
    );
    expect(screen.getByRole('button', { name: 'Chi tiết của Chị Lan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sửa Chị Lan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trang trước' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Hạng'), 'gold');
    await waitFor(() => expect(rowNames()).toEqual(['Chị Lan']));
    expect(screen.getByRole('option', { name: 'Mọi hạng' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Hạng'), '');
    await waitFor(() => expect(rowNames()).toHaveLength(10));

    // The slice keeps its fixed English wording; the page shows it in Vietnamese.
    await user.click(screen.getByRole('button', { name: 'Xóa Anh Minh' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Xóa Anh Minh?' }));
    expect(dialog.getByText(/sẽ bị xóa cùng 3\.000 điểm của khách/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Xóa khách hàng' }));
    expect(await screen.findByText('Đã xóa khách hàng')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Xóa Cô Hoa' }));
    await user.click(screen.getByRole('button', { name: 'Xóa khách hàng' }));
    expect(await screen.findByText('Không xóa được khách hàng')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cập nhật hạng thành viên' }));
    expect(screen.getByRole('dialog', { name: 'Cập nhật hạng thành viên của mọi khách hàng?' })).toBeInTheDocument();
  });
});
