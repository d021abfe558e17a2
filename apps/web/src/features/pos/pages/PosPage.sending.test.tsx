import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateOrderBody } from '@quan/contract/order';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { fail, installFakeApi, unreachable } from '../../../test/fake-api';
import { listOutbox, removeFromOutbox } from '../../../lib/outbox';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import {
  money,
  table4,
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

  it(
    'keeps the cart after a refusal and retries with the same Idempotency-Key',
    async () => {
      const user = userEvent.setup();
      let attempts = 0;
      scene.fakeApi = installFakeApi(
        posApi(() => {
          attempts += 1;
          return attempts === 1 ? fail(409, 'Table 4 already has an open order') : created(placedOrder);
        }),
      );
      const { store } = renderRoutes(routes, { path: '/menu' });

      await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
      await setCustomer(user, 'Chị Lan', '3');
      await user.click(orderPanel().getByRole('button', { name: 'Table 4, 4 seats' }));
      await user.click(orderPanel().getByRole('button', { name: 'Place order' }));

      expect(await orderPanel().findByRole('alert')).toHaveTextContent('Table 4 already has an open order');
      expect(store.getState().cart.items).toHaveLength(1);
      expect(store.getState().order.customerName).toBe('Chị Lan');
      expect(orderPanel().getByRole('list', { name: 'Dishes in this order' })).toHaveTextContent(
        `1 × ${money(65_000)}`,
      );
      // A 409 is the server's answer, not a failure to retry on its own.
      expect(attempts).toBe(1);

      await user.click(orderPanel().getByRole('button', { name: 'No table' }));
      await user.click(orderPanel().getByRole('button', { name: 'Place order' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042 placed' })).toBeInTheDocument();
      const keys = scene.fakeApi.configs
        .filter((config) => config.method === 'post')
        .map((config) => config.headers['Idempotency-Key'] as string);
      expect(keys).toEqual([store.getState().order.orderId, store.getState().order.orderId]);
      const bodies = scene.fakeApi.configs
        .filter((config) => config.method === 'post')
        .map((config) => JSON.parse(config.data as string) as CreateOrderBody);
      expect(bodies[0]?.tableId).toBe(table4._id);
      expect(bodies[1]?.tableId).toBeUndefined();
    },
    journeyTimeout,
  );
});

describe('PosPage without a connection', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(async () => {
    fakeApi?.restore();
    onlineManager.setOnline(true);
    for (const entry of await listOutbox()) await removeFromOutbox(entry.id);
  });

  async function takeOrder(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: /^Phở bò/ }));
    await user.click(dishButton('Trà đá'));
    await setCustomer(user, 'Chị Lan', '3');
    const freeTables = orderPanel().getByRole('group', { name: 'Free tables' });
    await user.click(within(freeTables).getByRole('button', { name: 'Table 4, 4 seats' }));
  }

  it(
    'keeps an order the server did not answer on the tablet, then sends it once with its key when the server is back',
    async () => {
      const user = userEvent.setup();
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      let serverUp = false;
      fakeApi = installFakeApi(posApi(() => (serverUp ? created(placedOrder) : unreachable)));
      const { store } = renderRoutes(routes, { path: '/menu' });
      await takeOrder(user);
      const orderId = store.getState().order.orderId;

      await user.click(orderPanel().getByRole('button', { name: 'Place order' }));
      expect(
        await screen.findByText('Saved on this tablet, will be sent when the connection is back'),
      ).toBeInTheDocument();
      // The screen is ready for the next guest; the header counts what waits (read back from IndexedDB, a moment later).
      expect(store.getState().cart.items).toEqual([]);
      expect(
        await screen.findByRole('button', { name: 'Saved on this tablet: 1 waits to be sent' }),
      ).toBeInTheDocument();
      const [kept] = await listOutbox();
      expect(kept).toMatchObject({ kind: 'order', state: 'waiting', estimate: 77_000 });
      expect(kept!.request).toMatchObject({ method: 'POST', url: '/api/order', idempotencyKey: orderId });
      // The server still says table 4 is free; here it is taken by the order waiting to be sent.
      expect(await orderPanel().findByRole('button', { name: 'Table 4, order waiting on this tablet' })).toBeDisabled();
      expect(
        within(orderPanel().getByRole('group', { name: 'Free tables' })).queryByRole('button', { name: /^Table 4/ }),
      ).not.toBeInTheDocument();

      // The connection is back: the same order goes with the same key, and the server's price is told.
      serverUp = true;
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(await screen.findByText('Order #1042 arrived from this tablet')).toBeInTheDocument();
      expect(
        screen.getByText(`Order #1042: the server's total is ${money(159_500)}, not ${money(77_000)} as shown offline`),
      ).toBeInTheDocument();
      const posts = fakeApi.configs.filter((config) => config.method === 'post');
      expect(new Set(posts.map((config) => config.headers['Idempotency-Key']))).toEqual(new Set([orderId]));
      expect((await listOutbox())[0]).toMatchObject({ state: 'sent', sent: { orderNo: 1042, total: 159_500 } });
      await waitFor(() =>
        expect(
          orderPanel().queryByRole('button', { name: 'Table 4, order waiting on this tablet' }),
        ).not.toBeInTheDocument(),
      );
      expect(
        screen.getByRole('button', { name: 'Saved on this tablet: nothing waits to be sent' }),
      ).toBeInTheDocument();
    },
    journeyTimeout,
  );

  it(
    'offline, keeps the order at once, says that prices are as last known, and a refused one goes back to the cart',
    async () => {
      const user = userEvent.setup();
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      fakeApi = installFakeApi(posApi(() => fail(409, 'Phở bò is sold out')));
      const { store } = renderRoutes(routes, { path: '/menu' });
      await takeOrder(user);

      act(() => onlineManager.setOnline(false));
      expect(screen.getByText(/No connection: orders and rounds are saved on this tablet/)).toHaveTextContent(
        /Prices are the menu's as last known/,
      );
      await user.click(orderPanel().getByRole('button', { name: 'Place order' }));
      expect(
        await screen.findByText('Saved on this tablet, will be sent when the connection is back'),
      ).toBeInTheDocument();
      expect(fakeApi.configs.filter((config) => config.method === 'post')).toHaveLength(0);

      // Back online, the server refuses it: the reason stays on screen until staff act.
      act(() => onlineManager.setOnline(true));
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(await screen.findByText(/Not accepted by the server: Phở bò is sold out/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Saved on this tablet: 1 waits to be sent' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Saved on this tablet' }));
      const entry = within(dialog.getByRole('listitem', { name: 'New order · Table 4' }));
      expect(entry.getByText('Not accepted: Phở bò is sold out')).toBeInTheDocument();
      expect(entry.getByText('1 × Phở bò')).toBeInTheDocument();

      await user.click(entry.getByRole('button', { name: 'Back to the cart' }));
      expect(store.getState().cart.items.map((cartItem) => cartItem.name)).toEqual(['Phở bò', 'Trà đá']);
      expect(store.getState().order).toMatchObject({ customerName: 'Chị Lan', guests: 3, table: { tableNo: 4 } });
      expect(await listOutbox()).toEqual([]);
    },
    journeyTimeout,
  );
});
