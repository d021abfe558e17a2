import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ServerToClientEvents } from '@quan/contract/realtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '../features/orders/components/order-fixtures';
import { makeTable } from '../features/tables/components/table-fixtures';
import { createQueryClient } from '../lib/query-client';
import { queryRoots } from '../lib/query-keys';
import type { AppSocket } from '../lib/socket';
import { SocketContext } from '../lib/socket-context';
import { LiveUpdates, newOrderMessage } from './LiveUpdates';

type EventName = keyof ServerToClientEvents;

/** Just enough of a socket.io client to emit server events at the component. */
function createFakeSocket() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on(event: string, listener: (payload: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return socket;
    },
    off(event: string, listener: (payload: unknown) => void) {
      listeners.get(event)?.delete(listener);
      return socket;
    },
  };
  return {
    socket: socket as unknown as AppSocket,
    emit: <E extends EventName>(event: E, ...payload: Parameters<ServerToClientEvents[E]>) =>
      act(() => listeners.get(event)?.forEach((listener) => listener(payload[0]))),
    listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

/** A screen that shows how often each kind of data has been fetched. */
function FetchCounters({ counts }: { counts: Record<'orders' | 'tables' | 'menu', number> }) {
  const key = (name: keyof typeof counts) => [...queryRoots[name], 'test'];
  const fetchOf = (name: keyof typeof counts) => () => ++counts[name];
  const orders = useQuery({ queryKey: key('orders'), queryFn: fetchOf('orders') });
  const tables = useQuery({ queryKey: key('tables'), queryFn: fetchOf('tables') });
  const menu = useQuery({ queryKey: key('menu'), queryFn: fetchOf('menu') });
  return <p>{`orders ${orders.data ?? 0} · tables ${tables.data ?? 0} · menu ${menu.data ?? 0}`}</p>;
}

const oscillatorsStarted: number[] = [];

class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  createGain() {
    return {
      connect: () => undefined,
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
    };
  }
  createOscillator() {
    const oscillator = {
      type: 'sine',
      frequency: { setValueAtTime: (hz: number) => oscillatorsStarted.push(hz) },
      connect: () => undefined,
      start: () => undefined,
      stop: () => undefined,
    };
    return oscillator;
  }
  resume() {
    return Promise.resolve();
  }
}

function renderLiveUpdates() {
  const fake = createFakeSocket();
  const counts = { orders: 0, tables: 0, menu: 0 };
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <SnackbarProvider maxSnack={3} autoHideDuration={3000}>
        <SocketContext value={{ socket: fake.socket, isConnected: true }}>
          <LiveUpdates />
          <FetchCounters counts={counts} />
        </SocketContext>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { ...fake, ...view };
}

describe('LiveUpdates', () => {
  beforeAll(() => vi.stubGlobal('AudioContext', FakeAudioContext));
  afterAll(() => vi.unstubAllGlobals());

  it('refetches orders and tables on order events, tables on table events and the menu on menu events', async () => {
    const { emit } = renderLiveUpdates();
    await screen.findByText('orders 1 · tables 1 · menu 1');

    emit('order:updated', makeOrder({ status: 'ready' }));
    await screen.findByText('orders 2 · tables 2 · menu 1');

    emit('table:updated', makeTable(4));
    await screen.findByText('orders 2 · tables 3 · menu 1');

    emit('menu:updated', {});
    await screen.findByText('orders 2 · tables 3 · menu 2');

    emit('order:created', makeOrder());
    await screen.findByText('orders 3 · tables 4 · menu 2');
  });

  it('announces a new order with a toast and a chime', async () => {
    const { emit } = renderLiveUpdates();
    const chimesBefore = oscillatorsStarted.length;

    emit('order:created', makeOrder({ orderNo: 1042, table: { _id: makeTable(4)._id, tableNo: 4 } }));
    expect(await screen.findByText('New order #1042 · Table 4')).toBeInTheDocument();
    expect(oscillatorsStarted.length).toBeGreaterThan(chimesBefore);

    emit('order:created', makeOrder({ orderNo: 1043, source: 'table', status: 'pending' }));
    expect(await screen.findByText('New order from table 4 waiting for approval')).toBeInTheDocument();
  });

  it('stays quiet on updates and stops listening when it unmounts', async () => {
    const { emit, unmount, listenerCount } = renderLiveUpdates();
    expect(listenerCount()).toBe(4);
    await screen.findByText('orders 1 · tables 1 · menu 1');

    emit('order:updated', makeOrder({ orderNo: 1042 }));
    await screen.findByText('orders 2 · tables 2 · menu 1');
    expect(screen.queryByText(/New order/)).not.toBeInTheDocument();

    unmount();
    expect(listenerCount()).toBe(0);
  });
});

describe('newOrderMessage', () => {
  it('names the table, or says takeaway', () => {
    expect(newOrderMessage(makeOrder({ orderNo: 7, table: null }))).toBe('New order #7 · Takeaway');
  });
});
