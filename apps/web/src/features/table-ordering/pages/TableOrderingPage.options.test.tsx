import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { okData } from '../../../test/fake-fetch';
import { bunCha, makePublicMenu, phoBo, phoTai, preferencesGroup, sizeGroup, traDa } from '../../../test/data/diner';
import { renderPublicRoute } from '../../../test/render-public-route';
import { cardOf, openCart, placedOrder, tableKey, tablePath, tableOrderingScene } from './table-ordering-test-kit';

vi.mock('../../../lib/socket', () => ({ createDinerSocket: vi.fn(), createSocket: vi.fn() }));

// Lazily loaded pages and many taps: slow on a busy two-core machine.
describe('TableOrderingPage', { timeout: 20_000 }, () => {
  const scene = tableOrderingScene();

  describe('dishes with options', () => {
    const [small, large] = sizeGroup.options;
    const [noOnion] = preferencesGroup.options;
    const withPhoTai = () =>
      makePublicMenu({
        categories: [
          { _id: '0190a1b2-0000-7000-8000-0000000000c1', name: 'Noodles', items: [phoBo, phoTai] },
          { _id: '0190a1b2-0000-7000-8000-0000000000c2', name: 'Drinks', items: [traDa] },
        ],
      });
    /** The order as the server answers it: the large phở without onions priced with its option. */
    const placedWithOptions = {
      ...placedOrder,
      items: [
        {
          ...placedOrder.items[0]!,
          itemId: phoTai._id,
          name: phoTai.name,
          price: 75_000,
          quantity: 3,
          total: 225_000,
          options: [
            { optionId: large!._id, group: 'Size', name: 'Lớn', priceDelta: 10_000 },
            { optionId: noOnion!._id, group: 'Preferences', name: 'không hành', priceDelta: 0 },
          ],
        },
      ],
    };

    it('opens the sheet for a dish with options, keeps other choices apart and sends the option ids', async () => {
      scene.menu = withPhoTai();
      scene.serve({ order: () => okData(placedWithOptions, 201), publicOrder: () => okData(placedWithOptions) });
      renderPublicRoute(tablePath);

      const addPhoTai = await screen.findByRole('button', { name: 'Add Phở tái' });
      expect(addPhoTai).toHaveAttribute('aria-haspopup', 'dialog');
      expect(cardOf('Phở tái')).toHaveTextContent('Choose: size, preferences');
      // The small size makes it cheaper than its price.
      expect(cardOf('Phở tái')).toHaveTextContent(/from 60\.000\s₫/);
      const callsBefore = scene.fake.calls().length;
      await userEvent.click(addPhoTai);

      let sheet = within(screen.getByRole('dialog', { name: 'Phở tái' }));
      // Everything came with the menu: the sheet asks the server nothing.
      expect(scene.fake.calls()).toHaveLength(callsBefore);
      // What is missing is on the disabled button, not an error.
      expect(sheet.getByRole('button', { name: 'Choose a size' })).toBeDisabled();
      expect(sheet.queryByText(/Phở tái: choose/)).not.toBeInTheDocument();
      expect(sheet.getByRole('radio', { name: /^Đặc biệt/ })).toBeDisabled();
      await userEvent.click(sheet.getByRole('radio', { name: /^Lớn/ }));
      await userEvent.click(sheet.getByRole('checkbox', { name: 'không hành' }));
      await userEvent.click(sheet.getByRole('button', { name: 'One more' }));
      expect(sheet.getByRole('button', { name: /^Add ·/ })).toHaveTextContent(/150\.000/);
      await userEvent.click(sheet.getByRole('button', { name: /^Add ·/ }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(cardOf('Phở tái')).getByText('2')).toBeInTheDocument();
      // Another choice of the same dish: its own line.
      await userEvent.click(screen.getByRole('button', { name: 'Add one more Phở tái' }));
      sheet = within(screen.getByRole('dialog', { name: 'Phở tái' }));
      await userEvent.click(sheet.getByRole('radio', { name: /^Nhỏ/ }));
      await userEvent.click(sheet.getByRole('button', { name: /^Add ·/ }));
      // A dish without options still adds with one tap.
      await userEvent.click(screen.getByRole('button', { name: 'Add Phở bò' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(JSON.parse(sessionStorage.getItem('tableCart:4')!).items[0]).toMatchObject({
        itemId: phoTai._id,
        price: 75_000,
        options: [
          { id: large!._id, group: 'Size', name: 'Lớn', priceDelta: 10_000 },
          { id: noOnion!._id, group: 'Preferences', name: 'không hành', priceDelta: 0 },
        ],
      });

      const cart = await openCart();
      const lines = within(cart).getByRole('list', { name: 'Dishes in your cart' });
      expect(
        within(lines)
          .getAllByRole('listitem')
          .map((line) => line.textContent),
      ).toEqual([
        // Each option with its price change: what makes the portion dearer or cheaper than the menu's price.
        expect.stringMatching(/^Phở táiLớn \+10\.000\s₫ · không hành2 × 75\.000\s₫150\.000\s₫/),
        expect.stringMatching(/^Phở táiNhỏ −5\.000\s₫1 × 60\.000\s₫60\.000\s₫/),
        expect.stringMatching(/^Phở bò1 × 65\.000\s₫65\.000\s₫/),
      ]);
      await userEvent.click(within(cart).getByRole('button', { name: 'Add one more Phở tái (Lớn · không hành)' }));
      await userEvent.click(within(cart).getByRole('button', { name: 'Place order' }));

      expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
      expect(scene.orderPosts()[0]?.body).toEqual({
        tableNo: 4,
        tableKey,
        items: [
          { itemId: phoTai._id, quantity: 3, options: [large!._id, noOnion!._id] },
          { itemId: phoTai._id, quantity: 1, options: [small!._id] },
          { itemId: phoBo._id, quantity: 1 },
        ],
      });
      expect(JSON.stringify(scene.orderPosts()[0]?.body)).not.toMatch(/price|75000/);
      // The diner's order shows the options under the dish.
      const dishes = within(screen.getByRole('region', { name: 'Round 1 · Waiting for the staff' })).getAllByRole(
        'listitem',
      );
      expect(dishes[0]).toHaveTextContent(/^3 × Phở táiLớn · không hành225\.000/);
    });

    it('names a dish, its groups and options in English where they have English names: card, sheet, cart, order', async () => {
      // The large size is the restaurant's default: chosen already, in English.
      const sizeInEnglish = {
        ...sizeGroup,
        name: 'Kích cỡ',
        nameEn: 'Size',
        options: sizeGroup.options.map((option) =>
          option._id === large!._id ? { ...option, nameEn: 'Large', isDefault: true } : option,
        ),
      };
      const requests = { ...preferencesGroup, name: 'Yêu cầu', nameEn: 'Requests' };
      scene.menu = makePublicMenu({
        categories: [
          {
            _id: '0190a1b2-0000-7000-8000-0000000000c1',
            name: 'Món nước',
            nameEn: 'Noodle soups',
            items: [{ ...phoTai, nameEn: 'Rare beef pho', optionGroups: [sizeInEnglish, requests] }, bunCha],
          },
        ],
      });
      const placedInEnglish = {
        ...placedOrder,
        items: [
          {
            ...placedOrder.items[0]!,
            itemId: phoTai._id,
            name: phoTai.name,
            price: 75_000,
            quantity: 1,
            total: 75_000,
            options: [{ optionId: large!._id, group: 'Kích cỡ', name: 'Lớn', priceDelta: 10_000 }],
          },
        ],
      };
      scene.serve({ order: () => okData(placedInEnglish, 201), publicOrder: () => okData(placedInEnglish) });
      renderPublicRoute(tablePath);

      expect(await screen.findByRole('heading', { level: 2, name: 'Noodle soups' })).toBeInTheDocument();
      expect(cardOf('Rare beef pho')).toHaveTextContent('Choose: size, requests');
      await userEvent.click(screen.getByRole('button', { name: 'Add Rare beef pho' }));
      const sheet = within(screen.getByRole('dialog', { name: 'Rare beef pho' }));
      expect(sheet.getByRole('group', { name: /^Size/ })).toBeInTheDocument();
      expect(sheet.getByRole('radio', { name: /^Large/ })).toBeChecked();
      // The default makes the choice complete: no tap before adding.
      await userEvent.click(sheet.getByRole('button', { name: /^Add ·/ }));
      await userEvent.click(screen.getByRole('button', { name: 'Add Bún chả' }));
      expect(within(cardOf('Rare beef pho')).getByText('1')).toBeInTheDocument();

      const cart = await openCart();
      const lines = within(cart).getByRole('list', { name: 'Dishes in your cart' });
      expect(
        within(lines)
          .getAllByRole('listitem')
          .map((line) => line.textContent),
      ).toEqual([expect.stringMatching(/^Rare beef phoLarge \+10\.000/), expect.stringMatching(/^Bún chả1 × 55\.000/)]);
      await userEvent.click(within(cart).getByRole('button', { name: 'Place order' }));

      // The order keeps the names as sold; the diner reads it by the menu's English names.
      expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
      const dishes = within(screen.getByRole('region', { name: 'Round 1 · Waiting for the staff' })).getAllByRole(
        'listitem',
      );
      expect(dishes[0]).toHaveTextContent(/^1 × Rare beef phoLarge75\.000/);
    });

    it('keeps to the limit of one dish per order in the sheet', async () => {
      scene.menu = withPhoTai();
      const keptCart = Array.from({ length: 19 }, (_, i) => ({
        id: `e${i}`,
        itemId: phoTai._id,
        name: phoTai.name,
        price: 60_000,
        options: [{ id: small!._id, group: 'Size', name: 'Nhỏ', priceDelta: -5_000 }],
      }));
      sessionStorage.setItem('tableCart:4', JSON.stringify({ items: keptCart, name: '' }));
      scene.serve();
      renderPublicRoute(tablePath);

      await userEvent.click(await screen.findByRole('button', { name: 'Add one more Phở tái' }));
      const sheet = within(screen.getByRole('dialog', { name: 'Phở tái' }));
      await userEvent.click(sheet.getByRole('radio', { name: /^Lớn/ }));

      expect(sheet.getByRole('button', { name: /^Add ·/ })).toBeEnabled();
      expect(sheet.getByRole('button', { name: 'One more' })).toBeDisabled();
      await userEvent.click(sheet.getByRole('button', { name: /^Add ·/ }));
      expect(screen.getByRole('button', { name: 'Add one more Phở tái' })).toBeDisabled();
    });

    it('loads a cart kept before dishes had options as dishes without options', async () => {
      sessionStorage.setItem(
        'tableCart:4',
        JSON.stringify({
          items: [
            { id: 'a', itemId: phoBo._id, name: phoBo.name, price: 65_000 },
            { id: 'b', itemId: phoBo._id, name: phoBo.name, price: 65_000, note: 'ít bánh' },
          ],
          name: '',
        }),
      );
      scene.serve();
      renderPublicRoute(tablePath);

      const cart = await openCartWhenReady();
      await userEvent.click(within(cart).getByRole('button', { name: 'Place order' }));

      expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
      expect(scene.orderPosts()[0]?.body).toMatchObject({
        items: [
          { itemId: phoBo._id, quantity: 1 },
          { itemId: phoBo._id, quantity: 1, note: 'ít bánh' },
        ],
      });
    });

    async function openCartWhenReady() {
      await screen.findByRole('button', { name: /View your order · 2 dishes/ });
      return openCart();
    }
  });
});
