import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { okData, refusal } from '../../../test/fake-fetch';
import { makePublicMenu, phoBo } from '../../../test/data/diner';
import { renderPublicRoute } from '../../../test/render-public-route';
import { openCart, orderOnePho, placedOrder, tablePath, uuid, tableOrderingScene } from './table-ordering-test-kit';

vi.mock('../../../lib/socket', () => ({ createDinerSocket: vi.fn(), createSocket: vi.fn() }));

// Lazily loaded pages and many taps: slow on a busy two-core machine.
describe('TableOrderingPage', { timeout: 20_000 }, () => {
  const scene = tableOrderingScene();

  it('keeps the cart when the network is down and resends the same order with the same key, even after a reload', async () => {
    let online = false;
    scene.serve({ order: () => (online ? okData(placedOrder, 201) : 'network-error') });
    const firstVisit = renderPublicRoute(tablePath);

    await orderOnePho();

    // One automatic resend (MUTATION_RETRIES, lib/retry-policy.ts), then the page says so and keeps the dishes.
    expect(await screen.findByRole('heading', { name: 'Your order is not confirmed yet' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your dishes' })).toHaveTextContent('1 × Phở bò');
    expect(scene.orderPosts()).toHaveLength(2);
    const key = scene.orderPosts()[0]?.headers['idempotency-key'];
    expect(key).toMatch(uuid);
    expect(scene.orderPosts()[1]?.headers['idempotency-key']).toBe(key);
    expect(JSON.parse(sessionStorage.getItem('tableOrderPending:4')!)).toMatchObject({ idempotencyKey: key });

    // The phone reloads the page: the unconfirmed order and the cart are still there.
    firstVisit.unmount();
    renderPublicRoute(tablePath);
    expect(await screen.findByRole('heading', { name: 'Your order is not confirmed yet' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your dishes' })).toHaveTextContent('1 × Phở bò');

    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
    expect(scene.orderPosts()).toHaveLength(3);
    expect(scene.orderPosts()[2]?.headers['idempotency-key']).toBe(key);
    expect(scene.orderPosts()[2]?.body).toEqual(scene.orderPosts()[0]?.body);
    expect(sessionStorage.getItem('tableOrderPending:4')).toBeNull();
  });

  it('asks to wait when the table ordered too often, keeping the dishes and the key', async () => {
    scene.serve({ order: () => refusal(429, 'Too many requests', { 'Retry-After': '30' }) });
    renderPublicRoute(tablePath);

    await orderOnePho();

    expect(
      await screen.findByRole('heading', { name: 'Too many orders from this table; wait a moment' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/You can try again in 30 seconds\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
    expect(screen.getByRole('list', { name: 'Your dishes' })).toHaveTextContent('1 × Phở bò');
    expect(scene.orderPosts()).toHaveLength(1);
    expect(sessionStorage.getItem('tableOrderPending:4')).not.toBeNull();
  });

  it('asks to scan the QR code when the server refuses the key of an order', async () => {
    scene.serve({ order: () => refusal(403, 'Scan the QR code on your table to order') });
    renderPublicRoute(tablePath);

    await orderOnePho();

    expect(await screen.findByRole('heading', { name: 'Scan the QR code on your table' })).toBeInTheDocument();
    expect(sessionStorage.getItem('tableOrderPending:4')).toBeNull();
  });

  it('shows a refusal in the cart, reloads the menu and flags the dish that sold out', async () => {
    scene.serve({ order: () => refusal(409, 'Bún chả is not available right now') });
    renderPublicRoute(tablePath);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Bún chả' }));
    const cart = await openCart();
    scene.menu = makePublicMenu({
      categories: [{ _id: '0190a1b2-0000-7000-8000-0000000000c1', name: 'Noodles', items: [phoBo] }],
    });

    await userEvent.click(within(cart).getByRole('button', { name: 'Place order' }));

    expect(await within(cart).findByRole('alert')).toHaveTextContent('Bún chả is not available right now');
    expect(await within(cart).findByText('Not available right now')).toBeInTheDocument();
    expect(within(cart).getByRole('button', { name: 'Place order' })).toBeDisabled();
    expect(within(cart).getByText('Remove the dishes that are not available right now.')).toBeInTheDocument();
    expect(scene.fake.calls().filter((call) => call === 'GET /api/public-menu').length).toBeGreaterThanOrEqual(2);
  });
});
