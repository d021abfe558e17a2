import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-routes';
import {
  bunBo,
  created,
  dishButton,
  drinks,
  item,
  journeyTimeout,
  money,
  noodles,
  openOrder,
  orderPanel,
  pickTable5,
  posApi,
  posScene,
  tabApi,
  traDa,
} from './pos-test-kit';

/** The bill's rows as the panel shows them: each label and its amount. */
function billRows() {
  const bill = within(orderPanel().getByRole('region', { name: 'Bill' }));
  return bill
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextSibling?.textContent}`.replace(/\s/g, ' '));
}

describe('PosPage', () => {
  const scene = posScene();

  it(
    "shows and prints the bill of a table's open order between rounds",
    async () => {
      const user = userEvent.setup();
      scene.fakeApi = tabApi(() => created(openOrder)).api;
      const printed: string[] = [];
      vi.spyOn(window, 'print').mockImplementation(() => {
        printed.push(document.querySelector('body > .print-sheet')?.textContent ?? '');
        window.dispatchEvent(new Event('afterprint'));
      });
      renderRoutes(routes, { path: '/menu' });
      await screen.findByRole('complementary', { name: 'Current order' }, { timeout: 10_000 });
      await pickTable5(user);

      await user.click(await orderPanel().findByRole('button', { name: 'Bill of order #1050' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Bill · Order #1050' }));
      const bill = within(dialog.getByRole('article', { name: 'Bill for order 1050' }));
      // The voided Trà đá is off the bill: two of three are left.
      expect(bill.getAllByRole('listitem').map((line) => line.firstChild?.textContent)).toEqual([
        `${openOrder.items[0]!.quantity} × Phở bò`,
        '2 × Trà đá',
      ]);

      await user.click(dialog.getByRole('button', { name: 'Print' }));
      await waitFor(() => expect(printed).toHaveLength(1));
      expect(printed[0]).toContain('Order #1050');
      expect(scene.fakeApi!.requests).toContain('POST /api/order/order-5/prints');
    },
    journeyTimeout,
  );

  it(
    'estimates a cart of dishes at 8 % and 10 % with one VAT line per rate, adding up to the total',
    async () => {
      const user = userEvent.setup();
      // Food at 8 % (the VAT reduction), beer at the restaurant's default 10 %.
      const pho8 = item('item-pho', 'Phở bò', 65_000, noodles, { billedVatRate: 8 });
      const beer = item('item-bia', 'Bia Hà Nội', 25_000, drinks);
      scene.fakeApi = installFakeApi(
        posApi(
          () => created(openOrder),
          ({ method, url }) => (method === 'GET' && url === '/api/item' ? ok([pho8, beer, traDa, bunBo]) : null),
        ),
      );
      renderRoutes(routes, { path: '/menu' });

      await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
      await user.click(dishButton('Bia Hà Nội'));
      await user.click(dishButton('Bia Hà Nội'));

      // 65.000 at 8 % and 50.000 at 10 %: 5.200 + 5.000 of VAT on 115.000.
      expect(billRows()).toEqual([
        `Subtotal ${money(115_000)}`,
        `Discount ${money(0)}`,
        `VAT 8% ${money(5_200)}`,
        `VAT 10% ${money(5_000)}`,
        `Total ${money(125_200)}`,
      ]);
    },
    journeyTimeout,
  );

  it(
    "estimates a round at the rates of the order's own lines and of the new dishes, the discount shared between them",
    async () => {
      const user = userEvent.setup();
      const server = tabApi(() => created(openOrder));
      // The Trà đá already ordered was billed at 8 %; the Phở at 10 %, as the new Phở will be.
      server.change({
        ...openOrder,
        items: [openOrder.items[0]!, { ...openOrder.items[1]!, vatRate: 8 }],
        bills: {
          ...openOrder.bills,
          taxes: [
            { vatRate: 8, taxable: 9_000, tax: 720 },
            { vatRate: 10, taxable: 126_000, tax: 12_600 },
          ],
          tax: 13_320,
          total: 148_320,
        },
      });
      scene.fakeApi = server.api;
      renderRoutes(routes, { path: '/menu' });

      await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
      await pickTable5(user);

      // 10.000 at 8 % and 140.000 + 65.000 at 10 %, less 15.000 (GIAM10) shared 698 and 14.302.
      await orderPanel().findByText('Ordered so far');
      expect(billRows()).toEqual([
        `Ordered so far ${money(150_000)}`,
        `New dishes ${money(65_000)}`,
        `Subtotal ${money(215_000)}`,
        `Discount (GIAM10) −${money(15_000)}`,
        `VAT 8% ${money(744)}`,
        `VAT 10% ${money(19_070)}`,
        `Total ${money(219_814)}`,
      ]);
    },
    journeyTimeout,
  );
});
