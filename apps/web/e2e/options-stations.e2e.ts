import type { Item } from '@quan/contract/menu';
import type { OptionGroup } from '@quan/contract/options';
import type { Order } from '@quan/contract/order';
import type { Station } from '@quan/contract/stations';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { plain } from './pages';
import { apiClient, type Person } from './seed';

let bar: Station;
let kitchen: Station;

const owner: Person = {
  name: 'Trần Văn Bếp',
  email: 'owner@example.test',
  phone: '0903555666',
  password: 'pho-bo-tai-2026',
};

describe.skipIf(!hasBrowser)('options and stations: "phở tái, size lớn, không hành" and an iced coffee', () => {
  const { server, pages } = journey({
    owner,
    seed: async ({ api, ownerToken: token }) => {
      await api.addVatOnTop(token);
      kitchen = await api.call<Station>('POST', '/api/station', { name: 'Bếp', targetMinutes: 12 }, token);
      bar = await api.call<Station>('POST', '/api/station', { name: 'Bar', targetMinutes: 5, sortOrder: 1 }, token);
      const size = await api.call<OptionGroup>(
        'POST',
        '/api/option-group',
        {
          name: 'Size',
          minSelected: 1,
          maxSelected: 1,
          options: [{ name: 'Nhỏ', priceDelta: -5_000 }, { name: 'Vừa' }, { name: 'Lớn', priceDelta: 10_000 }],
        },
        token,
      );
      const preferences = await api.call<OptionGroup>(
        'POST',
        '/api/option-group',
        {
          name: 'Preferences',
          maxSelected: 3,
          options: [{ name: 'không hành' }, { name: 'ít đá' }, { name: 'ít đường' }],
        },
        token,
      );
      const food = await api.call<{ _id: string }>('POST', '/api/category', { name: 'Phở' }, token);
      const drinks = await api.call<{ _id: string }>(
        'POST',
        '/api/category',
        { name: 'Đồ uống', stationId: bar._id },
        token,
      );
      await api.call<Item>(
        'POST',
        '/api/item',
        { name: 'Phở tái', price: 65_000, categoryId: food._id, optionGroupIds: [size._id, preferences._id] },
        token,
      );
      await api.call<Item>(
        'POST',
        '/api/item',
        { name: 'Cà phê sữa đá', price: 25_000, categoryId: drinks._id, optionGroupIds: [preferences._id] },
        token,
      );
    },
  });

  it('the POS sells a large phở without onions and a coffee; each station sees and bumps its own; the receipt shows the options', async () => {
    // Two kitchen screens: the bar's tablet and the kitchen's, each on its own station.
    const barScreen = await pages.signedIn(owner, { width: 1366, height: 900 });
    await barScreen.goto(`${server.url}/orders?view=kitchen&station=${bar._id}`);
    const kitchenScreen = await pages.signedIn(owner, { width: 1366, height: 900 });
    await kitchenScreen.goto(`${server.url}/orders?view=kitchen`);
    await kitchenScreen.getByRole('group', { name: 'Station' }).getByRole('button', { name: 'Bếp' }).click();

    // The POS: the phở opens its option sheet; the price grows with the large bowl.
    const pos = await pages.signedIn(owner, { width: 1280, height: 900 });
    await pos.goto(`${server.url}/menu`);
    // The options came with the menu: opening the sheet asks the API nothing.
    const dish = pos.getByRole('button', { name: /^Phở tái/ });
    await dish.waitFor();
    const requests: string[] = [];
    // API calls only: the live connection (socket.io) may poll at any moment.
    const countRequest = (request: { url(): string }) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(request.url());
    };
    pos.on('request', countRequest);
    await dish.click();
    const sheet = pos.getByRole('dialog', { name: 'Phở tái' });
    await sheet.waitFor();
    pos.off('request', countRequest);
    expect(requests).toEqual([]);
    // Until a size is chosen, the button says so instead of adding.
    expect(await sheet.getByRole('button', { name: 'Choose a size' }).isDisabled()).toBe(true);
    await sheet.getByRole('radio', { name: /Lớn/ }).check();
    const add = sheet.getByRole('button', { name: /^Add ·/ });
    await sheet.getByRole('checkbox', { name: /không hành/ }).check();
    expect(plain(await add.textContent())).toBe('Add · 75.000 ₫');
    await add.click();
    await sheet.waitFor({ state: 'detached' });
    // The coffee: "ít đường", nothing required.
    await pos.getByRole('button', { name: /^Cà phê sữa đá/ }).click();
    const coffeeSheet = pos.getByRole('dialog', { name: 'Cà phê sữa đá' });
    await coffeeSheet.getByRole('checkbox', { name: /ít đường/ }).check();
    await coffeeSheet.getByRole('button', { name: /^Add ·/ }).click();
    await coffeeSheet.waitFor({ state: 'detached' });

    const panel = pos.getByRole('complementary', { name: 'Current order' });
    await panel.getByLabel('Guest name').fill('Anh Dũng');
    await panel.getByLabel('Guests').fill('1');
    await panel.getByRole('button', { name: 'Start order' }).click();
    await panel.getByRole('button', { name: 'Place order' }).click();
    await pos.getByRole('heading', { level: 1, name: 'Order #1001 placed' }).waitFor();

    // The bill: each dish in bold with its options and their prices.
    const receipt = plain(await pos.getByRole('article', { name: 'Bill for order 1001' }).first().textContent());
    expect(receipt).toContain('Phở tái');
    expect(receipt).toMatch(/Lớn\s*\+10\.000 ₫/);
    expect(receipt).toContain('không hành');
    expect(receipt).toContain('Cà phê sữa đá');
    expect(receipt).toContain('ít đường');
    expect(receipt).toContain('100.000 ₫');

    // The bar sees only the coffee; the kitchen only the phở, with "Lớn · không hành".
    const barTicket = barScreen.getByRole('article', { name: /#1001/ });
    await barTicket.waitFor();
    const barText = plain(await barTicket.textContent());
    expect(barText).toContain('Cà phê sữa đá');
    expect(barText).not.toContain('Phở tái');
    const kitchenTicket = kitchenScreen.getByRole('article', { name: /#1001/ });
    await kitchenTicket.waitFor();
    const kitchenText = plain(await kitchenTicket.textContent());
    expect(kitchenText).toContain('Phở tái');
    expect(kitchenText).toContain('Lớn · không hành');
    expect(kitchenText).not.toContain('Cà phê');

    // Each station bumps its own dishes; the round is ready when both are done.
    await barTicket.getByRole('button', { name: /^Done/ }).click();
    await barTicket.getByText('Done ✓').waitFor();
    // The cook bumps once the screen shows the bar done: a tap on the order as it was before is refused (409).
    await kitchenTicket.getByText('Bar (done)').waitFor();
    await kitchenTicket.getByRole('button', { name: /^Done/ }).click();
    await kitchenTicket.waitFor({ state: 'detached' });

    const api = apiClient(server.url);
    const orders = await api.call<Order[]>('GET', '/api/order?limit=5', undefined, await api.signIn(owner));
    const order = orders.find((one) => one.orderNo === 1001)!;
    expect(order.rounds[0]!.status).toBe('ready');
    expect(order.items.map((line) => [line.name, line.price, line.stationId, line.readyAt !== null])).toEqual([
      ['Phở tái', 75_000, kitchen._id, true],
      ['Cà phê sữa đá', 25_000, bar._id, true],
    ]);
    expect(order.items[0]!.options.map((option) => option.name)).toEqual(['Lớn', 'không hành']);
  });
});
