import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { refusal } from '../../../test/fake-fetch';
import { bunCha, phoBo } from '../../../test/data/diner';
import { renderPublicRoute } from '../../../test/render-public-route';
import {
  cardOf,
  openCart,
  placedOrder,
  tableKey,
  tablePath,
  uuid,
  tableOrderingScene,
} from './table-ordering-test-kit';

vi.mock('../../../lib/socket', () => ({ createDinerSocket: vi.fn(), createSocket: vi.fn() }));

// Lazily loaded pages and many taps: slow on a busy two-core machine.
describe('TableOrderingPage', { timeout: 20_000 }, () => {
  const scene = tableOrderingScene();

  it('asks to scan the QR code when the link has no key, without asking about the table', async () => {
    scene.serve();
    renderPublicRoute('/table/4');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Scan the QR code on your table' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the menu' })).toHaveAttribute('href', '/public-menu');
    // Only the scene.menu, which every diner page starts loading with its code.
    expect(scene.fake.calls()).toEqual(['GET /api/public-menu']);
  });

  it('says when there is no such table', async () => {
    scene.serve({ table: () => refusal(404, 'There is no table 99') });
    renderPublicRoute(`/table/99?key=${tableKey}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'There is no table 99' })).toBeInTheDocument();
    expect(scene.fake.calls()).toContain(`GET /api/public/tables/99?key=${tableKey}`);
  });

  it("asks to scan the QR code at once when the key is not the table's, before any dish is chosen", async () => {
    scene.serve({ table: () => refusal(403, 'Scan the QR code on your table to order') });
    renderPublicRoute('/table/4?key=old-code');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Scan the QR code on your table' }),
    ).toBeInTheDocument();
    expect(scene.fake.calls()).toContain('GET /api/public/tables/4?key=old-code');
    expect(screen.queryByRole('button', { name: 'Add Phở bò' })).not.toBeInTheDocument();
  });

  it('says so for a table number that cannot exist, without asking', async () => {
    scene.serve();
    renderPublicRoute(`/table/abc?key=${tableKey}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'There is no table abc' })).toBeInTheDocument();
    expect(scene.fake.calls()).toEqual(['GET /api/public-menu']);
  });

  it('adds and removes dishes, then sends dishes and quantities (no prices) with an Idempotency-Key', async () => {
    scene.serve();
    renderPublicRoute(tablePath);

    await userEvent.click(await screen.findByRole('button', { name: 'Add Phở bò' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add one more Phở bò' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add one more Phở bò' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove one Phở bò' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Bún chả' }));

    expect(within(cardOf('Phở bò')).getByText('2')).toBeInTheDocument();
    expect(within(cardOf('Bún chả')).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /View your order · 3 dishes/ })).toHaveTextContent(/185\.000/);

    const cart = await openCart();
    const lines = within(cart).getByRole('list', { name: 'Dishes in your cart' });
    // Not the name field: a phone's keyboard would cover the cart.
    expect(lines).toHaveFocus();
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      expect.stringMatching(/^Phở bò2 × 65\.000\s₫130\.000\s₫/),
      expect.stringMatching(/^Bún chả1 × 55\.000\s₫55\.000\s₫/),
    ]);
    await userEvent.click(within(cart).getByRole('button', { name: 'Add one more Bún chả' }));
    await userEvent.click(within(cart).getByRole('button', { name: 'Remove one Bún chả' }));
    await userEvent.click(within(cart).getByRole('button', { name: 'Add a note for Bún chả' }));
    await userEvent.type(within(cart).getByRole('textbox', { name: 'Note for Bún chả' }), 'ít cay');
    await userEvent.click(within(cart).getByRole('button', { name: 'Save note' }));
    await userEvent.type(within(cart).getByRole('textbox', { name: 'Your name (optional)' }), 'Chị Lan');
    await userEvent.click(within(cart).getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('heading', { name: 'Order #1042' })).toHaveFocus();
    const [post] = scene.orderPosts();
    expect(post?.body).toEqual({
      tableNo: 4,
      tableKey,
      customerDetails: { name: 'Chị Lan' },
      items: [
        { itemId: phoBo._id, quantity: 2 },
        { itemId: bunCha._id, quantity: 1, note: 'ít cay' },
      ],
    });
    expect(JSON.stringify(post?.body)).not.toMatch(/price|65000|55000/);
    expect(post?.headers['idempotency-key']).toMatch(uuid);
    expect(post?.credentials).toBe('omit');

    // The order is followed from now on; the cart and the sent order are done with.
    expect(JSON.parse(sessionStorage.getItem('tableOrder:4')!)).toEqual({
      orderId: placedOrder._id,
      trackingToken: 'tracking-secret',
      tableNo: 4,
    });
    expect(sessionStorage.getItem('tableOrderPending:4')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('tableCart:4')!)).toEqual({ items: [], name: 'Chị Lan' });
    await waitFor(() =>
      expect(scene.socket.emitted).toContainEqual({
        event: 'track-order',
        payload: { orderId: placedOrder._id, token: 'tracking-secret' },
      }),
    );
  });

  it('speaks the phone’s language: a Vietnamese diner adds a dish, opens the cart and orders, all in Vietnamese', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['vi-VN']);
    scene.serve();
    renderPublicRoute(tablePath);

    expect(await screen.findByRole('heading', { level: 1, name: 'Bàn 4' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('vi');
    await waitFor(() => expect(document.title).toBe('Bàn 4 · Quán'));
    await userEvent.click(await screen.findByRole('button', { name: 'Thêm Phở bò' }));
    await userEvent.click(screen.getByRole('button', { name: 'Thêm một phần Phở bò' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bớt một phần Phở bò' }));
    await userEvent.click(screen.getByRole('button', { name: /Xem món đã chọn · 1 món/ }));

    const cart = screen.getByRole('dialog', { name: 'Món đã chọn · Bàn 4' });
    expect(within(cart).getByRole('list', { name: 'Các món đã chọn' })).toHaveTextContent(/^Phở bò1 × 65\.000/);
    await userEvent.type(within(cart).getByRole('textbox', { name: 'Tên của bạn (không bắt buộc)' }), 'Chị Lan');
    await userEvent.click(within(cart).getByRole('button', { name: 'Gọi món' }));

    expect(await screen.findByRole('heading', { name: 'Đơn #1042' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Đã nhận');
    expect(screen.getByRole('list', { name: 'Tiến độ' })).toHaveTextContent('Đang chuẩn bị');
    expect(screen.getByRole('region', { name: 'Lượt 1 · Chờ nhân viên xác nhận' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gọi thêm món' })).toBeInTheDocument();
    expect(scene.orderPosts()[0]?.body).toMatchObject({
      customerDetails: { name: 'Chị Lan' },
      items: [{ quantity: 1 }],
    });
  });

  it('keeps the cart of a table across a reload', async () => {
    scene.serve();
    const firstVisit = renderPublicRoute(tablePath);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Phở bò' }));
    firstVisit.unmount();

    renderPublicRoute(tablePath);

    expect(await screen.findByRole('button', { name: 'Remove one Phở bò' })).toBeInTheDocument();
    expect(within(cardOf('Phở bò')).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /View your order · 1 dish/ })).toHaveTextContent(/65\.000/);
  });
});
