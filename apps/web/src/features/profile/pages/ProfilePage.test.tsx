import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';

describe('ProfilePage', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('shows the details and the password forms, and checks the confirmation before sending', async () => {
    storeSession(makeUser({ name: 'Trần Thị Bình', role: 'staff' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(404, 'Not found'));
    renderRoutes(routes, { path: '/profile' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    const details = within(screen.getByRole('form', { name: 'Your details' }));
    expect(details.getByRole('textbox', { name: 'Full name' })).toHaveValue('Trần Thị Bình');
    expect(details.getByRole('button', { name: 'Save profile' })).toBeDisabled();

    const password = within(screen.getByRole('form', { name: 'Change password' }));
    await userEvent.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByText('Enter your current password')).toBeInTheDocument();
    await userEvent.type(password.getByLabelText('Current password'), 'old-secret-1');
    await userEvent.type(password.getByLabelText('New password'), 'new-secret-1');
    await userEvent.type(password.getByLabelText('Confirm new password'), 'new-secret-2');
    await userEvent.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByText('The two new passwords do not match')).toBeInTheDocument();
    expect(fakeApi.requests.filter((request) => request.startsWith('PUT'))).toEqual([]);
  });

  it('lets a person choose the language of their screens, which switch at once', async () => {
    const me = makeUser({ name: 'Trần Thị Bình', role: 'staff', language: null });
    storeSession(me, tokenExpiringIn(3600));
    const puts: unknown[] = [];
    fakeApi = installFakeApi(({ method, url, config }) => {
      if (url !== '/api/user') return fail(404, 'Not found');
      if (method === 'PUT') {
        const body = JSON.parse(config.data as string) as { language: 'vi' | 'en' | null };
        puts.push(body);
        return ok({ ...me, language: body.language, screenLanguage: body.language ?? 'en' });
      }
      return ok({ ...me, screenLanguage: 'en' });
    });
    renderRoutes(routes, { path: '/profile' });

    const form = within(await screen.findByRole('form', { name: 'Language' }));
    expect(form.getByRole('combobox', { name: 'Your screens’ language' })).toHaveValue('restaurant');
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Your screens’ language' }), 'vi');
    await userEvent.click(form.getByRole('button', { name: 'Save language' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Hồ sơ' })).toBeInTheDocument();
    expect(await screen.findByText('Đã lưu ngôn ngữ.')).toBeInTheDocument();
    expect(puts).toEqual([{ language: 'vi' }]);
    expect(document.documentElement.lang).toBe('vi');
  });

  it('speaks Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ name: 'Trần Thị Bình', role: 'staff' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(404, 'Not found'));
    renderRoutes(routes, { path: '/profile' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Hồ sơ' })).toBeInTheDocument();
    expect(screen.getByText('Thông tin và mật khẩu của bạn.')).toBeInTheDocument();
    const details = within(screen.getByRole('form', { name: 'Thông tin của bạn' }));
    expect(details.getByRole('textbox', { name: 'Họ và tên' })).toHaveValue('Trần Thị Bình');
    expect(details.getByRole('textbox', { name: 'Số điện thoại' })).toBeInTheDocument();
    expect(details.getByRole('button', { name: 'Lưu hồ sơ' })).toBeInTheDocument();

    const password = within(screen.getByRole('form', { name: 'Đổi mật khẩu' }));
    await userEvent.click(password.getByRole('button', { name: 'Đổi mật khẩu' }));
    expect(await password.findByText('Nhập mật khẩu hiện tại')).toBeInTheDocument();
    await userEvent.type(password.getByLabelText('Mật khẩu hiện tại'), 'old-secret-1');
    await userEvent.type(password.getByLabelText('Mật khẩu mới'), 'new-secret-1');
    await userEvent.type(password.getByLabelText('Nhập lại mật khẩu mới'), 'new-secret-2');
    await userEvent.click(password.getByRole('button', { name: 'Đổi mật khẩu' }));
    expect(await password.findByText('Hai mật khẩu mới không khớp')).toBeInTheDocument();
  });
});
