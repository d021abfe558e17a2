import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@quan/contract/user';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';

const manager = makeUser({ _id: 'manager-1', name: 'Trần Thị Bình', role: 'manager' });
const admin = makeUser({ _id: 'admin-1', name: 'Nguyễn Văn An', role: 'admin' });
const pendingStaff = makeUser({ _id: 'staff-1', name: 'Lê Minh Châu', role: 'staff', status: 'pending' });

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
});
