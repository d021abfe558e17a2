import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { formatMoney } from '../../../lib/format';
import { activateLanguage } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { lan, serveCustomers, signIn, spaced, customersScene } from './customers-test-kit';

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('CustomersPage', { timeout: 30_000 }, () => {
  const scene = customersScene();

  it('shows a customer’s details and their form in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    const user = userEvent.setup();
    signIn('staff');
    scene.server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });

    await user.click(await screen.findByRole('button', { name: 'Chi tiết của Chị Lan' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Chị Lan' }));
    const loyalty = within(dialog.getByRole('region', { name: 'Tích điểm' }));
    expect(loyalty.getByText('Điểm').nextSibling).toHaveTextContent('1.250');
    expect(loyalty.getByText('Lần ghé gần nhất').nextSibling).toHaveTextContent('01/03/2026');
    expect(dialog.getByRole('region', { name: 'Liên hệ' })).toHaveTextContent('Số điện thoại0901234567');
    const orders = await dialog.findByRole('list', { name: '5 đơn gần nhất' });
    expect(within(orders).getAllByRole('listitem')[0]).toHaveTextContent(/^Đơn #1042/);

    await user.click(dialog.getByRole('button', { name: 'Sửa khách hàng' }));
    const edit = within(screen.getByRole('dialog', { name: 'Sửa Chị Lan' }));
    expect(edit.getByLabelText('Họ tên')).toHaveValue('Chị Lan');
    expect(edit.getByLabelText('Số điện thoại')).toHaveAccessibleDescription(
      'Mỗi số điện thoại chỉ dùng cho một khách hàng.',
    );
    expect(edit.getByLabelText('Trạng thái')).toHaveDisplayValue('Đang hoạt động');
    await user.type(edit.getByLabelText('Ghi chú'), 'Thích bàn cạnh cửa sổ');
    await user.click(edit.getByRole('button', { name: 'Lưu khách hàng' }));
    expect(await screen.findByText('Đã lưu Chị Lan.')).toBeInTheDocument();
  });

  it('shows a customer’s points, level, spend, visits and recent orders', async () => {
    const user = userEvent.setup();
    signIn('staff');
    scene.server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });

    await user.click(await screen.findByRole('button', { name: 'Details of Chị Lan' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Chị Lan' }));
    const loyalty = within(dialog.getByRole('region', { name: 'Loyalty' }));
    expect(loyalty.getByText('Points').nextSibling).toHaveTextContent('1,250');
    expect(loyalty.getByText('Total spent').nextSibling).toHaveTextContent(spaced(formatMoney(5_400_000)));
    expect(loyalty.getByText('Visits').nextSibling).toHaveTextContent('18');
    expect(loyalty.getByText('Last visit').nextSibling).toHaveTextContent('01/03/2026');
    expect(dialog.getByText('Gold')).toBeInTheDocument();
    expect(dialog.getByText('lan@quan.test')).toBeInTheDocument();

    const orders = await dialog.findByRole('list', { name: 'Last 5 orders' });
    expect(
      within(orders)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Order #1042.*Completed/), expect.stringMatching(/^Order #1017.*Cancelled/)]);
    const orderQuery = scene.server.fakeApi.configs.find((config) => config.url === '/api/order');
    expect(orderQuery?.params).toEqual({ customerId: lan._id, limit: 5 });
    expect(scene.server.fakeApi.requests).toContain(`GET /api/customers/${lan._id}`);
    expect(dialog.queryByRole('button', { name: 'Delete customer' })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Edit customer' }));
    const edit = within(screen.getByRole('dialog', { name: 'Edit Chị Lan' }));
    await user.clear(edit.getByLabelText('Address'));
    await user.type(edit.getByLabelText('Address'), '12 Lý Tự Trọng');
    await user.click(edit.getByRole('button', { name: 'Save customer' }));
    // Back on the details, which show the saved customer.
    const again = within(await screen.findByRole('dialog', { name: 'Chị Lan' }));
    expect(await again.findByText('12 Lý Tự Trọng')).toBeInTheDocument();
  });
});
