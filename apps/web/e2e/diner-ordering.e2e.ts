import type { Table } from '@quan/contract/table';
import type { Order } from '@quan/contract/order';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { apiClient, type Person } from './seed';
import { plain } from './pages';

let tables: Table[] = [];

const owner: Person = {
  name: 'Lê Minh Quân',
  email: 'owner@example.test',
  phone: '0901111222',
  password: 'pho-bo-tai-2026',
};

const tableNamed = (tableNo: number) => {
  const table = tables.find((candidate) => candidate.tableNo === tableNo);
  if (!table) throw new Error(`No table ${tableNo} was seeded`);
  return table;
};

describe.skipIf(!hasBrowser)('a diner orders from the QR code on the table', () => {
  const { server, pages } = journey({
    owner,
    seed: async ({ api, ownerToken }) => {
      await api.addVatOnTop(ownerToken);
      ({ tables } = await api.seedRestaurant(
        ownerToken,
        [
          { name: 'Phở bò', price: 65_000 },
          { name: 'Bún chả', price: 55_000 },
          { name: 'Trà đá', price: 10_000 },
        ],
        4,
      ));
    },
  });

  async function ordersAsOwner(): Promise<Order[]> {
    const api = apiClient(server.url);
    return api.call<Order[]>('GET', '/api/order?limit=50', undefined, await api.signIn(owner));
  }

  it('a diner at table 4 scans the code, orders, and follows the order live while staff accept it', async () => {
    const table4 = tableNamed(4);
    const diner = await pages.phone();
    await diner.goto(`${server.url}/table/4?key=${encodeURIComponent(table4.qrKey)}`);
    await diner.getByRole('heading', { level: 1, name: 'Table 4' }).waitFor();

    // Two dishes, one of them twice; the "Add" buttons come with the lazily loaded ordering code.
    await diner.getByRole('button', { name: 'Add Phở bò' }).tap();
    await diner.getByRole('button', { name: 'Add one more Phở bò' }).tap();
    await diner.getByRole('button', { name: 'Add Bún chả' }).tap();
    const cartBar = diner.getByRole('button', { name: /^View your order · 3 dishes/ });
    // 2 × 65.000 + 55.000 = 185.000 before tax.
    expect(plain(await cartBar.textContent())).toContain('185.000 ₫');

    await cartBar.tap();
    const cart = diner.getByRole('dialog', { name: 'Your order · Table 4' });
    const lines = cart.getByRole('list', { name: 'Dishes in your cart' });
    await lines.waitFor();
    const lineTexts = (await lines.getByRole('listitem').allTextContents()).map(plain);
    expect(lineTexts).toHaveLength(2);
    expect(lineTexts[0]).toMatch(/^Phở bò2 × 65\.000 ₫130\.000 ₫/);
    expect(lineTexts[1]).toMatch(/^Bún chả1 × 55\.000 ₫55\.000 ₫/);
    await cart.getByRole('textbox', { name: 'Your name (optional)' }).fill('Anh Tuấn');
    await cart.getByRole('button', { name: 'Place order' }).tap();
    await cart.waitFor({ state: 'detached' });

    // The status view: received, waiting for the staff.
    const statusView = diner.getByRole('region', { name: /^Order #\d+$/ });
    await statusView.waitFor();
    const orderNo = Number(
      /#(\d+)/.exec((await statusView.getByRole('heading', { level: 2 }).textContent()) ?? '')?.[1],
    );
    expect(orderNo).toBeGreaterThan(0);
    const dinerStatus = statusView.getByRole('status');
    await dinerStatus.getByText('Received', { exact: true }).waitFor();
    const bill = plain(await statusView.textContent());
    // Tax 8 % of 185.000 = 14.800; total 199.800.
    expect(bill).toContain('2 × Phở bò130.000 ₫');
    expect(bill).toContain('1 × Bún chả55.000 ₫');
    expect(bill).toContain('Subtotal185.000 ₫');
    expect(bill).toContain('VAT 8%14.800 ₫');
    expect(bill).toContain('Total199.800 ₫');
    // The phone says it follows the order live before anyone touches it.
    await statusView.getByText('Live', { exact: true }).waitFor();
    // Anything that reloads the page drops this mark.
    await diner.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });

    // Staff on a desktop: the diner's order waits for approval and stands out.
    const staff = await pages.signedIn(owner, { width: 1280, height: 900 });
    await staff.goto(`${server.url}/orders`);
    await staff.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const card = staff.getByRole('article', { name: `#${orderNo} · Table 4` });
    await card.waitFor();
    const cardText = plain(await card.textContent());
    expect(cardText).toContain('Anh Tuấn');
    expect(cardText).toContain('Pending');
    expect(cardText).toContain('Diner order');
    expect(cardText).toContain('Waiting for approval');
    expect(cardText).toContain('2 × Phở bò');
    expect(cardText).toContain('1 × Bún chả');
    expect(cardText).toContain('199.800 ₫');

    await card.getByRole('button', { name: `Accept order #${orderNo}` }).click();
    await card.getByText('In progress', { exact: true }).waitFor();
    expect(plain(await card.textContent())).not.toContain('Waiting for approval');

    // The phone moves on by itself.
    await dinerStatus.getByText('Preparing', { exact: true }).waitFor();
    expect(plain(await dinerStatus.textContent())).toContain('The kitchen is cooking your dishes.');
    const currentStep = statusView.getByRole('list', { name: 'Progress' }).locator('[aria-current="step"]');
    expect(plain(await currentStep.textContent())).toBe('2Preparing');
    expect(await diner.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    const order = (await ordersAsOwner()).find((candidate) => candidate.orderNo === orderNo);
    expect(order).toMatchObject({
      status: 'in_progress',
      source: 'table',
      table: { _id: table4._id, tableNo: 4 },
      customerDetails: { name: 'Anh Tuấn' },
      bills: {
        subtotal: 185_000,
        discount: 0,
        taxes: [{ vatRate: 8, taxable: 185_000, tax: 14_800 }],
        tax: 14_800,
        total: 199_800,
      },
    });
    expect(order?.items).toHaveLength(2);
    expect(order?.items).toEqual([
      expect.objectContaining({ name: 'Phở bò', price: 65_000, quantity: 2, total: 130_000 }),
      expect.objectContaining({ name: 'Bún chả', price: 55_000, quantity: 1, total: 55_000 }),
    ]);
  });

  it('asks to scan the table’s QR code when the link has no key, or another table’s key', async () => {
    const diner = await pages.phone();
    await diner.goto(`${server.url}/table/2`);
    await diner.getByRole('heading', { level: 1, name: 'Scan the QR code on your table' }).waitFor();
    expect(await diner.getByRole('link', { name: 'See the menu' }).getAttribute('href')).toBe('/public-menu');

    const ordersBefore = await ordersAsOwner();
    // A photo of table 3's code, tried on table 2: the page says so on opening, before any dish is chosen.
    await diner.goto(`${server.url}/table/2?key=${encodeURIComponent(tableNamed(3).qrKey)}`);
    await diner.getByRole('heading', { level: 1, name: 'Scan the QR code on your table' }).waitFor();
    expect(await diner.getByRole('button', { name: 'Add Trà đá' }).count()).toBe(0);

    expect(await ordersAsOwner()).toHaveLength(ordersBefore.length);
  });
});
