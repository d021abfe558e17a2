import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { okData } from '../../../test/fake-fetch';
import { bunCha, makePublicOrder } from '../../../test/data/diner';
import { renderPublicRoute } from '../../../test/render-public-route';
import { placedOrder, tablePath, tableOrderingScene } from './table-ordering-test-kit';

vi.mock('../../../lib/socket', () => ({ createDinerSocket: vi.fn(), createSocket: vi.fn() }));

// Lazily loaded pages and many taps: slow on a busy two-core machine.
describe('TableOrderingPage', { timeout: 20_000 }, () => {
  const scene = tableOrderingScene();

  it('restores the order from sessionStorage after a reload and follows it live', async () => {
    sessionStorage.setItem(
      'tableOrder:4',
      JSON.stringify({ orderId: placedOrder._id, trackingToken: 'tracking-secret', tableNo: 4 }),
    );
    let current = makePublicOrder();
    scene.serve({ publicOrder: () => okData(current) });
    renderPublicRoute(tablePath);

    expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Received');
    expect(scene.fake.calls()).toContain(`GET /api/public/orders/${placedOrder._id}?token=tracking-secret`);
    await waitFor(() =>
      expect(scene.socket.emitted).toContainEqual({
        event: 'track-order',
        payload: { orderId: placedOrder._id, token: 'tracking-secret' },
      }),
    );
    expect(screen.getByText('Live')).toBeInTheDocument();

    scene.socket.serverEmit('order:updated', {
      _id: '0190a1b2-0000-7000-8000-00000000ffff',
      orderNo: 7,
      status: 'ready',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Received');

    scene.socket.serverEmit('order:updated', { _id: placedOrder._id, orderNo: 1042, status: 'in_progress' });
    expect(screen.getByRole('status')).toHaveTextContent('Preparing');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Preparing');

    // Back from a lost connection: it follows again and catches up on what it missed.
    current = makePublicOrder({ status: 'ready' });
    const emittedBefore = scene.socket.emitted.length;
    scene.socket.reconnect();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Ready'));
    expect(scene.socket.emitted.length).toBe(emittedBefore + 1);

    await userEvent.click(screen.getByRole('button', { name: 'Order more dishes' }));
    expect(await screen.findByRole('button', { name: /Your order #1042\s*·\s*Ready/ })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Add Phở bò' })).toBeInTheDocument();
  });

  it('catches up on a change made between loading the order and joining its live updates', async () => {
    sessionStorage.setItem(
      'tableOrder:4',
      JSON.stringify({ orderId: placedOrder._id, trackingToken: 'tracking-secret', tableNo: 4 }),
    );
    let loads = 0;
    // Staff accept the order after the page loaded it but before its socket joined: no event reaches it.
    scene.serve({ publicOrder: () => okData(makePublicOrder(++loads === 1 ? {} : { status: 'in_progress' })) });
    renderPublicRoute(tablePath);

    expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Preparing'));
    expect(loads).toBe(2);
  });

  it('shows a cancelled order as cancelled', async () => {
    sessionStorage.setItem(
      'tableOrder:4',
      JSON.stringify({ orderId: placedOrder._id, trackingToken: 'tracking-secret', tableNo: 4 }),
    );
    scene.serve();
    renderPublicRoute(tablePath);
    await screen.findByRole('heading', { name: 'Order #1042' });
    await waitFor(() => expect(scene.socket.isListening('order:updated')).toBe(true));

    scene.socket.serverEmit('order:updated', { _id: placedOrder._id, orderNo: 1042, status: 'cancelled' });

    expect(screen.getByRole('status')).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('list', { name: 'Progress' })).not.toBeInTheDocument();
  });

  it('opens on the scene.menu, with the order one tap away, when a cart was being filled', async () => {
    sessionStorage.setItem(
      'tableOrder:4',
      JSON.stringify({ orderId: placedOrder._id, trackingToken: 'tracking-secret', tableNo: 4 }),
    );
    sessionStorage.setItem(
      'tableCart:4',
      JSON.stringify({ items: [{ id: 'a', itemId: bunCha._id, name: bunCha.name, price: 55_000 }], name: '' }),
    );
    scene.serve();
    renderPublicRoute(tablePath);

    await userEvent.click(await screen.findByRole('button', { name: /Your order #1042/ }));

    expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Order more dishes' }));
    expect(screen.getByRole('button', { name: /View your order · 1 dish/ })).toBeInTheDocument();
  });
});
