import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderStatus } from '@quan/contract/order';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeLine, makeOrder } from '../../../test/data/orders';
import { card, minutesAgo, serveOrders, ordersScene } from './orders-test-kit';

/** Every card's number and the moves it offers, read in one pass over the list. */
function offeredMoves(): Record<string, string[]> {
  return Object.fromEntries(
    screen
      .getAllByRole('article')
      .map((article) => [
        within(article).getByRole('heading').textContent?.split(' ')[0],
        Array.from(article.querySelectorAll('[aria-label="Move the order"] button'), (button) => button.textContent),
      ]),
  );
}

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('OrdersPage', { timeout: 20_000 }, () => {
  const scene = ordersScene();

  it('offers only the moves allowed from each status, on the Active tab by default', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const statuses: OrderStatus[] = ['pending', 'in_progress', 'ready', 'served', 'completed', 'cancelled'];
    scene.server = serveOrders(statuses.map((status, index) => makeOrder({ orderNo: 101 + index, status })));
    renderRoutes(routes, { path: '/orders?status=all' });

    await screen.findByRole('article', { name: /^#101 / });
    expect(offeredMoves()).toEqual({
      '#101': ['Accept order #101', 'Reject order #101'],
      '#102': ['Ready order #102', 'Cancel order #102'],
      '#103': ['Served order #103', 'Complete order #103'],
      '#104': ['Complete order #104'],
      '#105': [],
      '#106': [],
    });
    // An open order's bill can be changed by hand; a closed one's cannot.
    expect(
      within(card(101).getByRole('group', { name: 'Change the bill' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Void dishes of order #101',
      'Move dishes of order #101',
      'Merge a table into order #101',
      'Split bill of order #101',
    ]);
    expect(card(105).queryByRole('group', { name: 'Change the bill' })).not.toBeInTheDocument();

    const tabs = within(screen.getByRole('group', { name: 'Order status' }));
    await userEvent.click(tabs.getByRole('button', { name: 'Active' }));
    await waitFor(() => expect(Object.keys(offeredMoves())).toEqual(['#101', '#102', '#103', '#104']));
    expect(tabs.getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'true');
    expect(scene.server.fakeApi.configs.at(-1)?.params).toMatchObject({ status: 'pending,in_progress,ready,served' });
  });

  it('shows table, guests, lines, total, elapsed time and the diner badge on a card', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    scene.server = serveOrders([
      makeOrder({ orderNo: 1042, status: 'pending', source: 'table', createdAt: minutesAgo(12) }),
      makeOrder({ orderNo: 1043, table: null, customerDetails: { name: 'Lê Văn Cường', phone: '', guests: 1 } }),
    ]);
    renderRoutes(routes, { path: '/orders' });

    const diner = within(await screen.findByRole('article', { name: '#1042 · Table 4' }));
    expect(diner.getByText('Diner order')).toBeInTheDocument();
    expect(diner.getByText('Waiting for approval')).toBeInTheDocument();
    expect(diner.getByText('12 min ago')).toBeInTheDocument();
    expect(diner.getByText('2 guests')).toBeInTheDocument();
    expect(diner.getByText('“ít đá”')).toBeInTheDocument();
    expect(diner.getByText(/151\.200\s₫/)).toBeInTheDocument();
    const takeaway = within(screen.getByRole('article', { name: '#1043 · Takeaway' }));
    expect(takeaway.getByText('1 guest')).toBeInTheDocument();
    expect(takeaway.queryByText('Diner order')).not.toBeInTheDocument();
  });

  it('speaks Vietnamese: the cards, their buttons, the status tabs and the toasts', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    scene.server = serveOrders([
      makeOrder({ orderNo: 1042, status: 'pending', source: 'table', createdAt: minutesAgo(12) }),
      makeOrder({ orderNo: 1043, table: null, customerDetails: { name: '', phone: '', guests: 1 } }),
    ]);
    renderRoutes(routes, { path: '/orders' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Đơn hàng' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('group', { name: 'Trạng thái đơn' }));
    expect(tabs.getByRole('button', { name: 'Đang mở' })).toHaveAttribute('aria-pressed', 'true');
    expect(tabs.getByRole('button', { name: 'Chờ xác nhận' })).toBeInTheDocument();
    const diner = within(await screen.findByRole('article', { name: '#1042 · Bàn 4' }));
    expect(diner.getByText('Khách tự gọi')).toBeInTheDocument();
    expect(diner.getAllByText('Chờ xác nhận')).toHaveLength(2);
    expect(diner.getByText('12 phút trước')).toBeInTheDocument();
    expect(diner.getByText('2 khách')).toBeInTheDocument();
    const takeaway = within(screen.getByRole('article', { name: '#1043 · Mang về' }));
    expect(takeaway.getByText('Khách')).toBeInTheDocument();
    expect(takeaway.getByRole('button', { name: 'Hủy đơn #1043' })).toBeInTheDocument();

    await userEvent.click(diner.getByRole('button', { name: 'Xác nhận đơn #1042' }));
    expect(await screen.findByText('Đơn #1042 đã được xác nhận.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Hủy đơn #1043' }));
    const dialog = screen.getByRole('dialog', { name: 'Hủy đơn #1043?' });
    expect(dialog).toHaveTextContent('Mang về · Khách. Đơn dừng tại đây');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Có, hủy đơn' }));
    expect(await screen.findByText('Đơn #1043 đã bị hủy.')).toBeInTheDocument();
  });

  it('says in Vietnamese which order a merged one went into, beside the guests’ own note', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const merged = makeOrder({ orderNo: 5502, status: 'cancelled', note: 'ít cay', mergedIntoOrderNo: 5508 });
    scene.server = serveOrders([merged]);
    renderRoutes(routes, { path: '/orders?status=all' });

    const emptied = within(await screen.findByRole('article', { name: /^#5502 / }));
    expect(emptied.getByText('Đã gộp vào đơn #5508')).toBeInTheDocument();
    expect(emptied.getByText('Ghi chú: ít cay')).toBeInTheDocument();
  });

  it('shows a dish’s options under it, in bold dish and plain options', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    scene.server = serveOrders([
      makeOrder({
        orderNo: 1042,
        items: [
          makeLine({
            name: 'Phở bò',
            price: 75000,
            quantity: 2,
            voidedQuantity: 1,
            position: 0,
            options: [
              { optionId: null, group: 'Size', name: 'Lớn', priceDelta: 10000 },
              { optionId: null, group: 'Preferences', name: 'không hành', priceDelta: 0 },
            ],
          }),
        ],
      }),
    ]);
    renderRoutes(routes, { path: '/orders' });

    const order = within(await screen.findByRole('article', { name: /^#1042 / }));
    expect(order.getByRole('listitem')).toHaveTextContent('1 × Phở bòLớn · không hành (1 voided)');
    expect(order.getByText('Phở bò')).toHaveClass('font-bold');
    expect(order.getByText('Lớn · không hành')).toBeInTheDocument();
  });

  it('sends the chosen status tab and the dates as the restaurant day bounds', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    scene.server = serveOrders([makeOrder({ orderNo: 1042, status: 'completed' })]);
    const { router } = renderRoutes(routes, { path: '/orders' });
    await screen.findByText('No active orders.');

    await userEvent.click(screen.getByRole('button', { name: 'Completed' }));
    await screen.findByRole('article', { name: /^#1042 / });
    // Typed as the screen writes days, whatever the browser's own format.
    await userEvent.type(screen.getByLabelText('From'), '15/01/2026');
    await userEvent.type(screen.getByLabelText('To'), '16/01/2026');

    await waitFor(() =>
      expect(scene.server.fakeApi.configs.at(-1)?.params).toEqual({
        status: 'completed',
        startDate: '2026-01-14T17:00:00.000Z',
        endDate: '2026-01-16T16:59:59.999Z',
        page: 1,
        limit: 20,
      }),
    );
    expect(router.state.location.search).toBe('?status=completed&from=2026-01-15&to=2026-01-16');
  });
});
