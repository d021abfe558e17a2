import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { tokenStorageKey } from '../../../lib/session-storage';
import { fail, installFakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { makeUser, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';

async function fillRegisterForm() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Create account' }));
  await userEvent.type(screen.getByLabelText('Full name'), 'Lê Minh Châu');
  await userEvent.type(screen.getByLabelText('Email'), 'Chau@Quan.test');
  await userEvent.type(screen.getByLabelText('Phone'), '0901234567');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('AuthPage', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('signs in, stores the session and goes home', async () => {
    const token = tokenExpiringIn(3600);
    fakeApi = installFakeApi(({ url }) =>
      url === '/api/user/login' ? ok({ user: makeUser({ name: 'Nguyễn Văn An' }), token }) : fail(404, 'Not found'),
    );
    const { router, store } = renderRoutes(routes, { path: '/auth' });

    await userEvent.type(await screen.findByLabelText('Email'), 'an@quan.test');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: /, An$/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().user.isAuth).toBe(true);
    expect(localStorage.getItem(tokenStorageKey)).toBe(token);
    expect(JSON.parse(fakeApi.configs[0]?.data as string)).toEqual({
      email: 'an@quan.test',
      password: 'correct horse',
    });
  });

  it("shows the server's reason when sign-in is refused", async () => {
    fakeApi = installFakeApi(() => fail(403, 'Your account is waiting for approval'));
    renderRoutes(routes, { path: '/auth' });

    await userEvent.type(await screen.findByLabelText('Email'), 'chau@quan.test');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is waiting for approval');
    expect(fakeApi.requests).toEqual(['POST /api/user/login']);
  });

  it('validates with the contract schema before calling the server', async () => {
    fakeApi = installFakeApi(() => fail(500, 'Should not be called'));
    renderRoutes(routes, { path: '/auth' });

    await userEvent.type(await screen.findByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fakeApi.requests).toEqual([]);
  });

  it('tells a newly registered staff member to wait for approval', async () => {
    fakeApi = installFakeApi(({ url }) =>
      url === '/api/user/register'
        ? {
            status: 201,
            body: {
              success: true,
              message: 'Account created; waiting for approval',
              data: makeUser({ name: 'Lê Minh Châu', role: 'staff', status: 'pending' }),
            },
          }
        : fail(404, 'Not found'),
    );
    const { store } = renderRoutes(routes, { path: '/auth' });

    await fillRegisterForm();

    expect(
      await screen.findByRole('heading', { name: 'Your account is waiting for approval by a manager' }),
    ).toBeInTheDocument();
    expect(fakeApi.requests).toEqual(['POST /api/user/register']);
    expect(store.getState().user.isAuth).toBe(false);
  });

  it('signs the very first account (an active admin) straight in', async () => {
    const token = tokenExpiringIn(3600);
    const admin = makeUser({ name: 'Lê Minh Châu', email: 'chau@quan.test', role: 'admin', status: 'active' });
    const handler: FakeHandler = ({ url }) => {
      if (url === '/api/user/register') {
        return {
          status: 201,
          body: { success: true, message: 'You are the first user, so you are the admin', data: admin },
        };
      }
      if (url === '/api/user/login') return ok({ user: admin, token });
      return fail(404, 'Not found');
    };
    fakeApi = installFakeApi(handler);
    const { router } = renderRoutes(routes, { path: '/auth' });

    await fillRegisterForm();

    expect(await screen.findByRole('heading', { level: 1, name: /, Châu$/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    // The home page then loads its orders and tables; of the session calls there are exactly these two.
    expect(fakeApi.requests.filter((request) => request.includes('/api/user'))).toEqual([
      'POST /api/user/register',
      'POST /api/user/login',
    ]);
    // The schema's transform lower-cases the email before it is sent.
    expect(JSON.parse(fakeApi.configs[1]?.data as string)).toEqual({
      email: 'chau@quan.test',
      password: 'correct horse',
    });
    expect(localStorage.getItem(tokenStorageKey)).toBe(token);
  });

  it('speaks Vietnamese: signs in and tells a new account to wait, with the fields named in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    fakeApi = installFakeApi(({ url }) =>
      url === '/api/user/register'
        ? {
            status: 201,
            body: {
              success: true,
              message: 'Account created; waiting for approval',
              data: makeUser({ name: 'Lê Minh Châu', email: 'chau@quan.test', role: 'staff', status: 'pending' }),
            },
          }
        : fail(404, 'Not found'),
    );
    renderRoutes(routes, { path: '/auth' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Đăng nhập nhân viên' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Đăng nhập hoặc tạo tài khoản' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Đăng nhập' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Mật khẩu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Đăng nhập' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Tạo tài khoản' }));
    await userEvent.type(screen.getByLabelText('Họ và tên'), 'Lê Minh Châu');
    await userEvent.type(screen.getByLabelText('Email'), 'chau@quan.test');
    await userEvent.type(screen.getByLabelText('Số điện thoại'), '0901234567');
    await userEvent.type(screen.getByLabelText('Mật khẩu'), 'correct horse');
    expect(screen.getByText('Ít nhất 8 ký tự.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tạo tài khoản' }));

    expect(
      await screen.findByRole('heading', { name: 'Tài khoản của bạn đang chờ quản lý duyệt' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Cảm ơn Lê Minh Châu. Quản lý sẽ kích hoạt tài khoản chau@quan.test; khi đó bạn có thể đăng nhập.',
    );
    expect(screen.getByText('chau@quan.test').tagName).toBe('STRONG');
    expect(screen.getByRole('button', { name: 'Quay lại đăng nhập' })).toBeInTheDocument();
  });
});
