import type { Ingredient } from '@quan/contract/ingredient';
import type { Item } from '@quan/contract/menu';
import type { PublicMenu } from '@quan/contract/public';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { apiClient, type Person } from './seed';
import { plain, touchUntilLive } from './pages';

let ownerToken: string;
let beef: Ingredient;
let noodles: Ingredient;
let pho: Item;
let tea: Item;

const owner: Person = {
  name: 'Lê Minh Quân',
  email: 'owner@example.test',
  phone: '0901111222',
  password: 'pho-bo-tai-2026',
};

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded);

describe.skipIf(!hasBrowser)('stock in the browser: restocking, and dishes that sell out and come back', () => {
  const { server, pages } = journey({
    owner,
    seed: async ({ api, ownerToken: token }) => {
      ownerToken = token;
      beef = await api.call<Ingredient>(
        'POST',
        '/api/ingredient',
        {
          name: 'Thịt bò',
          unit: 'kg',
          quantity: 5,
          lowStockThreshold: 1,
          costPerUnit: 250_000,
          supplier: 'Chợ Bến Thành',
        },
        ownerToken,
      );
      // Exactly two portions of Phở bò: 2 × 200 g.
      noodles = await api.call<Ingredient>(
        'POST',
        '/api/ingredient',
        { name: 'Bánh phở', unit: 'g', quantity: 400, lowStockThreshold: 0 },
        ownerToken,
      );
      const {
        items: [seededPho, seededTea],
      } = await api.seedRestaurant(
        ownerToken,
        [
          { name: 'Phở bò', price: 65_000 },
          { name: 'Trà đá', price: 10_000 },
        ],
        2,
      );
      pho = await api.call<Item>(
        'PUT',
        `/api/item/${seededPho!._id}`,
        { recipe: [{ ingredientId: noodles._id, quantity: 200 }] },
        ownerToken,
      );
      tea = seededTea!;
    },
  });

  async function publicDishNames(): Promise<string[]> {
    const menu = await apiClient(server.url).call<PublicMenu>('GET', '/api/public-menu');
    return menu.categories.flatMap((category) => category.items.map((item) => item.name));
  }

  it('a manager restocks beef with a note and finds the delivery at the top of its history', async () => {
    const manager = await pages.signedIn(owner, { width: 1280, height: 900 });
    await manager.goto(`${server.url}/ingredient-management`);
    await manager.getByRole('heading', { level: 1, name: 'Ingredients' }).waitFor();
    const row = manager.getByRole('row', { name: 'Thịt bò' });
    // The cells after the row header: in stock, threshold, cost, supplier, actions.
    const inStock = row.getByRole('cell').first();
    expect(plain(await inStock.textContent())).toBe('5 kg');

    await row.getByRole('button', { name: 'Stock of Thịt bò' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Stock of Thịt bò' });
    expect(plain(await dialog.textContent())).toContain('In stock now: 5 kg');
    expect(await dialog.getByRole('radio', { name: 'Restock' }).isChecked()).toBe(true);
    await dialog.getByLabel('Quantity received (kg)').fill('2.5');
    await dialog.getByText('Stock after: 7,5 kg').waitFor();
    await dialog.getByLabel('Note').fill('Hóa đơn NCC-0412, giao sáng');
    await dialog.getByRole('button', { name: 'Restock' }).click();
    await dialog.waitFor({ state: 'detached' });

    await inStock.getByText('7,5 kg').waitFor();
    expect(plain(await inStock.textContent())).toBe('7,5 kg');

    await row.getByRole('button', { name: 'History of Thịt bò' }).click();
    const history = manager.getByRole('dialog', { name: 'History of Thịt bò' });
    const table = history.getByRole('table', { name: 'Stock history of Thịt bò, newest first' });
    await table.waitFor();
    const bodyRows = table.locator('tbody').getByRole('row');
    const cellsOf = async (index: number) => (await bodyRows.nth(index).getByRole('cell').allTextContents()).map(plain);
    expect(await bodyRows.count()).toBe(2);
    // When, change, after, reason, by, order or note.
    const [, change, after, reason, by, note] = await cellsOf(0);
    expect({ change, after, reason, by, note }).toEqual({
      change: '+2,5 kg',
      after: '7,5 kg',
      reason: 'Restock',
      by: owner.name,
      note: 'Hóa đơn NCC-0412, giao sáng',
    });
    const [, openingChange, openingAfter, openingReason, openingBy] = await cellsOf(1);
    expect({ openingChange, openingAfter, openingReason, openingBy }).toEqual({
      openingChange: '+5 kg',
      openingAfter: '5 kg',
      openingReason: 'Opening stock',
      openingBy: owner.name,
    });

    // The server recorded the same.
    const api = apiClient(server.url);
    const [latest] = await api.call<{ change: number; quantityAfter: number; reason: string; note: string }[]>(
      'GET',
      `/api/ingredient/${beef._id}/history`,
      undefined,
      ownerToken,
    );
    expect(latest).toMatchObject({
      change: 2.5,
      quantityAfter: 7.5,
      reason: 'restock',
      note: 'Hóa đơn NCC-0412, giao sáng',
    });
  });

  it('orders use up the noodles: the phone’s menu drops Phở bò live, and it comes back once restocked', async () => {
    const diner = await pages.phone();
    await diner.goto(`${server.url}/public-menu`);
    await diner.getByRole('heading', { level: 1, name: 'Our menu' }).waitFor();
    const phoOnPhone = diner.getByRole('heading', { level: 3, name: 'Phở bò' });
    const teaOnPhone = diner.getByRole('heading', { level: 3, name: 'Trà đá' });
    await phoOnPhone.waitFor();
    await teaOnPhone.waitFor();
    await touchUntilLive(diner);
    // Anything that reloads the page drops this mark.
    await diner.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });

    // The first portion at the POS: 200 g of the 400 g are left, still one portion.
    const cashier = await pages.signedIn(owner, { width: 1280, height: 900 });
    await cashier.goto(`${server.url}/menu`);
    const panel = cashier.getByRole('complementary', { name: 'Current order' });
    await cashier.getByRole('button', { name: /^Phở bò/ }).click();
    await panel.getByLabel('Guest name').fill('Anh Nam');
    await panel.getByLabel('Guests').fill('1');
    await panel.getByRole('button', { name: 'Start order' }).click();
    await panel.getByRole('group', { name: 'Free tables' }).getByRole('button', { name: 'Table 1, 4 seats' }).click();
    await panel.getByRole('button', { name: 'Place order' }).click();
    await cashier.getByRole('heading', { level: 1, name: 'Order #1001 placed' }).waitFor();
    await cashier.getByRole('button', { name: 'New order' }).click();
    const phoTile = cashier.getByRole('button', { name: /^Phở bò/ });
    expect(await phoTile.isEnabled()).toBe(true);

    const api = apiClient(server.url);
    const stockOfNoodles = async () =>
      (await api.call<Ingredient[]>('GET', '/api/ingredient', undefined, ownerToken)).find(
        (ingredient) => ingredient._id === noodles._id,
      )?.quantity;
    expect(await stockOfNoodles()).toBe(200);
    expect(await publicDishNames()).toEqual(expect.arrayContaining(['Phở bò', 'Trà đá']));
    expect(await phoOnPhone.count()).toBe(1);

    // The second portion, rung up by the API: nothing is left for a third.
    const orderOf = (itemId: string) => ({
      customerDetails: { name: 'Chị Mai', guests: 1 },
      items: [{ itemId, quantity: 1 }],
    });
    await api.call('POST', '/api/order', orderOf(pho._id), ownerToken);
    expect(await stockOfNoodles()).toBe(0);

    // The phone drops the dish by itself; the dish without a recipe stays.
    await phoOnPhone.waitFor({ state: 'detached' });
    expect(await teaOnPhone.count()).toBe(1);
    expect(await notReloaded(diner)).toBe(true);
    expect(await publicDishNames()).toEqual(['Trà đá']);
    const soldOut = await api.call<Item[]>('GET', '/api/item', undefined, ownerToken);
    expect(soldOut.find((item) => item._id === pho._id)).toMatchObject({ isAvailable: true, isSoldOut: true });
    expect(soldOut.find((item) => item._id === tea._id)).toMatchObject({ isAvailable: true, isSoldOut: false });
    // The POS, open all along, marks it sold out and will not add it.
    await phoTile.getByText('Sold out', { exact: true }).waitFor();
    expect(await phoTile.isDisabled()).toBe(true);

    // A third portion is refused whole, naming the ingredient; the tea alone still sells.
    await expect(api.call('POST', '/api/order', orderOf(pho._id), ownerToken)).rejects.toThrow(
      '→ 409: Not enough Bánh phở: need 200 g, 0 g left',
    );
    expect(await stockOfNoodles()).toBe(0);
    await api.call('POST', '/api/order', orderOf(tea._id), ownerToken);

    // A delivery: Phở bò is back on the phone, still without a reload.
    await api.call(
      'PUT',
      `/api/ingredient/${noodles._id}`,
      { change: 1000, reason: 'restock', note: 'Giao thêm' },
      ownerToken,
    );
    await phoOnPhone.waitFor();
    expect(await teaOnPhone.count()).toBe(1);
    expect(await notReloaded(diner)).toBe(true);
    expect(await publicDishNames()).toEqual(expect.arrayContaining(['Phở bò', 'Trà đá']));
    await phoTile.getByText('Sold out', { exact: true }).waitFor({ state: 'detached' });
    expect(await phoTile.isEnabled()).toBe(true);
  });
});
