import type { Order } from '@quan/contract/order';
import type { Shift } from '@quan/contract/shifts';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { plain } from './pages';
import { apiClient, type Person } from './seed';
import { crc16, scan, tlv } from './vietqr-scan';

let ownerToken: string;

const owner: Person = {
  name: 'Trần Thị Mai',
  email: 'mai.owner@example.test',
  phone: '0903555666',
  password: 'lau-hai-san-2026',
};
const bank = { bin: '970415', accountNumber: '0011001932418', accountName: 'QUAN NGON' };

describe.skipIf(!hasBrowser)('paying and closing the day', () => {
  const { server, pages } = journey({
    owner,
    seed: async ({ api, ownerToken: token }) => {
      ownerToken = token;
      // No tax, so the bill is exactly 1.245.000 ₫; the restaurant's VietinBank account takes transfers.
      await api.call('PUT', '/api/settings', { taxRate: 0, bank }, ownerToken);
    },
  });

  async function placeReadyOrder(tableId: string, dishId: string, quantity: number): Promise<Order> {
    const api = apiClient(server.url);
    const order = await api.call<Order>(
      'POST',
      '/api/order',
      { customerDetails: { name: 'Bàn chị Hoa', guests: 4 }, tableId, items: [{ itemId: dishId, quantity }] },
      ownerToken,
    );
    return api.call<Order>('PUT', `/api/order/${order._id}`, { status: 'ready' }, ownerToken);
  }

  it('split tender with change, a VietQR code that scans, and a shift closed 20.000 ₫ short with its Z report', async () => {
    const { items, tables } = await apiClient(server.url).seedRestaurant(
      ownerToken,
      [{ name: 'Lẩu hải sản', price: 415_000 }],
      2,
    );
    const hotpot = items[0]!;

    // The counter opens its drawer with 1.000.000 ₫. Printing is recorded instead of opening a dialog.
    const counter = await pages.signedIn(owner, { width: 1366, height: 900 });
    await counter.addInitScript(() => {
      const printed: string[] = [];
      Object.assign(window, { printed });
      window.print = () => void printed.push(document.querySelector('.print-sheet')?.textContent ?? '');
    });
    await counter.goto(`${server.url}/shifts`);
    await counter.getByLabel('Drawer name').fill('Quầy 1');
    await counter.getByLabel('Opening float').fill('1000000');
    await counter.getByRole('button', { name: 'Open shift' }).click();
    await counter.getByRole('heading', { name: /^Shift 1 · Quầy 1 · opened/ }).waitFor();

    // Table 1's bill, 3 × 415.000 = 1.245.000 ₫: 500.000 ₫ in cash, the rest by bank transfer.
    await placeReadyOrder(tables[0]!._id, hotpot._id, 3);
    await counter.goto(`${server.url}/orders`);
    const card = counter.getByRole('article', { name: /^#1001 · Table 1/ });
    await card.getByRole('button', { name: 'Complete order #1001' }).click();
    const pay = counter.getByRole('dialog', { name: 'Pay order #1001' });
    await pay.locator('label', { hasText: 'Cash' }).click();
    await pay.getByLabel('Amount').fill('500000');
    await pay.getByRole('button', { name: /^\+500k/ }).click();
    expect(plain(await pay.getByText(/^Change:/).textContent())).toBe('Change: 0 ₫');
    await pay.getByRole('button', { name: 'Take payment' }).click();
    await pay.getByText('500.000 ₫ taken by cash. 745.000 ₫ left to pay.').waitFor();

    await pay.locator('label', { hasText: 'Bank transfer' }).click();
    expect(await pay.getByLabel('Amount').inputValue()).toBe('745.000');
    const code = pay.getByRole('img', { name: /^VietQR code: transfer 745\.000/ });
    const payload = await scan(code);
    const fields = tlv(payload);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    const merchant = tlv(fields.get('38')!);
    expect(merchant.get('00')).toBe('A000000727');
    expect(tlv(merchant.get('01')!)).toEqual(
      new Map([
        ['00', bank.bin],
        ['01', bank.accountNumber],
      ]),
    );
    expect(merchant.get('02')).toBe('QRIBFTTA');
    expect(fields.get('53')).toBe('704');
    expect(fields.get('54')).toBe('745000');
    expect(fields.get('58')).toBe('VN');
    expect(tlv(fields.get('62')!).get('08')).toBe('QUAN 1001');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
    await pay.getByRole('button', { name: 'Transfer received' }).click();
    await pay.waitFor({ state: 'detached' });

    // Table 2's guest hands over 2.000.000 ₫ for the same bill: 755.000 ₫ goes back.
    await placeReadyOrder(tables[1]!._id, hotpot._id, 3);
    const second = counter.getByRole('article', { name: /^#1002 · Table 2/ });
    await second.getByRole('button', { name: 'Complete order #1002' }).click();
    const payCash = counter.getByRole('dialog', { name: 'Pay order #1002' });
    await payCash.locator('label', { hasText: 'Cash' }).click();
    for (let note = 0; note < 4; note++) await payCash.getByRole('button', { name: /^\+500k/ }).click();
    expect(await payCash.getByLabel('Cash received').inputValue()).toBe('2.000.000');
    expect(plain(await payCash.getByText(/^Change:/).textContent())).toBe('Change: 755.000 ₫');
    await payCash.getByRole('button', { name: 'Take payment' }).click();
    await payCash.waitFor({ state: 'detached' });

    const api = apiClient(server.url);
    const orders = await api.call<Order[]>('GET', '/api/order?limit=5', undefined, ownerToken);
    const tenders = (orderNo: number) =>
      orders
        .find((order) => order.orderNo === orderNo)!
        .payments.map((payment) => [payment.method, payment.amount, payment.tendered, payment.change]);
    expect(orders.map((order) => [order.orderNo, order.status, order.due])).toEqual([
      [1002, 'completed', 0],
      [1001, 'completed', 0],
    ]);
    expect(tenders(1001)).toEqual([
      ['cash', 500_000, 500_000, 0],
      ['transfer', 745_000, null, 0],
    ]);
    expect(tenders(1002)).toEqual([['cash', 1_245_000, 2_000_000, 755_000]]);

    // Closing: the drawer should hold 1.000.000 + 500.000 + 1.245.000 = 2.745.000 ₫; 2.725.000 ₫ is counted.
    await counter.goto(`${server.url}/shifts`);
    await counter.getByRole('button', { name: 'Close shift' }).click();
    await counter.locator('label', { hasText: 'One total' }).click();
    await counter.getByLabel('Counted cash').fill('2725000');
    await counter.getByRole('button', { name: 'Review and close' }).click();
    await counter.getByRole('button', { name: 'Close shift 1' }).click();
    await counter.getByRole('heading', { name: 'Shift 1 closed' }).waitFor();
    const report = counter.getByRole('article', { name: 'Z report of shift 1' });
    const onScreen = plain(await report.textContent());
    expect(onScreen).toContain('Expected2.745.000 ₫');
    expect(onScreen).toContain('Counted2.725.000 ₫');
    expect(onScreen).toContain('Over/shortShort \u221220.000 ₫');

    await counter.getByRole('button', { name: 'Print Z report' }).click();
    await counter.waitForFunction(() => (window as unknown as { printed: string[] }).printed.length === 1);
    const printed = plain(await counter.evaluate(() => (window as unknown as { printed: string[] }).printed[0]!));
    expect(printed).toContain('Cash (2)1.745.000 ₫');
    expect(printed).toContain('Bank transfer (1)745.000 ₫');
    expect(printed).toContain('Net sales2.490.000 ₫');
    expect(printed).toContain('Orders2');
    // On paper only the report is printed: the page behind it is hidden by the print stylesheet.
    await counter.emulateMedia({ media: 'print' });
    expect(await counter.locator('.print-sheet').isVisible()).toBe(true);
    expect(await counter.getByRole('heading', { name: 'Shift 1 closed' }).isVisible()).toBe(false);

    const [closed] = await api.call<Shift[]>('GET', '/api/shifts', undefined, ownerToken);
    expect(closed).toMatchObject({
      shiftNo: 1,
      status: 'closed',
      report: { netSales: 2_490_000, orders: 2, cash: { expected: 2_745_000, counted: 2_725_000, overShort: -20_000 } },
    });
  });
});
