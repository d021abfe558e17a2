import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { apiClient, type Person } from './seed';
import { plain } from './pages';

const owner: Person = {
  name: 'Lê Minh Quân',
  email: 'owner@example.test',
  phone: '0901111222',
  password: 'pho-bo-tai-2026',
};
const cook: Person = {
  name: 'Phạm Thu Hà',
  email: 'cook@example.test',
  phone: '0902333444',
  password: 'bun-cha-ha-noi',
};

describe.skipIf(!hasBrowser)('a shift in the browser: POS, live kitchen, settling the bill', () => {
  const { server, pages } = journey({
    owner,
    seed: async ({ api, ownerToken }) => {
      await api.addVatOnTop(ownerToken);
      const cookAccount = await api.register(cook);
      await api.call('PATCH', `/api/user/users/${cookAccount._id}/status`, { status: 'active' }, ownerToken);
      await api.seedRestaurant(
        ownerToken,
        [
          { name: 'Phở bò', price: 65_000 },
          { name: 'Trà đá', price: 10_000 },
        ],
        2,
      );
    },
  });

  it('takes an order at the POS, the kitchen sees it live, and paying in cash frees the table', async () => {
    const kitchen = await pages.signedIn(cook, { width: 1024, height: 768 });
    await kitchen.goto(`${server.url}/orders`);
    await kitchen.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();

    const cashier = await pages.signedIn(owner, { width: 1280, height: 900 });
    await cashier.goto(`${server.url}/menu`);
    const panel = cashier.getByRole('complementary', { name: 'Current order' });
    await cashier.getByRole('button', { name: /^Phở bò/ }).click();
    await cashier.getByRole('button', { name: /^Phở bò/ }).click();
    await cashier.getByRole('button', { name: /^Trà đá/ }).click();
    await panel.getByLabel('Guest name').fill('Chị Lan');
    await panel.getByLabel('Guests').fill('3');
    await panel.getByRole('button', { name: 'Start order' }).click();
    await panel.getByRole('group', { name: 'Free tables' }).getByRole('button', { name: 'Table 1, 4 seats' }).click();
    await panel.getByRole('button', { name: 'Place order' }).click();

    await cashier.getByRole('heading', { level: 1, name: 'Order #1001 placed' }).waitFor();
    const receipt = cashier.getByRole('article', { name: 'Bill for order 1001' });
    const receiptText = plain(await receipt.textContent());
    // 2 × 65.000 + 10.000 = 140.000; tax 8 % = 11.200; total 151.200.
    expect(receiptText).toContain('Subtotal140.000 ₫');
    expect(receiptText).toContain('VAT 8%11.200 ₫');
    expect(receiptText).toContain('Total151.200 ₫');

    // The kitchen screen was open before the order existed: it arrives without a reload.
    const ticket = kitchen.getByRole('article', { name: /^#1001 · Table 1/ });
    await ticket.waitFor();
    expect(plain(await ticket.textContent())).toContain('Chị Lan');

    await ticket.getByRole('button', { name: 'Ready order #1001' }).click();
    await ticket.getByRole('button', { name: 'Complete order #1001' }).click();
    const payment = kitchen.getByRole('dialog', { name: 'Pay order #1001' });
    // The radio is drawn as a large tile: a person taps its label.
    await payment.locator('label', { hasText: 'Cash' }).click();
    expect(await payment.getByRole('radio', { name: 'Cash' }).isChecked()).toBe(true);
    await payment.getByRole('button', { name: 'Take payment' }).click();
    await payment.waitFor({ state: 'detached' });

    const api = apiClient(server.url);
    const [order] = await api.call<{ status: string; paymentMethod: string; paymentStatus: string }[]>(
      'GET',
      '/api/order?limit=1',
      undefined,
      await api.signIn(owner),
    );
    expect(order).toMatchObject({ status: 'completed', paymentMethod: 'cash', paymentStatus: 'paid' });

    await cashier.goto(`${server.url}/tables`);
    const table = cashier.getByRole('article', { name: 'Table 1' });
    await table.getByText('Available').first().waitFor();
    expect(plain(await table.textContent())).not.toContain('#1001');
  });
});
