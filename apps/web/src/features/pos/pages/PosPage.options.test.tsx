import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateOrderBody, Order } from '@quan/contract/order';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { formatMoney, formatPriceChange } from '../../../lib/format';
import { installFakeApi } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-routes';
import {
  money,
  pho,
  phoTai,
  placedOrder,
  posApi,
  created,
  dishButton,
  orderPanel,
  setCustomer,
  journeyTimeout,
  posScene,
} from './pos-test-kit';

describe('PosPage', () => {
  const scene = posScene();

  describe('dishes with options', () => {
    const large = { optionId: 'opt-lon', group: 'Size', name: 'Lớn', priceDelta: 10_000 };
    const noOnion = { optionId: 'opt-khong-hanh', group: 'Preferences', name: 'không hành', priceDelta: 0 };
    /** The server's answer: the large phở without onions priced with its option, and a plain Phở bò. */
    const placedWithOptions: Order = {
      ...placedOrder,
      items: [
        {
          ...placedOrder.items[0]!,
          itemId: phoTai._id,
          name: 'Phở tái',
          price: 75_000,
          quantity: 2,
          total: 150_000,
          options: [large, noOnion],
        },
        { ...placedOrder.items[0]!, price: 65_000, quantity: 1, total: 65_000, position: 1 },
      ],
      bills: {
        subtotal: 275_000,
        discount: 0,
        serviceRate: 0,
        serviceCharge: 0,
        taxes: [{ vatRate: 10, taxable: 275_000, tax: 27_500 }],
        serviceVatRate: 10,
        pricesIncludeTax: false,
        tax: 27_500,
        total: 302_500,
      },
    };

    async function chooseOptions(user: ReturnType<typeof userEvent.setup>, size: RegExp, preferences: string[]) {
      await user.click(dishButton('Phở tái'));
      const sheet = within(screen.getByRole('dialog', { name: 'Phở tái' }));
      await user.click(sheet.getByRole('radio', { name: size }));
      for (const preference of preferences) await user.click(sheet.getByRole('checkbox', { name: preference }));
      return sheet;
    }

    it(
      'opens the sheet for a dish with options, keeps other choices apart and sends the option ids',
      async () => {
        const user = userEvent.setup();
        scene.fakeApi = installFakeApi(posApi(() => created(placedWithOptions)));
        const { store } = renderRoutes(routes, { path: '/menu' });

        await screen.findByRole('button', { name: /^Phở tái/ });
        expect(dishButton('Phở tái')).toHaveAttribute('aria-haspopup', 'dialog');
        expect(dishButton('Phở tái')).toHaveTextContent('Size · Preferences');
        const requestsBefore = scene.fakeApi.requests.length;

        await user.click(dishButton('Phở tái'));
        const sheet = within(screen.getByRole('dialog', { name: 'Phở tái' }));
        // Everything came with the menu: the sheet asks the server nothing.
        expect(scene.fakeApi.requests).toHaveLength(requestsBefore);
        expect(store.getState().cart.items).toEqual([]);
        // What is missing is on the disabled button, not an error.
        expect(sheet.getByRole('button', { name: 'Choose a size' })).toBeDisabled();
        expect(sheet.queryByText(/Phở tái: choose/)).not.toBeInTheDocument();
        expect(sheet.getByRole('radio', { name: /^Đặc biệt/ })).toBeDisabled();

        await user.click(sheet.getByRole('radio', { name: /^Lớn/ }));
        await user.click(sheet.getByRole('checkbox', { name: 'không hành' }));
        await user.click(sheet.getByRole('button', { name: 'One more' }));
        expect(sheet.getByRole('button', { name: /^Add ·/ })).toHaveTextContent(money(150_000));
        await user.click(sheet.getByRole('button', { name: /^Add ·/ }));

        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
        expect(store.getState().cart.items).toHaveLength(2);
        // The same choice again joins its line; another size makes a line of its own.
        await user.click((await chooseOptions(user, /^Lớn/, ['không hành'])).getByRole('button', { name: /^Add ·/ }));
        await user.click((await chooseOptions(user, /^Nhỏ/, [])).getByRole('button', { name: /^Add · 60\.000\s₫$/ }));
        // A dish without options still adds with one tap.
        await user.click(dishButton('Phở bò'));
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

        const cart = within(orderPanel().getByRole('list', { name: 'Dishes in this order' }));
        expect(
          cart.getAllByRole('listitem').map((line) => line.querySelector('p')?.parentElement?.textContent),
        ).toEqual([
          // Each option with its price change: what makes the portion dearer or cheaper than the menu's price.
          `Phở táiLớn ${formatPriceChange(10_000)} · không hành3 × ${formatMoney(75_000)}`,
          `Phở táiNhỏ ${formatPriceChange(-5_000)}1 × ${formatMoney(60_000)}`,
          `Phở bò1 × ${formatMoney(65_000)}`,
        ]);
        await user.click(cart.getByRole('button', { name: 'Remove one Phở tái (Lớn · không hành)' }));
        expect(dishButton('Phở tái')).toHaveTextContent('3 in the order');
        // 2 × 75.000 + 60.000 + 65.000.
        const bill = orderPanel().getByRole('region', { name: 'Bill' });
        expect(within(bill).getByText('Subtotal').nextSibling).toHaveTextContent(money(275_000));

        await setCustomer(user, 'Chị Lan', '3');
        await user.click(orderPanel().getByRole('button', { name: 'Place order' }));

        expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042 placed' })).toBeInTheDocument();
        const post = scene.fakeApi.configs.find((config) => config.method === 'post');
        expect((JSON.parse(post!.data as string) as CreateOrderBody).items).toEqual([
          { itemId: phoTai._id, quantity: 2, options: ['opt-lon', 'opt-khong-hanh'] },
          { itemId: phoTai._id, quantity: 1, options: ['opt-nho'] },
          { itemId: pho._id, quantity: 1 },
        ]);
        expect(post!.data).not.toMatch(/price|total/i);

        // The bill shows the options under the dish, with what each added to the price.
        const receipt = within(screen.getByRole('article', { name: 'Bill for order 1042' }));
        const [phoLine] = receipt.getAllByRole('listitem');
        expect(phoLine).toHaveTextContent(/^2 × Phở táiLớn\+10\.000\s₫không hành/);
        const ticket = within(screen.getByRole('article', { name: 'Kitchen ticket for order 1042' }));
        expect(ticket.getAllByRole('listitem')[0]).toHaveTextContent('2 × Phở táiLớn · không hành');
      },
      journeyTimeout,
    );
  });
});
