import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { orderStatusOfRounds, type RoundStatus } from '@quan/contract/rounds';
import type { PublicOrder } from '@quan/contract/public';
import { okData } from '../../../test/fake-fetch';
import { makePublicOrder, traDa } from '../../../test/data/diner';
import { renderPublicRoute } from '../../../test/render-public-route';
import { openCart, placedOrder, tableKey, tablePath, tableOrderingScene } from './table-ordering-test-kit';

vi.mock('../../../lib/socket', () => ({ createDinerSocket: vi.fn(), createSocket: vi.fn() }));

/**
 * The table's order once a second round of two Trà đá joined it (from this phone or another at the table):
 * the first round (Phở bò, Bún chả) and the second each in their own status, one bill for both.
 */
function withSecondRound(second: RoundStatus, first: RoundStatus = 'served'): PublicOrder {
  const order = makePublicOrder();
  const rounds: PublicOrder['rounds'] = [
    { ...order.rounds[0]!, status: first },
    { no: 2, status: second, source: 'table', sentAt: '2026-01-15T05:40:00.000Z' },
  ];
  return {
    ...order,
    status: orderStatusOfRounds(rounds),
    items: [
      ...order.items,
      {
        itemId: traDa._id,
        name: traDa.name,
        price: 5_000,
        quantity: 2,
        note: '',
        options: [],
        vatRate: 8,
        stationId: null,
        startedAt: null,
        readyAt: null,
        total: 10_000,
        position: 2,
        roundNo: 2,
        voidedQuantity: 0,
      },
    ],
    rounds,
    bills: {
      subtotal: 195_000,
      discount: 0,
      serviceRate: 0,
      serviceCharge: 0,
      taxes: [{ vatRate: 8, taxable: 195_000, tax: 15_600 }],
      serviceVatRate: 8,
      pricesIncludeTax: false,
      tax: 15_600,
      total: 210_600,
    },
  };
}

