import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage, dinerLanguageStorageKey } from '../../../lib/i18n';
import { makePublicMenu } from '../../../test/data/diner';
import { installFakeFetch, okData } from '../../../test/fake-fetch';
import { renderPublicRoute } from '../../../test/render-public-route';

describe('LandingPage', { timeout: 15_000 }, () => {
  let fake: ReturnType<typeof installFakeFetch> | undefined;
  afterEach(() => fake?.restore());

  it("shows the restaurant's name from the public menu", async () => {
    fake = installFakeFetch(() => okData(makePublicMenu()));
    renderPublicRoute('/landing');

    expect(await screen.findByRole('heading', { level: 1, name: 'Quán Bà Hai' })).toBeInTheDocument();
    // The title follows in an effect after the heading is painted.
    await waitFor(() => expect(document.title).toBe('Quán Bà Hai · Quán'));
    expect(fake.calls()).toEqual(['GET /api/public-menu']);
  });

  it('offers to book a table only when the restaurant takes bookings online', async () => {
    fake = installFakeFetch(() => okData(makePublicMenu()));
    const off = renderPublicRoute('/landing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quán Bà Hai' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the menu' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book a table' })).not.toBeInTheDocument();
    off.unmount();
    fake.restore();

    fake = installFakeFetch(() => okData(makePublicMenu({ restaurant: { name: 'Quán Bà Hai', booking: true } })));
    renderPublicRoute('/landing');
    expect(await screen.findByRole('link', { name: 'Book a table' })).toHaveAttribute('href', '/book');
  });

  it('lists the branches of a restaurant that has several, each with its own pages', async () => {
    const branches = [
      { name: 'Quận 1', slug: 'quan-1', address: '12 Lê Lợi', phone: '0281234567', booking: true },
      { name: 'Quận 3', slug: 'quan-3', address: '5 Võ Văn Tần', phone: '', booking: false },
    ];
    const menu = makePublicMenu({ restaurant: { name: 'Quán Bà Hai', booking: true, branch: branches[0], branches } });
    fake = installFakeFetch(() => okData(menu));
    renderPublicRoute('/landing');

    expect(await screen.findByRole('heading', { level: 2, name: 'Our branches' })).toBeInTheDocument();
    expect(screen.getByText('5 Võ Văn Tần')).toBeInTheDocument();
    // The first branch keeps the original addresses (its QR codes and links were printed with them).
    expect(screen.getByRole('link', { name: 'See the menu of Quận 1' })).toHaveAttribute('href', '/public-menu');
    expect(screen.getByRole('link', { name: 'Book a table at Quận 1' })).toHaveAttribute('href', '/book');
    expect(screen.getByRole('link', { name: 'See the menu of Quận 3' })).toHaveAttribute(
      'href',
      '/b/quan-3/public-menu',
    );
    // Quận 3 takes no bookings online.
    expect(screen.queryByRole('link', { name: 'Book a table at Quận 3' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'See the menu of Quận 3' }));
    await waitFor(() => expect(fake?.calls()).toContain('GET /api/public/b/quan-3/menu'));
  });

  it('shows no branches to a restaurant of one', async () => {
    fake = installFakeFetch(() => okData(makePublicMenu()));
    renderPublicRoute('/landing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quán Bà Hai' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Our branches' })).not.toBeInTheDocument();
  });

  it('keeps the default name when the menu cannot be loaded', async () => {
    fake = installFakeFetch(() => ({ status: 404, body: { success: false, message: 'Not found' } }));
    renderPublicRoute('/landing');

    expect(await screen.findByRole('heading', { level: 1, name: 'Quán Ngon' })).toBeInTheDocument();
  });

  it('loads the staff part of the app only on the way to a staff page', async () => {
    fake = installFakeFetch(() => okData(makePublicMenu()));
    renderPublicRoute('/landing');

    // No Redux store, query client or toasts around the landing page, yet sign-in works once reached.
    await userEvent.click(await screen.findByRole('link', { name: 'Staff sign-in' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('speaks the diner’s language, Vietnamese here', async () => {
    await activateLanguage('vi', 'staff');
    // The page shows the language this phone chose (else the phone's own).
    localStorage.setItem(dinerLanguageStorageKey, 'vi');
    fake = installFakeFetch(() => okData(makePublicMenu()));
    renderPublicRoute('/landing');

    expect(await screen.findByRole('heading', { level: 1, name: 'Quán Bà Hai' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Quán có gì' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Gọi món ngay tại bàn' })).toBeInTheDocument();
    expect(screen.getByText('Dùng điện thoại quét mã QR trên bàn.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Xem thực đơn' })).toHaveAttribute('href', '/public-menu');
    expect(screen.getByRole('link', { name: 'Đăng nhập nhân viên' })).toHaveAttribute('href', '/auth');
  });
});
