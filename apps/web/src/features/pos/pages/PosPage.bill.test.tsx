import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { renderRoutes } from '../../../test/render-routes';
import { created, journeyTimeout, openOrder, orderPanel, pickTable5, posScene, tabApi } from './pos-test-kit';

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
});
