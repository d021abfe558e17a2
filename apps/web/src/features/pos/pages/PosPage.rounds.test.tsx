import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail } from '../../../test/fake-api';
import { listOutbox, removeFromOutbox } from '../../../lib/outbox';
import { renderRoutes } from '../../../test/render-routes';
import {
  money,
  pho,
  traDa,
  phoTai,
  created,
  dishButton,
  orderPanel,
  journeyTimeout,
  openOrder,
  withRound,
  tabApi,
  pickTable5,
  posScene,
} from './pos-test-kit';

describe('PosPage', () => {
  const scene = posScene();

  describe("another round for a table's open order", () => {
    it(
      "offline, keeps the round for the table's order on the tablet, with the order's version, and sends it once",
      async () => {
        const user = userEvent.setup();
        const tab = tabApi((_body, current) => {
          const next = withRound(current, 3);
          return { ...created(next), next };
        });
        scene.fakeApi = tab.api;
        renderRoutes(routes, { path: '/menu' });
        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        await pickTable5(user);
        await orderPanel().findByText(/Table 5 · order #1050 is open/);

        act(() => onlineManager.setOnline(false));
        await user.click(orderPanel().getByRole('button', { name: 'Send to kitchen' }));
        expect(
          await screen.findByText('Saved on this tablet, will be sent when the connection is back'),
        ).toBeInTheDocument();
        expect(tab.rounds).toEqual([]);
        const [kept] = await listOutbox();
        expect(kept).toMatchObject({
          kind: 'round',
          cart: { orderNo: 1050, table: { tableNo: 5 } },
          request: { method: 'POST', url: '/api/order/order-5/rounds', body: { expectedVersion: 6 } },
        });

        act(() => onlineManager.setOnline(true));
        act(() => {
          window.dispatchEvent(new Event('online'));
        });
        expect(await screen.findByText('Order #1050 arrived from this tablet')).toBeInTheDocument();
        expect(tab.rounds).toEqual([
          {
            body: { items: [{ itemId: pho._id, quantity: 1 }], expectedVersion: 6 },
            key: kept!.request.idempotencyKey,
          },
        ]);
        await removeFromOutbox(kept!.id);
      },
      journeyTimeout,
    );

    it(
      'speaks Vietnamese for a round: the rounds so far, the bill with the new dishes, "Gửi bếp"',
      async () => {
        await activateLanguage('vi', 'staff');
        const user = userEvent.setup();
        scene.fakeApi = tabApi((_body, current) => {
          const next = withRound(current, 3);
          return { ...created(next), next };
        }).api;
        renderRoutes(routes, { path: '/menu' });

        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        const panel = within(screen.getByRole('complementary', { name: 'Đơn hiện tại' }));
        const openTables = await panel.findByRole('group', { name: 'Bàn đang có đơn' });
        await user.click(within(openTables).getByRole('button', { name: 'Bàn 5, đơn #1050' }));

        expect(
          await panel.findByText('Bàn 5 · đơn #1050 đang mở — các món này sẽ vào đơn ở lượt gọi 3.'),
        ).toBeInTheDocument();
        const rounds = panel.getByRole('list', { name: 'Các lượt gọi của đơn #1050' });
        expect(
          within(rounds)
            .getAllByRole('listitem')
            .map((round) => round.textContent),
        ).toEqual(['Lượt 1Đã phục vụ2 × Phở bò', 'Lượt 2 · khách gọi tại bànBếp đang làm2 × Trà đá']);
        expect(panel.getByText(/^Không cần nhập thông tin khách/)).toBeInTheDocument();
        expect(panel.getByRole('region', { name: 'Các món đã gọi của đơn #1050' })).toBeInTheDocument();
        expect(panel.getByRole('region', { name: 'Lượt gọi mới (1)' })).toBeInTheDocument();

        const bill = within(panel.getByRole('region', { name: 'Hóa đơn' }));
        expect(bill.getByText('Đã gọi').nextSibling).toHaveTextContent(money(150_000));
        expect(bill.getByText('Món mới').nextSibling).toHaveTextContent(money(65_000));
        expect(bill.getByText('Giảm giá (GIAM10)').nextSibling).toHaveTextContent(`−${money(15_000)}`);
        expect(bill.getByText(/Mã GIAM10 sẽ được kiểm tra lại khi gửi/)).toBeInTheDocument();

        await user.click(panel.getByRole('button', { name: 'Gửi bếp' }));
        expect(await screen.findByText('Đã gửi lượt gọi 3 của đơn #1050 xuống bếp')).toBeInTheDocument();
      },
      journeyTimeout,
    );

    it(
      'shows what the table already has, the bill so far with the new dishes, and "Send to kitchen"',
      async () => {
        const user = userEvent.setup();
        scene.fakeApi = tabApi(() => fail(500, 'unused')).api;
        renderRoutes(routes, { path: '/menu' });

        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        expect(
          within(orderPanel().getByRole('group', { name: 'Free tables' })).queryByRole('button', { name: /^Table 5/ }),
        ).not.toBeInTheDocument();
        await pickTable5(user);

        expect(
          await orderPanel().findByText('Table 5 · order #1050 is open — these dishes go to it as round 3.'),
        ).toBeInTheDocument();
        const rounds = orderPanel().getByRole('list', { name: 'Rounds of order #1050' });
        expect(
          within(rounds)
            .getAllByRole('listitem')
            .map((round) => round.textContent),
        ).toEqual(['Round 1Served2 × Phở bò', 'Round 2 · from the tableIn the kitchen2 × Trà đá']);
        // The order says who it is for: no guest form, no coupon or note of its own.
        expect(orderPanel().getByText('Anh Tuấn')).toBeInTheDocument();
        expect(orderPanel().getByText(/No guest details are needed/)).toBeInTheDocument();
        expect(orderPanel().queryByLabelText('Guest name')).not.toBeInTheDocument();
        expect(orderPanel().queryByLabelText('Coupon code')).not.toBeInTheDocument();

        // 150.000 so far + 65.000 new = 215.000; the coupon's 15.000 off for now; 10 % tax on 200.000.
        const bill = within(orderPanel().getByRole('region', { name: 'Bill' }));
        expect(bill.getByText('Ordered so far').nextSibling).toHaveTextContent(money(150_000));
        expect(bill.getByText('New dishes').nextSibling).toHaveTextContent(money(65_000));
        expect(bill.getByText('Subtotal').nextSibling).toHaveTextContent(money(215_000));
        expect(bill.getByText('Discount (GIAM10)').nextSibling).toHaveTextContent(`−${money(15_000)}`);
        expect(bill.getByText('VAT 10%').nextSibling).toHaveTextContent(money(20_000));
        expect(bill.getByText('Total').nextSibling).toHaveTextContent(money(220_000));
        expect(bill.getByText(/Coupon GIAM10 re-checked when sent/)).toBeInTheDocument();

        expect(orderPanel().queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
        expect(orderPanel().getByRole('button', { name: 'Send to kitchen' })).toBeEnabled();

        // Back to a free table: the POS takes a new order again.
        await user.click(orderPanel().getByRole('button', { name: 'Table 4, 4 seats' }));
        expect(orderPanel().getByRole('button', { name: 'Place order' })).toBeInTheDocument();
        expect(orderPanel().getByLabelText('Guest name')).toBeInTheDocument();
      },
      journeyTimeout,
    );

    it(
      "sends only the cart's dishes as the next round, with an Idempotency-Key and the order's version, then starts afresh",
      async () => {
        const user = userEvent.setup();
        const server = tabApi((body, current) => {
          const next = withRound(current, current.rounds.length + 1);
          return { ...created(next), next };
        });
        scene.fakeApi = server.api;
        const { store } = renderRoutes(routes, { path: '/menu' });

        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        await user.click(dishButton('Trà đá'));
        await user.click(orderPanel().getByRole('button', { name: 'Add a note for Trà đá' }));
        await user.type(orderPanel().getByRole('textbox', { name: 'Note for Trà đá' }), 'ít đá');
        await user.click(orderPanel().getByRole('button', { name: 'Save note' }));
        await pickTable5(user);
        await orderPanel().findByText(/these dishes go to it as round 3/);
        await user.click(orderPanel().getByRole('button', { name: 'Send to kitchen' }));

        expect(await screen.findByText('Round 3 of order #1050 sent to the kitchen')).toBeInTheDocument();
        expect(server.rounds).toHaveLength(1);
        expect(server.rounds[0]?.body).toEqual({
          items: [
            { itemId: pho._id, quantity: 1 },
            { itemId: traDa._id, quantity: 1, note: 'ít đá' },
          ],
          expectedVersion: 6,
        });
        expect(server.rounds[0]?.key).toMatch(/^round:order-5:/);
        expect(scene.fakeApi.requests).not.toContain('POST /api/order');
        expect(store.getState().cart.items).toEqual([]);
        // Back to a fresh order, as the waiter walks to the next table; tapping table 5 opens its order again.
        expect(store.getState().order.table).toBeNull();
        expect(orderPanel().getByRole('button', { name: 'Table 5, order #1050' })).toHaveAttribute(
          'aria-pressed',
          'false',
        );
        await pickTable5(user);
        expect(
          await orderPanel().findByText('Table 5 · order #1050 is open — these dishes go to it as round 4.'),
        ).toBeInTheDocument();
        expect(
          within(orderPanel().getByRole('list', { name: 'Rounds of order #1050' })).getAllByRole('listitem'),
        ).toHaveLength(3);

        // The next round is another round: a new key, from the new version.
        await user.click(dishButton('Phở bò'));
        await user.click(orderPanel().getByRole('button', { name: 'Send to kitchen' }));
        expect(await screen.findByText('Round 4 of order #1050 sent to the kitchen')).toBeInTheDocument();
        expect(server.rounds[1]?.body).toEqual({ items: [{ itemId: pho._id, quantity: 1 }], expectedVersion: 7 });
        expect(server.rounds[1]?.key).toMatch(/^round:order-5:/);
        expect(server.rounds[1]?.key).not.toBe(server.rounds[0]?.key);
      },
      journeyTimeout,
    );

    it(
      'sends a dish with options as the next round, and shows the options of what the table already has',
      async () => {
        const user = userEvent.setup();
        const server = tabApi((body, current) => {
          const next = withRound(current, current.rounds.length + 1);
          return { ...created(next), next };
        });
        const large = { optionId: 'opt-lon', group: 'Size', name: 'Lớn', priceDelta: 10_000 };
        server.change({ ...openOrder, items: [{ ...openOrder.items[0]!, options: [large] }, openOrder.items[1]!] });
        scene.fakeApi = server.api;
        renderRoutes(routes, { path: '/menu' });

        await screen.findByRole('button', { name: /^Phở tái/ });
        await pickTable5(user);
        await orderPanel().findByText(/these dishes go to it as round 3/);
        expect(orderPanel().getByRole('list', { name: 'Rounds of order #1050' })).toHaveTextContent('2 × Phở bò: Lớn');

        await user.click(dishButton('Phở tái'));
        const sheet = within(screen.getByRole('dialog', { name: 'Phở tái' }));
        await user.click(sheet.getByRole('radio', { name: /^Lớn/ }));
        await user.click(sheet.getByRole('checkbox', { name: 'ít bánh' }));
        await user.click(sheet.getByRole('button', { name: /^Add ·/ }));
        expect(orderPanel().getByRole('region', { name: 'Bill' })).toHaveTextContent(`New dishes${money(75_000)}`);
        await user.click(orderPanel().getByRole('button', { name: 'Send to kitchen' }));

        expect(await screen.findByText('Round 3 of order #1050 sent to the kitchen')).toBeInTheDocument();
        expect(server.rounds[0]?.body).toEqual({
          items: [{ itemId: phoTai._id, quantity: 1, options: ['opt-lon', 'opt-it-banh'] }],
          expectedVersion: 6,
        });
      },
      journeyTimeout,
    );

    it(
      'shows the refusal of a stale version, loads the order again and keeps the cart for another try',
      async () => {
        const user = userEvent.setup();
        const stale = 'Order 1050 was changed on another screen since you opened it; its latest state is shown now';
        const server = tabApi((body, current) => {
          if (body.expectedVersion !== current.version) return fail(409, stale);
          const next = withRound(current, current.rounds.length + 1);
          return { ...created(next), next };
        });
        scene.fakeApi = server.api;
        const { store } = renderRoutes(routes, { path: '/menu' });

        await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
        await pickTable5(user);
        await orderPanel().findByText(/these dishes go to it as round 3/);
        // A diner at table 5 orders round 3 meanwhile.
        server.change(withRound(openOrder, 3, 'table'));
        const loads = () => scene.fakeApi.requests.filter((request) => request === 'GET /api/order/order-5').length;
        expect(loads()).toBe(1);

        await user.click(orderPanel().getByRole('button', { name: 'Send to kitchen' }));

        expect(await orderPanel().findByRole('alert')).toHaveTextContent(stale);
        expect(screen.getAllByText(stale)).toHaveLength(2);
        expect(store.getState().cart.items).toHaveLength(1);
        expect(orderPanel().getByRole('list', { name: 'Dishes in this order' })).toHaveTextContent(
          `1 × ${money(65_000)}`,
        );
        // The order as it now stands, with the diner's round.
        expect(
          await orderPanel().findByText('Table 5 · order #1050 is open — these dishes go to it as round 4.'),
        ).toBeInTheDocument();
        expect(loads()).toBe(2);
        expect(
          within(orderPanel().getByRole('list', { name: 'Rounds of order #1050' })).getAllByRole('listitem'),
        ).toHaveLength(3);

        // Nothing was sent, so the retry is the same round (same key) against the new version.
        await user.click(orderPanel().getByRole('button', { name: 'Send to kitchen' }));
        expect(await screen.findByText('Round 4 of order #1050 sent to the kitchen')).toBeInTheDocument();
        expect(server.rounds.map((round) => round.body.expectedVersion)).toEqual([6, 7]);
        expect(server.rounds[1]?.key).toBe(server.rounds[0]?.key);
        expect(store.getState().cart.items).toEqual([]);
      },
      journeyTimeout,
    );
  });
});
