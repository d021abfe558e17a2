import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateCustomerBody, Customer, UpdateCustomerBody } from '@quan/contract/customer';
import type { User } from '@quan/contract/user';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { formatMoney } from '../../../lib/format';
import { activateLanguage } from '../../../lib/i18n';
import { makeCustomer } from '../../../test/data/customers';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeOrder } from '../../../test/data/orders';

/** Text as Testing Library reads it: its matchers turn the no-break space of vi-VN amounts into a space. */
const spaced = (text: string) => text.replace(/\s/g, ' ');

const lan = makeCustomer(1, {
  name: 'Chị Lan',
  phone: '0901234567',
  email: 'lan@quan.test',
  membershipLevel: 'gold',
  loyaltyPoints: 1_250,
  totalSpent: 5_400_000,
  totalOrders: 18,
  lastVisit: '2026-03-01T12:00:00.000Z',
});
const minh = makeCustomer(2, { name: 'Anh Minh', membershipLevel: 'platinum', loyaltyPoints: 3_000 });
const hoa = makeCustomer(3, { name: 'Cô Hoa', status: 'inactive' });
/** 23 customers: Lan, Minh, Hoa, then 20 more; three pages of 10. */
const everyone = [lan, minh, hoa, ...Array.from({ length: 20 }, (_, i) => makeCustomer(10 + i))];

interface Write {
  method: string;
  url: string;
  body: unknown;
}

/** A little customer server: filters and pages like the real one; `refuse` may answer a write first. */
function serveCustomers(refuse?: (write: Write) => FakeResponse | null) {
  let customers: Customer[] = [...everyone];
  const writes: Write[] = [];
  const lists: Record<string, unknown>[] = [];
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/customers') {
      const params = config.params as Record<string, string | number>;
      lists.push(params);
      const search = String(params.search ?? '').toLowerCase();
      const matching = customers.filter(
        (customer) =>
          (!search || customer.name.toLowerCase().includes(search) || customer.phone.includes(search)) &&
          (!params.status || customer.status === params.status) &&
          (!params.membershipLevel || customer.membershipLevel === params.membershipLevel),
      );
      // The one order the tests look at: most points first (the others keep the list's own order).
      if (params.sort === 'points') matching.sort((a, b) => b.loyaltyPoints - a.loyaltyPoints);
      const page = Number(params.page);
      const limit = Number(params.limit);
      return {
        status: 200,
        body: {
          success: true,
          data: matching.slice((page - 1) * limit, page * limit),
          pagination: {
            currentPage: page,
            totalPages: Math.max(1, Math.ceil(matching.length / limit)),
            totalItems: matching.length,
            itemsPerPage: limit,
          },
        },
      };
    }
    if (method === 'GET' && url === '/api/customers/stats') {
      return ok({
        totalCustomers: customers.length,
        activeCustomers: customers.filter((customer) => customer.status === 'active').length,
        platinumCustomers: customers.filter((customer) => customer.membershipLevel === 'platinum').length,
        totalLoyaltyPoints: customers.reduce((sum, customer) => sum + customer.loyaltyPoints, 0),
      });
    }
    const id = /^\/api\/customers\/([^/]+)$/.exec(url)?.[1];
    if (method === 'GET' && id) return ok(customers.find((customer) => customer._id === id));
    if (method === 'GET' && url === '/api/order') {
      const params = config.params as Record<string, string | number>;
      if (params.customerId !== lan._id) return ok([]);
      return ok([
        makeOrder({ orderNo: 1042, status: 'completed', customerId: lan._id, createdAt: '2026-03-01T12:00:00.000Z' }),
        makeOrder({ orderNo: 1017, status: 'cancelled', customerId: lan._id, createdAt: '2026-02-20T05:00:00.000Z' }),
      ]);
    }
    const write = { method, url, body: config.data ? JSON.parse(config.data as string) : undefined };
    writes.push(write);
    const refusal = refuse?.(write);
    if (refusal) return refusal;
    if (method === 'POST' && url === '/api/customers') {
      const created = makeCustomer(99, write.body as CreateCustomerBody);
      customers = [created, ...customers];
      return { status: 201, body: { success: true, message: 'Customer created', data: created } };
    }
    if (method === 'PUT' && id) {
      customers = customers.map((customer) =>
        customer._id === id ? { ...customer, ...(write.body as UpdateCustomerBody) } : customer,
      );
      return ok(
        customers.find((customer) => customer._id === id),
        'Customer saved',
      );
    }
    if (method === 'DELETE' && id) {
      customers = customers.filter((customer) => customer._id !== id);
      return ok(null, 'Customer deleted successfully');
    }
    if (method === 'POST' && url === '/api/customers/update-memberships') {
      customers = customers.map((customer) =>
        customer._id === hoa._id ? { ...customer, membershipLevel: 'silver' } : customer,
      );
      return ok({ updated: 3 }, 'Memberships updated: 3 customers changed level');
    }
    return fail(404, 'Not found');
  });
  return { fakeApi, writes, lists };
}