// Lazily loaded pages and many taps: slow on a busy two-core machine.
describe('TableOrderingPage', { timeout: 20_000 }, () => {
  const scene = tableOrderingScene();

  describe("the table's rounds", () => {
    const followOrder = () =>
      sessionStorage.setItem(
        'tableOrder:4',
        JSON.stringify({ orderId: placedOrder._id, trackingToken: 'tracking-secret', tableNo: 4 }),
      );
    const orderLoads = () => scene.fake.calls().filter((call) => call.startsWith('GET /api/public/orders/')).length;
    const round = (name: string) => screen.getByRole('region', { name });
    const dishesOf = (region: HTMLElement) =>
      within(region)
        .getAllByRole('listitem')
        .map((line) => line.textContent);
    const total = () => screen.getByText('Total').nextSibling;

    it('shows two rounds after a second order from the phone joins the same order, and lets the table order more', async () => {
      followOrder();
      let current = makePublicOrder({ status: 'served' });
      scene.serve({
        publicOrder: () => okData(current),
        order: () => {
          current = withSecondRound('pending');
          return okData({ ...current, trackingToken: 'tracking-secret' }, 201);
        },
      });
      renderPublicRoute(tablePath);

      expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
      expect(round('Round 1 · Served')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Order more dishes' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Add Trà đá' }));
      await userEvent.click(screen.getByRole('button', { name: 'Add one more Trà đá' }));
      const cart = await openCart();
      expect(within(cart).getByText(/These dishes join your table's order #1042 as a new round/)).toBeInTheDocument();
      await userEvent.click(within(cart).getByRole('button', { name: 'Place order' }));

      expect(await screen.findByRole('heading', { name: 'Order #1042' })).toHaveFocus();
      // A diner's order, as ever: the server decides that it joins the table's open order.
      expect(scene.orderPosts()[0]?.body).toEqual({
        tableNo: 4,
        tableKey,
        items: [{ itemId: traDa._id, quantity: 2 }],
      });
      expect(JSON.parse(sessionStorage.getItem('tableOrder:4')!)).toMatchObject({ orderId: placedOrder._id });

      expect(dishesOf(round('Round 1 · Served'))).toEqual([
        expect.stringMatching(/^2 × Phở bò/),
        expect.stringMatching(/^1 × Bún chả“ít cay”/),
      ]);
      expect(dishesOf(round('Round 2 · Waiting for the staff'))).toEqual([expect.stringMatching(/^2 × Trà đá10\.000/)]);
      // The whole table's bill, and the order waits for the staff to accept the new round.
      expect(total()).toHaveTextContent(/210\.600/);
      expect(screen.getByRole('status')).toHaveTextContent('Received');
      expect(screen.getByRole('button', { name: 'Order more dishes' })).toBeInTheDocument();
    });

    it('applies a follower update to the round it moves, without loading the order again', async () => {
      followOrder();
      scene.serve({ publicOrder: () => okData(withSecondRound('pending')) });
      renderPublicRoute(tablePath);

      expect(await screen.findByRole('region', { name: 'Round 2 · Waiting for the staff' })).toBeInTheDocument();
      await waitFor(() => expect(scene.socket.isListening('order:updated')).toBe(true));
      await waitFor(() => expect(screen.getByText('Live')).toBeInTheDocument());
      const loads = orderLoads();

      const staffAccept = withSecondRound('in_progress');
      scene.socket.serverEmit('order:updated', {
        _id: placedOrder._id,
        orderNo: 1042,
        status: staffAccept.status,
        rounds: staffAccept.rounds,
      });

      expect(round('Round 2 · Preparing')).toBeInTheDocument();
      expect(dishesOf(round('Round 2 · Preparing'))).toEqual([expect.stringMatching(/^2 × Trà đá/)]);
      expect(round('Round 1 · Served')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: /Waiting for the staff/ })).not.toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Preparing');
      expect(orderLoads()).toBe(loads);
    });

    it('loads the dishes of a round sent from another phone at the table when its update arrives', async () => {
      followOrder();
      let current = makePublicOrder({ status: 'in_progress' });
      scene.serve({ publicOrder: () => okData(current) });
      renderPublicRoute(tablePath);

      expect(await screen.findByRole('region', { name: 'Round 1 · Preparing' })).toBeInTheDocument();
      await waitFor(() => expect(scene.socket.isListening('order:updated')).toBe(true));
      expect(total()).toHaveTextContent(/199\.800/);

      current = withSecondRound('pending', 'in_progress');
      scene.socket.serverEmit('order:updated', {
        _id: placedOrder._id,
        orderNo: 1042,
        status: current.status,
        rounds: current.rounds,
      });

      expect(await screen.findByText(/^2 × Trà đá/)).toBeInTheDocument();
      expect(round('Round 2 · Waiting for the staff')).toBeInTheDocument();
      expect(round('Round 1 · Preparing')).toBeInTheDocument();
      expect(total()).toHaveTextContent(/210\.600/);
      expect(screen.getByRole('status')).toHaveTextContent('Received');
    });

    it("lists the bill's VAT by rate, in the diner's language", async () => {
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['vi-VN']);
      followOrder();
      // The first round's food at 8 %, a second round of beer at 10 %.
      const order = withSecondRound('pending');
      const beer = { ...order.items[2]!, name: 'Bia Hà Nội', price: 25_000, total: 50_000, vatRate: 10 as const };
      scene.serve({
        publicOrder: () =>
          okData({
            ...order,
            items: [...order.items.slice(0, 2), beer],
            bills: {
              ...order.bills,
              subtotal: 235_000,
              taxes: [
                { vatRate: 8, taxable: 185_000, tax: 14_800 },
                { vatRate: 10, taxable: 50_000, tax: 5_000 },
              ],
              tax: 19_800,
              total: 254_800,
            },
          }),
      });
      renderPublicRoute(tablePath);

      const vat8 = await screen.findByText('VAT 8%');
      expect(vat8.nextSibling).toHaveTextContent(/14\.800/);
      expect(screen.getByText('VAT 10%').nextSibling).toHaveTextContent(/5\.000/);
      expect(screen.getByText('Tổng cộng').nextSibling).toHaveTextContent(/254\.800/);
    });
  });
});
