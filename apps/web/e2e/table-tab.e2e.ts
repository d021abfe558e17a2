import type { Order } from '@quan/contract/order';
import type { Table } from '@quan/contract/table';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { plain } from './pages';
import { apiClient, type Person } from './seed';

let table5: Table;

const owner: Person = {
  name: 'Lê Minh Quân',
  email: 'owner@example.test',
  phone: '0901111222',
  password: 'pho-bo-tai-2026',
};
const waiter: Person = {
  name: 'Phạm Thu Hà',
  email: 'waiter@example.test',
  phone: '0902333444',
  password: 'bun-cha-ha-noi',
};

describe.skipIf(!hasBrowser)('a table tab: two rounds, a void, a split bill', () => {
  const { server, pages } = journey({
    owner,
    seed: async ({ api, ownerToken }) => {
      await api.addVatOnTop(ownerToken);
      const waiterAccount = await api.register(waiter);
      await api.call('PATCH', `/api/user/users/${waiterAccount._id}/status`, { status: 'active' }, ownerToken);
      const { tables } = await api.seedRestaurant(
        ownerToken,
        [
          { name: 'Phở bò', price: 65_000 },
          { name: 'Bia Hà Nội', price: 20_000 },
          { name: 'Chả giò', price: 45_000 },
        ],
        5,
      );
      table5 = tables.find((table) => table.tableNo === 5)!;
    },
  });

  async function orderAsOwner(orderNo: number): Promise<Order> {
    const api = apiClient(server.url);
    const orders = await api.call<Order[]>('GET', '/api/order?limit=20', undefined, await api.signIn(owner));
    return orders.find((order) => order.orderNo === orderNo)!;
  }

  it('table 5 orders twice, the kitchen cooks each round, a manager voids a beer, two guests pay their halves', async () => {
    // The kitchen's screen is open from the start.
    const kitchen = await pages.signedIn(waiter, { width: 1366, height: 900 });
    await kitchen.goto(`${server.url}/orders`);
    await kitchen.getByRole('button', { name: 'Kitchen' }).click();

    // Round 1 at the POS: one phở and two beers for table 5.
    const pos = await pages.signedIn(waiter, { width: 1280, height: 900 });
    await pos.goto(`${server.url}/menu`);
    const panel = pos.getByRole('complementary', { name: 'Current order' });
    await pos.getByRole('button', { name: /^Phở bò/ }).click();
    await pos.getByRole('button', { name: /^Bia Hà Nội/ }).click();
    await pos.getByRole('button', { name: /^Bia Hà Nội/ }).click();
    await panel.getByLabel('Guest name').fill('Bàn anh Tuấn');
    await panel.getByLabel('Guests').fill('2');
    await panel.getByRole('button', { name: 'Start order' }).click();
    await panel.getByRole('group', { name: 'Free tables' }).getByRole('button', { name: 'Table 5, 4 seats' }).click();
    await panel.getByRole('button', { name: 'Place order' }).click();
    await pos.getByRole('heading', { level: 1, name: 'Order #1001 placed' }).waitFor();

    const first = kitchen.getByRole('article', { name: /^#1001 · Table 5/ });
    await first.waitFor();
    await first.getByRole('button', { name: 'Mark ready order #1001' }).click();

    // Round 2 from the QR code on the table: it joins the same bill and waits for staff.
    const phone = await pages.phone();
    await phone.goto(`${server.url}/table/5?key=${encodeURIComponent(table5.qrKey)}`);
    await phone.getByRole('button', { name: 'Add Chả giò' }).tap();
    await phone.getByRole('button', { name: /^View your order · 1 dish/ }).tap();
    const cart = phone.getByRole('dialog', { name: 'Your order · Table 5' });
    await cart.getByRole('button', { name: 'Place order' }).tap();
    await cart.waitFor({ state: 'detached' });
    const statusView = phone.getByRole('region', { name: 'Order #1001' });
    await statusView.waitFor();

    // The kitchen sees a second ticket for table 5 with the new dish only, and accepts it.
    const second = kitchen.getByRole('article', { name: /^Round 2 · Table 5/ });
    await second.waitFor();
    const secondText = plain(await second.textContent());
    expect(secondText).toContain('1 × Chả giò');
    expect(secondText).not.toContain('Phở bò');
    await second.getByRole('button', { name: 'Accept round 2 of order #1001' }).click();
    await second.getByRole('button', { name: 'Mark ready round 2 of order #1001' }).click();
    // The phone follows its round without a reload.
    await statusView
      .getByText(/Round 2/)
      .first()
      .waitFor();

    // A manager voids one beer (wrong dish): the bill drops by 20.000 ₫ before tax.
    const manager = await pages.signedIn(owner, { width: 1366, height: 900 });
    await manager.goto(`${server.url}/orders`);
    const card = manager.getByRole('article', { name: '#1001 · Table 5' });
    await card.waitFor();
    await card.getByRole('button', { name: /^Void dishes/ }).click();
    const voidDialog = manager.getByRole('dialog', { name: 'Void dishes · order #1001' });
    await voidDialog.getByRole('button', { name: /^More Bia Hà Nội/ }).click();
    await voidDialog.locator('label', { hasText: 'Wrong dish' }).click();
    await voidDialog.getByRole('button', { name: /^Void 1/ }).click();
    await voidDialog.waitFor({ state: 'detached' });
    // 65.000 + 20.000 + 45.000 = 130.000; tax 10.400; total 140.400.
    await card.getByText('140.400 ₫').first().waitFor();

    // Two guests split the bill evenly and pay their halves, cash and transfer.
    await card.getByRole('button', { name: /^Split bill/ }).click();
    const splitDialog = manager.getByRole('dialog', { name: 'Split the bill · order #1001' });
    await splitDialog.getByLabel('Number of guests').fill('2');
    await splitDialog.getByRole('button', { name: 'Split into 2 parts' }).click();
    await splitDialog.waitFor({ state: 'detached' });
    for (const [partNo, method, confirm] of [
      [1, 'Cash', 'Take payment'],
      [2, 'Bank transfer', 'Transfer received'],
    ] as const) {
      await card.getByRole('button', { name: `Pay part ${partNo} of order #1001` }).click();
      const pay = manager.getByRole('dialog', { name: `Pay part ${partNo} of order #1001` });
      await pay.locator('label', { hasText: method }).click();
      await pay.getByRole('button', { name: confirm }).click();
      await pay.waitFor({ state: 'detached' });
    }

    const order = await orderAsOwner(1001);
    expect(order).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(order.billParts.map((part) => [part.total, part.paymentMethod])).toEqual([
      [70_200, 'cash'],
      [70_200, 'transfer'],
    ]);
    expect(order.items.map((line) => [line.name, line.roundNo, line.voidedQuantity])).toEqual([
      ['Phở bò', 1, 0],
      ['Bia Hà Nội', 1, 1],
      ['Chả giò', 2, 0],
    ]);

    // Table 5 is free again, and the audit trail shows the void with who made it.
    await manager.goto(`${server.url}/tables`);
    await manager.getByRole('article', { name: 'Table 5' }).getByText('Available').first().waitFor();
    await manager.goto(`${server.url}/more`);
    await manager.getByRole('link', { name: /Audit trail/ }).click();
    const entries = manager.getByRole('list', { name: 'Audit entries, newest first' });
    await entries.waitFor();
    const trail = plain(await entries.textContent());
    expect(trail).toContain('Voided 1 × Bia Hà Nội on order 1001 (wrong dish)');
    expect(trail).toContain(owner.name);
  });
});
