import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserWithBranches } from '@quan/contract/branch';
import type { User } from '@quan/contract/user';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { userStateStorageKey } from '../../../lib/session-storage';
import { makeUser, sessionStateOf, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';

const manager = makeUser({ _id: 'manager-1', name: 'Trần Thị Bình', role: 'manager' });
const admin = makeUser({ _id: 'admin-1', name: 'Nguyễn Văn An', role: 'admin' });
const pendingStaff = makeUser({ _id: 'staff-1', name: 'Lê Minh Châu', role: 'staff', status: 'pending' });

const branchFields = {
  address: '',
  phone: '',
  taxCode: '',
  receiptHeader: '',
  createdAt: '2026-01-15T03:00:00.000Z',
  updatedAt: '2026-01-15T03:00:00.000Z',
};

function card(name: string) {
  return within(screen.getByRole('article', { name: new RegExp(name) }));
}

describe('AccountsPage', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('lets a manager approve a pending account, but not delete accounts or touch admins', async () => {
    let users: User[] = [admin, manager, pendingStaff];
    storeSession(manager, tokenExpiringIn(3600));
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/user/users') return ok(users);
      if (method === 'PATCH' && url === '/api/user/users/staff-1/status') {
        users = users.map((user) => (user._id === 'staff-1' ? { ...user, status: 'active' } : user));
        return ok(users[2]);
      }
      return fail(404, 'Not found');
    });
    renderRoutes(routes, { path: '/accounts' });

    await screen.findByRole('article', { name: /Lê Minh Châu/ });
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(card('Nguyễn Văn An').queryByRole('button')).not.toBeInTheDocument();
    expect(card('Trần Thị Bình').getByText('You')).toBeInTheDocument();
    expect(card('Trần Thị Bình').queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(card('Lê Minh Châu').getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Lê Minh Châu can now sign in.')).toBeInTheDocument();
    await waitFor(() => expect(card('Lê Minh Châu').getByRole('button', { name: 'Suspend' })).toBeInTheDocument());
    expect(fakeApi.requests).toEqual([
      'GET /api/user/users',
      'PATCH /api/user/users/staff-1/status',
      'GET /api/user/users',
    ]);
    expect(JSON.parse(fakeApi.configs[1]?.data as string)).toEqual({ status: 'active' });
  });

  it('asks an admin to confirm a deletion and shows the server refusal', async () => {
    storeSession(admin, tokenExpiringIn(3600));
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/user/users') return ok([admin, pendingStaff]);
      if (method === 'DELETE') return fail(409, 'Lê Minh Châu has open orders');
      return fail(404, 'Not found');
    });
    renderRoutes(routes, { path: '/accounts' });

    await screen.findByRole('article', { name: /Lê Minh Châu/ });
    await userEvent.click(card('Lê Minh Châu').getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this account?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(fakeApi.requests).toEqual(['GET /api/user/users']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    // A refusal is the server's answer, not a failure to retry: the delete is sent exactly once.
    expect(await screen.findByText('Lê Minh Châu has open orders')).toBeInTheDocument();
    expect(fakeApi.requests.filter((request) => request.startsWith('DELETE'))).toEqual([
      'DELETE /api/user/users/staff-1',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('tells staff that only managers manage accounts, without asking the server', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(403, 'Managers only'));
    renderRoutes(routes, { path: '/accounts' });

    expect(await screen.findByText(/Only managers can manage accounts/)).toBeInTheDocument();
    expect(fakeApi.requests).toEqual([]);
  });

  it('speaks Vietnamese: the accounts waiting, the badges, the approval and the deletion', async () => {
    await activateLanguage('vi', 'staff');
    let users: User[] = [admin, manager, pendingStaff];
    storeSession(admin, tokenExpiringIn(3600));
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/user/users') return ok(users);
      if (method === 'PATCH' && url === '/api/user/users/staff-1/status') {
        users = users.map((user) => (user._id === 'staff-1' ? { ...user, status: 'active' } : user));
        return ok(users[2]);
      }
      return fail(404, 'Not found');
    });
    renderRoutes(routes, { path: '/accounts' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tài khoản' })).toBeInTheDocument();
    await screen.findByRole('article', { name: /Lê Minh Châu/ });
    expect(screen.getByText('1 tài khoản đang chờ duyệt.')).toBeInTheDocument();
    expect(card('Nguyễn Văn An').getByText('Bạn')).toBeInTheDocument();
    expect(card('Nguyễn Văn An').getByText('Quản trị viên')).toBeInTheDocument();
    expect(card('Lê Minh Châu').getByText('Chờ duyệt')).toBeInTheDocument();
    const role = card('Lê Minh Châu').getByRole('combobox', { name: 'Vai trò của Lê Minh Châu' });
    expect(within(role).getByRole('option', { name: 'Quản lý' })).toBeInTheDocument();

    await userEvent.click(card('Lê Minh Châu').getByRole('button', { name: 'Duyệt' }));
    expect(await screen.findByText('Lê Minh Châu đã có thể đăng nhập.')).toBeInTheDocument();
    await waitFor(() => expect(card('Lê Minh Châu').getByRole('button', { name: 'Tạm khóa' })).toBeInTheDocument());

    await userEvent.click(card('Trần Thị Bình').getByRole('button', { name: 'Xóa' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Xóa tài khoản này?' }));
    expect(dialog.getByText(/sẽ bị đăng xuất và không thể đăng nhập nữa/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Xóa tài khoản' })).toBeInTheDocument();
  });

  it('shows an admin of a chain where each person works, and sets it', async () => {
    const branches = [
      { ...branchFields, _id: 'branch-1', name: 'Quận 1', slug: 'quan-1', isFirst: true },
      { ...branchFields, _id: 'branch-3', name: 'Quận 3', slug: 'quan-3', isFirst: false },
    ];
    let users: UserWithBranches[] = [
      { ...admin, branches: [] },
      { ...manager, branches: [{ branchId: 'branch-3', role: 'manager' }] },
      { ...pendingStaff, branches: [] },
    ];
    storeSession(admin, tokenExpiringIn(3600));
    localStorage.setItem(userStateStorageKey, JSON.stringify({ ...sessionStateOf(admin), branchId: 'branch-1' }));
    fakeApi = installFakeApi(({ method, url, config }) => {
      if (method === 'GET' && url === '/api/user/users') return ok(users);
      if (method === 'GET' && url === '/api/branches') return ok(branches);
      if (method === 'PUT' && url === '/api/branches/members/manager-1') {
        const body = JSON.parse(config.data as string) as Pick<UserWithBranches, 'branches'>;
        users = users.map((user) => (user._id === 'manager-1' ? { ...user, branches: body.branches } : user));
        return ok(body.branches);
      }
      return fail(404, 'Not found');
    });
    renderRoutes(routes, { path: '/accounts' });

    await screen.findByRole('article', { name: /Trần Thị Bình/ });
    expect(await card('Trần Thị Bình').findByText('Quận 3: Manager')).toBeInTheDocument();
    expect(card('Nguyễn Văn An').getByText('Every branch')).toBeInTheDocument();
    expect(card('Lê Minh Châu').getByText('In no branch yet')).toBeInTheDocument();
    expect(card('Nguyễn Văn An').queryByRole('button', { name: /branches/ })).not.toBeInTheDocument();

    await userEvent.click(card('Trần Thị Bình').getByRole('button', { name: "Edit Trần Thị Bình's branches" }));
    const dialog = within(screen.getByRole('dialog', { name: "Trần Thị Bình's branches" }));
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Quận 1' }), 'Staff');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText("Trần Thị Bình's branches saved")).toBeInTheDocument();
    expect(await card('Trần Thị Bình').findByText('Quận 1: Staff')).toBeInTheDocument();
    const put = fakeApi.configs.find((request) => request.method === 'put');
    expect(JSON.parse(put?.data as string)).toEqual({
      branches: [
        { branchId: 'branch-1', role: 'staff' },
        { branchId: 'branch-3', role: 'manager' },
      ],
    });
  });

  it('shows no branches to an admin of a single restaurant', async () => {
    storeSession(admin, tokenExpiringIn(3600));
    localStorage.setItem(userStateStorageKey, JSON.stringify({ ...sessionStateOf(admin), branchId: 'branch-1' }));
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/user/users') return ok([{ ...manager, branches: [] }]);
      if (method === 'GET' && url === '/api/branches') {
        return ok([{ ...branchFields, _id: 'branch-1', name: 'Quận 1', slug: 'quan-1', isFirst: true }]);
      }
      return fail(404, 'Not found');
    });
    renderRoutes(routes, { path: '/accounts' });

    await screen.findByRole('article', { name: /Trần Thị Bình/ });
    await waitFor(() => expect(fakeApi!.requests).toContain('GET /api/branches'));
    expect(screen.queryByText(/Every branch|In no branch/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /branches/ })).not.toBeInTheDocument();
  });
});
