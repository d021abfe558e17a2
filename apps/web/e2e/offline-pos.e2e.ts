import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { apiClient, type Person } from './seed';

const owner: Person = {
  name: 'Phạm Thị Hoa',
  email: 'hoa.owner@example.test',
  phone: '0903111222',
  password: 'com-tam-suon-2026',
};

interface ListedOrder {
  orderNo: number;
  table: { tableNo: number } | null;
}

let ownerToken: string;

/** Takes an order for a table at the POS: one dish, a guest, the table, "Place order". */
async function takeOrder(cashier: Page, guest: string, tableNo: number): Promise<void> {
  const panel = cashier.getByRole('complementary', { name: 'Current order' });
  await cashier.getByRole('button', { name: /^Cơm tấm/ }).click();
  await panel.getByLabel('Guest name').fill(guest);
  await panel.getByLabel('Guests').fill('2');
  await panel.getByRole('button', { name: 'Start order' }).click();
  await panel
    .getByRole('group', { name: 'Free tables' })
    .getByRole('button', { name: `Table ${tableNo}, 4 seats` })
    .click();
  await panel.getByRole('button', { name: 'Place order' }).click();
}

describe.skipIf(!hasBrowser)('the POS without a network: nothing lost, nothing doubled', () => {
  const { server, pages } = journey({
    owner,
    seed: async ({ api, ownerToken: token }) => {
      ownerToken = token;
      await api.seedRestaurant(ownerToken, [{ name: 'Cơm tấm sườn', price: 55_000 }], 4);
    },
  });

  /** What the server holds, read over the API (one sign-in: the sign-in limit would refuse one per call). */
  async function ordersOnServer(): Promise<ListedOrder[]> {
    return apiClient(server.url).call<ListedOrder[]>('GET', '/api/order?limit=50', undefined, ownerToken);
  }

  it('keeps two orders taken offline through a reload, then sends each exactly once to the kitchen', async () => {
    const kitchen = await pages.signedIn(owner, { width: 1024, height: 768 });
    await kitchen.goto(`${server.url}/orders`);
    await kitchen.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();

    const cashier = await pages.signedIn(owner, { width: 1280, height: 900 });
    await cashier.goto(`${server.url}/menu`);
    await cashier.getByRole('button', { name: /^Cơm tấm/ }).waitFor();
    // The app shell and the menu are cached once the service worker runs this page.
    await cashier.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });
    await cashier.reload();
    await cashier.getByRole('button', { name: /^Cơm tấm/ }).waitFor();

    await cashier.context().setOffline(true);
    await cashier.getByText(/No connection: orders and rounds are saved on this tablet/).waitFor();
    await takeOrder(cashier, 'Anh Tú', 1);
    await cashier.getByText('Saved on this tablet, will be sent when the connection is back').first().waitFor();
    await takeOrder(cashier, 'Chị Mai', 2);
    await cashier.getByRole('button', { name: 'Saved on this tablet: 2 wait to be sent' }).waitFor();

    // A reload without a network: the POS opens from the tablet, and the two orders are still there.
    await cashier.reload();
    await cashier.getByRole('button', { name: /^Cơm tấm/ }).waitFor();
    await cashier.getByRole('button', { name: 'Saved on this tablet: 2 wait to be sent' }).waitFor();
    expect(await ordersOnServer()).toEqual([]);

    await cashier.context().setOffline(false);
    await cashier.getByRole('button', { name: 'Saved on this tablet: nothing waits to be sent' }).waitFor();
    await kitchen.getByRole('article', { name: /^#1001 · Table 1/ }).waitFor();
    await kitchen.getByRole('article', { name: /^#1002 · Table 2/ }).waitFor();
    const orders = await ordersOnServer();
    expect(orders.map((order) => [order.orderNo, order.table?.tableNo]).sort()).toEqual([
      [1001, 1],
      [1002, 2],
    ]);
    expect(await kitchen.getByRole('article', { name: /^#100\d · Table/ }).count()).toBe(2);
  });

  it('an order whose answer was lost, and one sent while the server crashed, each exist once', async () => {
    const cashier = await pages.signedIn(owner, { width: 1280, height: 900 });
    await cashier.goto(`${server.url}/menu`);
    await cashier.getByRole('button', { name: /^Cơm tấm/ }).waitFor();
    const before = (await ordersOnServer()).length;

    // The server takes the order, and its answers never reach the tablet (nor those of the POS's one automatic
    // retry) until the test says so. Whether an answer is lost is decided once the server has answered, so an
    // outbox attempt under way when the test stops losing them gets its answer.
    let answersLost = true;
    await cashier.route('**/api/order', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch();
      if (answersLost) await route.abort('connectionreset');
      else await route.fulfill({ response });
    });
    await takeOrder(cashier, 'Cô Ba', 3);
    await cashier.getByText('Saved on this tablet, will be sent when the connection is back').first().waitFor();
    expect((await ordersOnServer()).length).toBe(before + 1);
    answersLost = false;
    await cashier.unrouteAll({ behavior: 'wait' });

    // Sent again with its key on the outbox's back-off, it is answered with the order the server already has.
    await cashier.getByRole('button', { name: /^Saved on this tablet: / }).click();
    const outbox = cashier.getByRole('dialog', { name: 'Saved on this tablet' });
    await outbox.getByText(/^Sent: order #\d+$/).waitFor();
    expect((await ordersOnServer()).length).toBe(before + 1);
    await outbox.getByRole('button', { name: 'Close' }).click();

    // The server dies while the next order is on its way (killed once, whatever retries follow), and comes back.
    // The order kept is awaited on the outbox's count, not on a toast: the first order's may still show.
    let crashed: Promise<void> | undefined;
    await cashier.route('**/api/order', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      crashed ??= server.crash();
      await Promise.all([crashed, route.continue().catch(() => undefined)]);
    });
    await takeOrder(cashier, 'Ông Sáu', 4);
    await cashier.getByRole('button', { name: /^Saved on this tablet: 1 waits/ }).waitFor();
    expect(crashed).toBeDefined();
    await crashed;
    await cashier.unrouteAll({ behavior: 'wait' });
    await server.restart();
    // A killed embedded database recovers before it serves again, and the tablet tries again on its own
    // back-off: on a busy machine that takes well over a minute.
    await cashier.getByRole('button', { name: 'Saved on this tablet: nothing waits to be sent' }).waitFor({
      timeout: 120_000,
    });
    const orders = await ordersOnServer();
    expect(orders.length).toBe(before + 2);
    expect(orders.filter((order) => order.table?.tableNo === 4)).toHaveLength(1);
  }, 240_000);
});