function signIn(role: User['role']) {
  storeSession(makeUser({ role }), tokenExpiringIn(3600));
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((element) => element.getAttribute('aria-label'));

function row(name: string) {
  return within(screen.getByRole('row', { name }));
}

function figure(name: string) {
  return screen.getByRole('listitem', { name });
}

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('CustomersPage', { timeout: 30_000 }, () => {
  let server: ReturnType<typeof serveCustomers> | undefined;
  afterEach(() => server?.fakeApi.restore());

  it('shows the figures and the first 10 customers with their level, points, spend and visits', async () => {
    signIn('manager');
    server = serveCustomers();
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
    expect(server.lists).toEqual([{ sort: 'recent', page: 1, limit: 10 }]);
  });

  it('sends the search once typing pauses, and filters by status and level on the server', async () => {
    const user = userEvent.setup();
    signIn('staff');
    server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });
    await screen.findByRole('row', { name: 'Chị Lan' });

    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'lan');
    await waitFor(() => expect(rowNames()).toEqual(['Chị Lan']));
    // One request for the pause, not one per key.
    expect(server.lists).toEqual([
      { sort: 'recent', page: 1, limit: 10 },
      { search: 'lan', sort: 'recent', page: 1, limit: 10 },
    ]);

    await user.clear(screen.getByRole('searchbox', { name: 'Search customers' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'inactive');
    await waitFor(() => expect(rowNames()).toEqual(['Cô Hoa']));
    expect(server.lists.at(-1)).toEqual({ status: 'inactive', sort: 'recent', page: 1, limit: 10 });

    await user.selectOptions(screen.getByLabelText('Level'), 'gold');
    expect(await screen.findByText('No customers match these filters.')).toBeInTheDocument();
    expect(server.lists.at(-1)).toEqual({
      status: 'inactive',
      membershipLevel: 'gold',
      sort: 'recent',
      page: 1,
      limit: 10,
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    expect(server.lists.at(-1)).toEqual({ sort: 'recent', page: 1, limit: 10 });
    expect(screen.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('pages through the list 10 at a time, and a new filter starts again at page 1', async () => {
    const user = userEvent.setup();
    signIn('staff');
    server = serveCustomers();
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
    expect(server.lists.map((params) => params.page)).toEqual([1, 2, 3]);

    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    expect(await screen.findByText('Page 1 of 3 · 22 customers')).toBeInTheDocument();
    expect(server.lists.at(-1)).toEqual({ status: 'active', sort: 'recent', page: 1, limit: 10 });
  });

  it('starts with the latest visits, orders by most points on request, and pages on in that order', async () => {
    const user = userEvent.setup();
    signIn('staff');
    server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });
    await screen.findByRole('row', { name: 'Chị Lan' });
    expect(screen.getByLabelText('Order by')).toHaveValue('recent');

    await user.selectOptions(screen.getByLabelText('Order by'), 'Most points');
    await waitFor(() => expect(rowNames().slice(0, 2)).toEqual(['Anh Minh', 'Chị Lan']));
    expect(server.lists.at(-1)).toEqual({ sort: 'points', page: 1, limit: 10 });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3 · 23 customers')).toBeInTheDocument();
    expect(server.lists.at(-1)).toEqual({ sort: 'points', page: 2, limit: 10 });
  });

  it('explains invalid fields from the contract and the server’s refusal, then puts the new customer first', async () => {
    const user = userEvent.setup();
    signIn('staff');
    server = serveCustomers(({ method, body }) =>
      method === 'POST' && (body as CreateCustomerBody).phone === lan.phone
        ? fail(409, 'A customer with phone 0901234567 already exists')
        : null,
    );
    renderRoutes(routes, { path: '/customer-management' });
    await screen.findByRole('row', { name: 'Chị Lan' });

    await user.click(screen.getByRole('button', { name: 'Add customer' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a customer' }));
    await user.click(dialog.getByRole('button', { name: 'Add customer' }));
    expect(await dialog.findByText('Enter the customer name')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveAccessibleDescription('Enter the customer name');
    expect(dialog.getByLabelText('Phone')).toHaveAccessibleDescription(/Enter a valid phone number/);

    await user.type(dialog.getByLabelText('Name'), 'Bác Tư');
    await user.type(dialog.getByLabelText('Phone'), '+84 901 234 567');
    await user.type(dialog.getByLabelText('Email'), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Add customer' }));
    expect(await dialog.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(server.writes).toEqual([]);

    await user.clear(dialog.getByLabelText('Email'));
    await user.type(dialog.getByLabelText('Email'), 'Tu@Quan.Test');
    await user.click(dialog.getByRole('button', { name: 'Add customer' }));
    // The phone went out normalised, and the server found it taken.
    expect(await dialog.findByRole('alert')).toHaveTextContent('A customer with phone 0901234567 already exists');
    expect(
      await screen.findByText('A customer with phone 0901234567 already exists', { selector: '#notistack-snackbar' }),
    ).toBeInTheDocument();

    await user.clear(dialog.getByLabelText('Phone'));
    await user.type(dialog.getByLabelText('Phone'), '0912 345 678');
    await user.type(dialog.getByLabelText('Date of birth'), '31/05/1990');
    await user.click(dialog.getByRole('button', { name: 'Add customer' }));

    expect(await screen.findByText('Bác Tư is added.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.writes.map((write) => write.body)).toEqual([
      { name: 'Bác Tư', phone: '0901234567', email: 'tu@quan.test' },
      { name: 'Bác Tư', phone: '0912345678', email: 'tu@quan.test', dateOfBirth: '1990-05-31' },
    ]);
    expect(rowNames().slice(0, 2)).toEqual(['Bác Tư', 'Chị Lan']);
    await waitFor(() => expect(figure('Customers')).toHaveTextContent('24'));
  });

  it('edits a customer, sending only what changed', async () => {
    const user = userEvent.setup();
    signIn('staff');
    server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });

    await user.click(await screen.findByRole('button', { name: 'Edit Chị Lan' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Chị Lan' }));
    expect(dialog.getByLabelText('Phone')).toHaveValue('0901234567');
    await user.type(dialog.getByLabelText('Notes'), 'Dị ứng đậu phộng');
    await user.selectOptions(dialog.getByLabelText('Status'), 'inactive');
    await user.click(dialog.getByRole('button', { name: 'Save customer' }));

    expect(await screen.findByText('Chị Lan is saved.')).toBeInTheDocument();
    expect(server.writes).toEqual([
      { method: 'PUT', url: `/api/customers/${lan._id}`, body: { notes: 'Dị ứng đậu phộng', status: 'inactive' } },
    ]);
    expect(row('Chị Lan').getByText('Inactive')).toBeInTheDocument();
  });

  it('deletes only after confirmation, with the fixed success message', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });

    await user.click(await screen.findByRole('button', { name: 'Delete Anh Minh' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Anh Minh?' }));
    expect(dialog.getByText(/will be removed with their 3,000 points/)).toBeInTheDocument();
    expect(server.writes).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Delete customer' }));

    expect(await screen.findByText('Customer deleted successfully')).toBeInTheDocument();
    expect(server.writes).toEqual([{ method: 'DELETE', url: `/api/customers/${minh._id}`, body: undefined }]);
    expect(screen.queryByRole('row', { name: 'Anh Minh' })).not.toBeInTheDocument();
    // The page is fetched again so it still holds 10.
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    expect(screen.getByText('Page 1 of 3 · 22 customers')).toBeInTheDocument();
  });

  it('shows why the server refuses a delete', async () => {
    const user = userEvent.setup();
    signIn('admin');
    server = serveCustomers(({ method }) => (method === 'DELETE' ? { status: 500, body: '' } : null));
    renderRoutes(routes, { path: '/customer-management' });

    await user.click(await screen.findByRole('button', { name: 'Delete Anh Minh' }));
    await user.click(screen.getByRole('button', { name: 'Delete customer' }));

    expect(await screen.findByText('Failed to delete customer')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Anh Minh' })).toBeInTheDocument();
  });

  it('updates every membership after confirmation and says how many changed', async () => {
    const user = userEvent.setup();
    signIn('manager');
    server = serveCustomers();
    renderRoutes(routes, { path: '/customer-management' });
    await screen.findByRole('row', { name: 'Cô Hoa' });
    expect(row('Cô Hoa').getByText('Bronze')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update memberships' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Update every membership level?' }));
    await user.click(dialog.getByRole('button', { name: 'Update memberships' }));

    expect(await screen.findByText('Memberships updated: 3 customers changed level')).toBeInTheDocument();
    expect(server.writes).toEqual([{ method: 'POST', url: '/api/customers/update-memberships', body: undefined }]);
    // The levels changed on the server: the list shows them.
    await waitFor(() => expect(row('Cô Hoa').getByText('Silver')).toBeInTheDocument());
  });

  it('gives staff no delete and no membership update', async () => {
    signIn('staff');
    server = serveCustomers();
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
    server = { fakeApi, writes: [], lists: [] };
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
    server = serveCustomers(({ method, url }) =>
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

  it('shows a customer’s details and their form in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    const user = userEvent.setup();
    signIn('staff');
    server = serveCustomers();
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
    server = serveCustomers();
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
    const orderQuery = server.fakeApi.configs.find((config) => config.url === '/api/order');
    expect(orderQuery?.params).toEqual({ customerId: lan._id, limit: 5 });
    expect(server.fakeApi.requests).toContain(`GET /api/customers/${lan._id}`);
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
