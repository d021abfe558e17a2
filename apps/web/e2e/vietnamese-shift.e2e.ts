import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { apiClient, type Person } from './seed';
import { plain } from './pages';

const owner: Person = {
  name: 'Nguyễn Thị Thu',
  email: 'thu.owner@example.test',
  phone: '0903222111',
  password: 'bun-bo-hue-2026',
};
const cook: Person = {
  name: 'Trần Văn Bếp',
  email: 'bep@example.test',
  phone: '0904555777',
  password: 'nuoc-dung-xuong',
};

describe.skipIf(!hasBrowser)('a shift in Vietnamese: POS, live kitchen, the bill', () => {
  const { server, pages } = journey({
    // A new restaurant speaks Vietnamese; the browsers themselves speak English.
    env: { RESTAURANT_LANGUAGE: 'vi' },
    owner,
    seed: async ({ api, ownerToken }) => {
      await api.addVatOnTop(ownerToken);
      const cookAccount = await api.register(cook);
      await api.call('PATCH', `/api/user/users/${cookAccount._id}/status`, { status: 'active' }, ownerToken);
      await api.seedRestaurant(
        ownerToken,
        [
          { name: 'Bún bò Huế', price: 60_000 },
          { name: 'Trà đá', price: 5_000 },
        ],
        2,
      );
    },
  });

  it('takes an order at the POS, the kitchen makes it, the bill is paid in cash: every word in Vietnamese', async () => {
    const kitchen = await pages.signedIn(cook, { width: 1024, height: 768 });
    await kitchen.goto(`${server.url}/orders`);
    await kitchen.getByRole('heading', { level: 1, name: 'Đơn hàng' }).waitFor();
    expect(await kitchen.evaluate(() => document.documentElement.lang)).toBe('vi');

    const cashier = await pages.signedIn(owner, { width: 1280, height: 900 });
    await cashier.goto(`${server.url}/menu`);
    const panel = cashier.getByRole('complementary', { name: 'Đơn hiện tại' });
    await cashier.getByRole('button', { name: /^Bún bò Huế/ }).click();
    await cashier.getByRole('button', { name: /^Trà đá/ }).click();
    await panel.getByLabel('Tên khách').fill('Anh Minh');
    await panel.getByLabel('Số khách').fill('2');
    await panel.getByRole('button', { name: 'Bắt đầu đơn' }).click();
    await panel.getByRole('group', { name: 'Bàn trống' }).getByRole('button', { name: 'Bàn 2, 4 chỗ' }).click();
    await panel.getByRole('button', { name: 'Tạo đơn' }).click();

    await cashier.getByRole('heading', { level: 1, name: 'Đã tạo đơn #1001' }).waitFor();
    const receipt = plain(await cashier.getByRole('article', { name: 'Phiếu tạm tính của đơn số 1001' }).textContent());
    // 60.000 + 5.000 = 65.000; thuế 8 % = 5.200; tổng 70.200.
    expect(receipt).toContain('Tạm tính65.000 ₫');
    expect(receipt).toContain('Tổng cộng70.200 ₫');

    // The kitchen screen was open before the order: it arrives live, in Vietnamese.
    const ticket = kitchen.getByRole('article', { name: /^#1001 · Bàn 2/ });
    await ticket.waitFor();
    await ticket.getByRole('button', { name: 'Đã xong đơn #1001' }).click();
    await ticket.getByRole('button', { name: 'Hoàn tất đơn #1001' }).click();
    const payment = kitchen.getByRole('dialog', { name: 'Thanh toán đơn #1001' });
    await payment.locator('label', { hasText: 'Tiền mặt' }).click();
    await payment.getByRole('button', { name: /^\+100k/ }).click();
    expect(plain(await payment.getByText(/^Tiền thối/).textContent())).toBe('Tiền thối: 29.800 ₫');
    await payment.getByRole('button', { name: 'Thanh toán' }).click();
    await payment.waitFor({ state: 'detached' });

    const api = apiClient(server.url);
    const [order] = await api.call<{ status: string; paymentMethod: string }[]>(
      'GET',
      '/api/order?limit=1',
      undefined,
      await api.signIn(owner),
    );
    expect(order).toMatchObject({ status: 'completed', paymentMethod: 'cash' });

    await cashier.goto(`${server.url}/tables`);
    await cashier.getByRole('article', { name: 'Bàn 2' }).getByText('Còn trống').first().waitFor();
  });
});
