import type { Coupon } from '@quan/contract/coupon';
import type { Customer } from '@quan/contract/customer';
import type { Order } from '@quan/contract/order';
import type { SpinRecord } from '@quan/contract/spin-wheel';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { apiClient, type Person } from './seed';
import { plain } from './pages';

let ownerToken: string;

const owner: Person = {
  name: 'Lê Minh Quân',
  email: 'owner@example.test',
  phone: '0901111222',
  password: 'pho-bo-tai-2026',
};
const desktop = { width: 1280, height: 900 };

/** The regular signed up in the first step; her id once she exists. */
const regular = { name: 'Nguyễn Thị Hồng', typedPhone: '0912 345 678', phone: '0912345678' };
let regularId = '';
/** The order she pays in the second and third steps. */
let paidOrder: Order | undefined;

const money = (amount: number) =>
  plain(new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND' }).format(amount));

/** The names in a table's body rows, whitespace normalised. */
async function rowNames(table: Locator): Promise<string[]> {
  return (await table.locator('tbody').getByRole('row').getByRole('rowheader').allTextContents()).map(plain);
}

describe.skipIf(!hasBrowser)('the loyalty programme in the browser: a regular signs up, earns points and spins', () => {
  const { server, pages } = journey({
    owner,
    seed: async ({ api, ownerToken: token }) => {
      await api.addVatOnTop(token);
      ownerToken = token;
      await api.seedRestaurant(
        ownerToken,
        [
          { name: 'Phở bò', price: 65_000 },
          { name: 'Trà đá', price: 10_000 },
        ],
        1,
      );
      await api.call<Coupon>(
        'POST',
        '/api/coupons',
        { code: 'GIAM10', description: 'Giảm 10 %', discountType: 'percent', discountValue: 10 },
        ownerToken,
      );
      // The wheel's one prize; its own code is never given out, each win issues a coupon of its own.
      await api.call<Coupon>(
        'POST',
        '/api/coupons',
        {
          code: 'QUAY-20K',
          description: 'Giảm 20.000 ₫',
          discountType: 'fixed',
          discountValue: 20_000,
          spinWeight: 10,
        },
        ownerToken,
      );
      // Another Nguyễn, so that a search by the whole name has someone to leave out.
      await api.call<Customer>('POST', '/api/customers', { name: 'Nguyễn Văn Hùng', phone: '0987654321' }, ownerToken);
    },
  });

  it('the owner signs a regular up and finds her again by her name typed without accents', async () => {
    const manager = await pages.signedIn(owner, desktop);
    await manager.goto(`${server.url}/customer-management`);
    await manager.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    const figures = manager.getByRole('list', { name: 'Customer figures' });
    const figure = (title: string) => figures.getByRole('listitem', { name: title, exact: true });
    await figure('Customers').getByText('1', { exact: true }).waitFor();

    await manager.getByRole('button', { name: 'Add customer' }).click();
    const form = manager.getByRole('dialog', { name: 'Add a customer' });
    await form.getByLabel('Name').fill(regular.name);
    await form.getByLabel('Phone').fill(regular.typedPhone);
    await form.getByRole('button', { name: 'Add customer' }).click();
    await form.waitFor({ state: 'detached' });
    await manager.getByText(`${regular.name} is added.`).waitFor();
    await figure('Customers').getByText('2', { exact: true }).waitFor();
    expect(plain(await figure('Active').textContent())).toBe('Active2');
    expect(plain(await figure('Loyalty points held').textContent())).toBe('Loyalty points held0');

    const table = manager.getByRole('table', { name: 'Customers and their loyalty' });
    await table.getByRole('row', { name: regular.name }).waitFor();
    expect(await rowNames(table)).toEqual(expect.arrayContaining([regular.name, 'Nguyễn Văn Hùng']));

    // Lower case and no accents, as typed on a keyboard without a Vietnamese layout.
    await manager.getByRole('searchbox', { name: 'Search customers' }).fill('nguyen thi hong');
    await expect.poll(() => rowNames(table), { timeout: 10_000 }).toEqual([regular.name]);
    const row = table.getByRole('row', { name: regular.name });
    const cells = (await row.getByRole('cell').allTextContents()).map(plain);
    // Phone, level, points, total spent, visits, last visit, status: the phone as stored, digits only.
    expect(cells.slice(0, 7)).toEqual([regular.phone, 'Bronze', '0', money(0), '0', 'Never', 'Active']);

    const api = apiClient(server.url);
    const [found] = await api.call<Customer[]>('GET', '/api/customers?search=hong', undefined, ownerToken);
    expect(found).toMatchObject({ name: regular.name, phone: regular.phone, loyaltyPoints: 0 });
    regularId = found!._id;
  });

  it('at the POS she is attached as a member, the coupon takes 10 % off and the bill shows her points', async () => {
    expect(regularId).not.toBe('');
    const cashier = await pages.signedIn(owner, desktop);
    await cashier.goto(`${server.url}/menu`);
    const panel = cashier.getByRole('complementary', { name: 'Current order' });

    // Part of her name without accents.
    await panel.getByRole('searchbox', { name: 'Find a member' }).fill('thi hong');
    const matches = panel.getByRole('list', { name: 'Matching members' });
    await matches.getByRole('button', { name: new RegExp(`^${regular.name}`) }).waitFor();
    expect((await matches.getByRole('button').allTextContents()).map(plain)).toEqual([
      `${regular.name}${regular.phone} · Bronze · 0 points`,
    ]);
    await matches.getByRole('button', { name: new RegExp(`^${regular.name}`) }).click();
    const member = panel.getByRole('group', { name: 'Loyalty member' });
    expect(plain(await member.textContent())).toContain(`${regular.name}Bronze · 0 points`);
    // Her name and phone become the guest's.
    expect(await panel.getByLabel('Guest name').inputValue()).toBe(regular.name);
    expect(await panel.getByLabel('Phone (optional)').inputValue()).toBe(regular.phone);
    await panel.getByLabel('Guests').fill('2');
    await panel.getByRole('button', { name: 'Start order' }).click();
    await panel.getByRole('group', { name: 'Free tables' }).getByRole('button', { name: 'Table 1, 4 seats' }).click();
    // Still attached once the order has started.
    await panel.getByRole('group', { name: 'Loyalty member' }).waitFor();

    await cashier.getByRole('button', { name: /^Phở bò/ }).click();
    await cashier.getByRole('button', { name: /^Phở bò/ }).click();
    await cashier.getByRole('button', { name: /^Trà đá/ }).click();

    const couponField = panel.getByLabel('Coupon code');
    await couponField.pressSequentially('giam10', { delay: 30 });
    // 10 % of 2 × 65.000 + 10.000 = 140.000.
    await panel.getByText('GIAM10: 10% off, −14.000 ₫ on this order').waitFor();
    expect(await couponField.getAttribute('aria-invalid')).toBeNull();

    const bill = panel.getByRole('region', { name: 'Bill' });
    await bill.getByText('Discount (GIAM10)').waitFor();
    const billText = plain(await bill.textContent());
    // 140.000 − 14.000 = 126.000; tax 8 % = 10.080; total 136.080, worth floor(136.080 / 10.000 × 1) = 13 points.
    expect(billText).toContain('Subtotal140.000 ₫');
    expect(billText).toContain('Discount (GIAM10)−14.000 ₫');
    expect(billText).toContain('VAT 8%10.080 ₫');
    expect(billText).toContain('Total136.080 ₫');
    expect(billText).toContain('Points to earn+13');
    expect(billText).toContain(`${regular.name} gets the points when the order is completed.`);

    await panel.getByRole('button', { name: 'Place order' }).click();
    await cashier.getByRole('heading', { level: 1, name: 'Order #1001 placed' }).waitFor();
    const receiptText = plain(await cashier.getByRole('article', { name: 'Bill for order 1001' }).textContent());
    expect(receiptText).toContain(`Guest: ${regular.name} · ${regular.phone}`);
    expect(receiptText).toContain('Discount (GIAM10)−14.000 ₫');
    expect(receiptText).toContain('Total136.080 ₫');

    const api = apiClient(server.url);
    const [order] = await api.call<Order[]>('GET', '/api/order?limit=1', undefined, ownerToken);
    expect(order).toMatchObject({
      orderNo: 1001,
      customerId: regularId,
      coupon: { code: 'GIAM10', discount: 14_000 },
      bills: { subtotal: 140_000, discount: 14_000, total: 136_080 },
    });
    // Points come when the order is paid, not when it is placed.
    const before = await api.call<Customer>('GET', `/api/customers/${regularId}`, undefined, ownerToken);
    expect(before.loyaltyPoints).toBe(0);
    paidOrder = order;
  });

  it('paying the order credits her floor(total / 10 000) points, on the customer page too', async () => {
    expect(paidOrder).toBeDefined();
    const cashier = await pages.signedIn(owner, desktop);
    await cashier.goto(`${server.url}/orders`);
    await cashier.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const card = cashier.getByRole('article', { name: /^#1001 · Table 1/ });
    await card.waitFor();
    expect(plain(await card.textContent())).toContain(regular.name);
    await card.getByRole('button', { name: 'Ready order #1001' }).click();
    await card.getByRole('button', { name: 'Complete order #1001' }).click();
    const payment = cashier.getByRole('dialog', { name: 'Pay order #1001' });
    expect(plain(await payment.textContent())).toContain(`${regular.name}Total136.080 ₫`);
    await payment.locator('label', { hasText: 'Card' }).click();
    expect(await payment.getByRole('radio', { name: 'Card' }).isChecked()).toBe(true);
    await payment.getByRole('button', { name: 'Take payment' }).click();
    await payment.waitFor({ state: 'detached' });

    const api = apiClient(server.url);
    const [order] = await api.call<Order[]>('GET', '/api/order?limit=1', undefined, ownerToken);
    expect(order).toMatchObject({ orderNo: 1001, status: 'completed', paymentMethod: 'card', paymentStatus: 'paid' });
    const total = order!.bills.total;
    const points = Math.floor(total / 10_000);
    expect(points).toBe(13);
    const customer = await api.call<Customer>('GET', `/api/customers/${regularId}`, undefined, ownerToken);
    expect(customer).toMatchObject({ loyaltyPoints: points, totalSpent: total, totalOrders: 1 });

    await cashier.goto(`${server.url}/customer-management`);
    const figures = cashier.getByRole('list', { name: 'Customer figures' });
    await figures
      .getByRole('listitem', { name: 'Loyalty points held', exact: true })
      .getByText(String(points), { exact: true })
      .waitFor();
    const table = cashier.getByRole('table', { name: 'Customers and their loyalty' });
    const row = table.getByRole('row', { name: regular.name });
    await row.waitFor();
    const cells = (await row.getByRole('cell').allTextContents()).map(plain);
    // Phone, level, points, total spent, visits.
    expect(cells.slice(0, 5)).toEqual([regular.phone, 'Bronze', String(points), money(total), '1']);
    expect(cells[5]).not.toBe('Never');

    await row.getByRole('button', { name: `Details of ${regular.name}` }).click();
    const details = cashier.getByRole('dialog', { name: regular.name });
    const loyalty = details.getByRole('region', { name: 'Loyalty' });
    await loyalty.waitFor();
    const loyaltyText = plain(await loyalty.textContent());
    expect(loyaltyText).toContain(`Points${points}`);
    expect(loyaltyText).toContain(`Total spent${money(total)}`);
    expect(loyaltyText).toContain('Visits1');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });
  });

  it('she spins the wheel once a day: a result, then the refusal, and her spin in the recent list', async () => {
    expect(regularId).not.toBe('');
    const counter = await pages.signedIn(owner, desktop);
    await counter.goto(`${server.url}/spin-wheel`);
    await counter.getByRole('heading', { level: 1, name: 'Spin wheel' }).waitFor();
    const spinPanel = counter.getByRole('region', { name: 'Spin for a customer' });
    const spinButton = spinPanel.getByRole('button', { name: 'Spin the wheel' });
    expect(await spinButton.isDisabled()).toBe(true);

    // Part of her phone, typed with a space.
    await spinPanel.getByRole('searchbox', { name: 'Customer' }).fill('0912 345');
    const matches = spinPanel.getByRole('list', { name: 'Matching customers' });
    await matches.getByRole('button', { name: new RegExp(`^${regular.name}`) }).click();
    await spinPanel.getByRole('button', { name: 'Change customer' }).waitFor();
    expect(plain(await spinPanel.textContent())).toContain(`${regular.name}${regular.phone} · Bronze`);

    await spinButton.click();
    // The wheel turns for about 4.5 s before the result is revealed.
    const outcome = spinPanel
      .getByRole('status')
      .filter({ hasText: new RegExp(`^(${regular.name} won |Better luck next time, ${regular.name}\\.)`) });
    await outcome.waitFor({ timeout: 20_000 });
    const outcomeText = plain(await outcome.textContent());

    // What the screen says is what the server recorded.
    const api = apiClient(server.url);
    const spins = await api.call<SpinRecord[]>('GET', '/api/spin-wheel/spins', undefined, ownerToken);
    expect(spins).toHaveLength(1);
    const [spin] = spins as [SpinRecord];
    expect(spin.customer).toEqual({ _id: regularId, name: regular.name });
    if (spin.couponCode) {
      expect(spin.label).toBe('Giảm 20.000 ₫');
      expect(outcomeText).toMatch(
        new RegExp(
          `^${regular.name} won Giảm 20\\.000 ₫! Coupon code ${spin.couponCode}, valid until \\d\\d/\\d\\d/\\d{4}\\.$`,
        ),
      );
      const prize = spinPanel.getByRole('group', { name: `Prize coupon ${spin.couponCode}` });
      await prize.waitFor();
      expect(plain(await prize.textContent())).toContain(`For ${regular.name}`);
      // A single-use coupon of her own.
      const coupons = await api.call<Coupon[]>('GET', '/api/coupons', undefined, ownerToken);
      expect(coupons.find((coupon) => coupon.code === spin.couponCode)).toMatchObject({
        customerId: regularId,
        usageLimit: 1,
        discountType: 'fixed',
        discountValue: 20_000,
      });
    } else {
      expect(spin.label).toBe('Better luck next time');
      expect(outcomeText).toBe(`Better luck next time, ${regular.name}.`);
      expect(await spinPanel.getByRole('group', { name: /^Prize coupon/ }).count()).toBe(0);
    }

    const recent = counter.getByRole('region', { name: 'Recent spins' });
    const recentTable = recent.getByRole('table', { name: 'The latest spins, newest first' });
    const herRow = recentTable.locator('tbody').getByRole('row').filter({ hasText: regular.name });
    await herRow.waitFor();
    const cells = (await herRow.getByRole('cell').allTextContents()).map(plain);
    // When, customer, prize, code, by.
    expect(cells.slice(1)).toEqual([regular.name, spin.label, spin.couponCode ?? '—', owner.name]);

    // A second spin the same day is refused, and says why.
    await spinButton.click();
    const refusal = spinPanel.getByRole('alert');
    await refusal.waitFor();
    expect(plain(await refusal.textContent())).toBe(
      `${regular.name} has already spun the wheel today; come back tomorrow`,
    );
    // The last result is cleared, not shown again as if it were this spin's.
    expect(await outcome.count()).toBe(0);
    expect(await api.call<SpinRecord[]>('GET', '/api/spin-wheel/spins', undefined, ownerToken)).toHaveLength(1);
    expect(await recentTable.locator('tbody').getByRole('row').count()).toBe(1);
  });
});
