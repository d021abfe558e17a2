import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { Order } from '@quan/contract/order';
import type { ServerToClientEvents } from '@quan/contract/realtime';
import type { Reservation } from '@quan/contract/reservations';
import type { Table } from '@quan/contract/table';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeIngredient } from '../test/data/ingredients';
import { KitchenBoard } from '../features/orders/components/KitchenBoard';
import { makeLine, makeOrder, makeRound, withOrderStatus } from '../test/data/orders';
import { useTables } from '../features/tables/api/list-tables';
import { makeTable } from '../test/data/tables';
import { createQueryClient } from '../lib/query-client';
import { queryRoots } from '../lib/query-keys';
import { fail, installFakeApi, ok } from '../test/fake-api';
import type { AppSocket } from '../lib/socket';
import { SocketContext } from '../lib/socket-context';
import { formatDay, formatTime } from '../lib/date-format';
import { addDays, restaurantDay, restaurantInstantIso } from '../lib/restaurant-day';
import { LiveUpdates, lowStockMessage, newOrderMessage, newRequestMessage, roundAddedMessage } from './LiveUpdates';

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
    /** The socket's own events: the connection dropping and coming back. */
    fire: (event: 'connect' | 'disconnect') =>
      act(() => listeners.get(event)?.forEach((listener) => listener(undefined))),
  };
}

/** A screen that shows how often each kind of data has been fetched. */
function FetchCounters({ counts }: { counts: Record<'orders' | 'tables' | 'menu' | 'ingredients', number> }) {
  const key = (name: keyof typeof counts) => [...queryRoots[name], 'test'];
  const fetchOf = (name: keyof typeof counts) => () => ++counts[name];
  const orders = useQuery({ queryKey: key('orders'), queryFn: fetchOf('orders') });
  const tables = useQuery({ queryKey: key('tables'), queryFn: fetchOf('tables') });
  const menu = useQuery({ queryKey: key('menu'), queryFn: fetchOf('menu') });
  const ingredients = useQuery({ queryKey: key('ingredients'), queryFn: fetchOf('ingredients') });
  return (
    <p>{`orders ${orders.data ?? 0} · tables ${tables.data ?? 0} · menu ${menu.data ?? 0} · ingredients ${ingredients.data ?? 0}`}</p>
  );
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
  const counts = { orders: 0, tables: 0, menu: 0, ingredients: 0 };
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

  it('refetches orders, tables and stock on order events, tables on table events, menu and stock on menu events', async () => {
    const { emit } = renderLiveUpdates();
    await screen.findByText('orders 1 · tables 1 · menu 1 · ingredients 1');

    emit('order:updated', makeOrder({ status: 'ready' }));
    await screen.findByText('orders 2 · tables 2 · menu 1 · ingredients 2');

    emit('table:updated', makeTable(4));
    await screen.findByText('orders 2 · tables 3 · menu 1 · ingredients 2');

    emit('menu:updated', {});
    await screen.findByText('orders 2 · tables 3 · menu 2 · ingredients 3');

    emit('order:created', makeOrder());
    await screen.findByText('orders 3 · tables 4 · menu 2 · ingredients 4');
  });

  it('fetches again what missed events would have changed once the socket is back, not on its first connection', async () => {
    const { fire } = renderLiveUpdates();
    await screen.findByText('orders 1 · tables 1 · menu 1 · ingredients 1');

    fire('connect');
    fire('disconnect');
    // Nothing is fetched while the server cannot be reached.
    expect(screen.getByText('orders 1 · tables 1 · menu 1 · ingredients 1')).toBeInTheDocument();
    fire('connect');
    await screen.findByText('orders 2 · tables 2 · menu 2 · ingredients 2');
  });

  it('refreshes the revenue figures and customers’ points when an order is completed, not on other moves', async () => {
    const fake = createFakeSocket();
    let fetches = 0;
    let customerFetches = 0;
    function ReportsCounter() {
      const reports = useQuery({ queryKey: [...queryRoots.reports, 'test'], queryFn: () => ++fetches });
      const customers = useQuery({ queryKey: [...queryRoots.customers, 'test'], queryFn: () => ++customerFetches });
      return <p>{`reports ${reports.data ?? 0} · customers ${customers.data ?? 0}`}</p>;
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SnackbarProvider maxSnack={3} autoHideDuration={3000}>
          <SocketContext value={{ socket: fake.socket, isConnected: true }}>
            <LiveUpdates />
            <ReportsCounter />
          </SocketContext>
        </SnackbarProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('reports 1 · customers 1');

    fake.emit('order:created', makeOrder());
    fake.emit('order:updated', makeOrder({ status: 'ready' }));
    // Time for a refetch to happen if one had been asked for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect([fetches, customerFetches]).toEqual([1, 1]);

    fake.emit('order:updated', makeOrder({ status: 'completed', paymentMethod: 'cash', paymentStatus: 'paid' }));
    await screen.findByText('reports 2 · customers 2');
  });

  it('warns staff of an ingredient running low and refreshes the stock', async () => {
    const { emit } = renderLiveUpdates();
    await screen.findByText('orders 1 · tables 1 · menu 1 · ingredients 1');

    emit('ingredient:low-stock', makeIngredient(1, { name: 'Beef', quantity: 0.4, lowStockThreshold: 1 }));
    expect(await screen.findByText('Low stock: Beef — 0,4 kg left')).toBeInTheDocument();
    await screen.findByText('orders 1 · tables 1 · menu 1 · ingredients 2');

    emit('ingredient:low-stock', makeIngredient(2, { name: 'Húng quế', unit: 'g', quantity: 0 }));
    expect(await screen.findByText('Out of stock: Húng quế')).toBeInTheDocument();
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

  it('announces a new round of a tab with a toast and a chime, and refreshes the stock', async () => {
    const { emit } = renderLiveUpdates();
    await screen.findByText('orders 1 · tables 1 · menu 1 · ingredients 1');
    const chimesBefore = oscillatorsStarted.length;
    const tab = makeOrder({
      orderNo: 1042,
      table: { _id: makeTable(5)._id, tableNo: 5 },
      rounds: [makeRound(1, { status: 'served' }), makeRound(2, { status: 'in_progress' })],
    });

    emit('order:round-added', { order: tab, roundNo: 2 });
    expect(await screen.findByText('Round 2 · Table 5')).toBeInTheDocument();
    expect(oscillatorsStarted.length).toBeGreaterThan(chimesBefore);
    await screen.findByText('orders 2 · tables 2 · menu 1 · ingredients 2');

    // A diner's round from the table's QR page waits for staff.
    const fromDiner = {
      ...tab,
      status: 'pending' as const,
      rounds: [...tab.rounds, makeRound(3, { status: 'pending', source: 'table' })],
    };
    emit('order:round-added', { order: fromDiner, roundNo: 3 });
    expect(await screen.findByText('Round 3 · Table 5 waiting for approval')).toBeInTheDocument();
  });

  it("asks for the day's bookings again when a reservation is booked, changed or moved along", async () => {
    const fake = createFakeSocket();
    let fetched = 0;
    function Bookings() {
      const bookings = useQuery({ queryKey: [...queryRoots.reservations, 'day', 'test'], queryFn: () => ++fetched });
      return <p>{`bookings ${bookings.data ?? 0}`}</p>;
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SnackbarProvider>
          <SocketContext value={{ socket: fake.socket, isConnected: true }}>
            <LiveUpdates />
            <Bookings />
          </SocketContext>
        </SnackbarProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('bookings 1');
    fake.emit('reservation:updated', { _id: 'r1', status: 'arrived' } as Reservation);
    await screen.findByText('bookings 2');
  });

  it("announces a guest's new booking request with a toast and a chime, once", async () => {
    const { emit } = renderLiveUpdates();
    const chimesBefore = oscillatorsStarted.length;
    const request = {
      _id: 'r2',
      status: 'requested',
      name: 'Chị Hoa',
      partySize: 4,
      startsAt: restaurantInstantIso(restaurantDay(new Date()), '19:00')!,
      version: 1,
    } as Reservation;

    emit('reservation:updated', request);
    expect(
      await screen.findByText(`New booking request: Chị Hoa, 4 guests at ${formatTime(request.startsAt)}`),
    ).toBeInTheDocument();
    expect(oscillatorsStarted.length).toBeGreaterThan(chimesBefore);

    // The same request changed later (a table moved) is not news again.
    emit('reservation:updated', { ...request, version: 2 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByText(/^New booking request/)).toHaveLength(1);
  });

  it('stays quiet on updates and stops listening when it unmounts', async () => {
    const { emit, unmount, listenerCount } = renderLiveUpdates();
    expect(listenerCount()).toBe(10);
    await screen.findByText('orders 1 · tables 1 · menu 1 · ingredients 1');

    emit('order:updated', makeOrder({ orderNo: 1042 }));
    await screen.findByText('orders 2 · tables 2 · menu 1 · ingredients 2');
    expect(screen.queryByText(/New order/)).not.toBeInTheDocument();

    unmount();
    expect(listenerCount()).toBe(0);
  });
});

describe('lowStockMessage', () => {
  it('writes the quantity left with up to 3 decimals in vi-VN', () => {
    expect(lowStockMessage({ name: 'Nước mắm', quantity: 1.2345, unit: 'l' })).toBe(
      'Low stock: Nước mắm — 1,235 l left',
    );
  });
});

describe('newOrderMessage', () => {
  it('names the table, or says takeaway', () => {
    expect(newOrderMessage(makeOrder({ orderNo: 7, table: null }))).toBe('New order #7 · Takeaway');
  });
});

describe('newRequestMessage', () => {
  it('says the day of a request for another day', () => {
    const day = addDays(restaurantDay(new Date()), 3);
    const startsAt = restaurantInstantIso(day, '12:30')!;
    expect(newRequestMessage({ name: 'Anh Bảo', partySize: 1, startsAt })).toBe(
      `New booking request: Anh Bảo, 1 guest on ${formatDay(day)} at ${formatTime(startsAt)}`,
    );
  });
});

describe('roundAddedMessage', () => {
  it('names the round and the table, or the takeaway order', () => {
    const tab = makeOrder({ orderNo: 7, table: null, rounds: [makeRound(1), makeRound(2)] });
    expect(roundAddedMessage(tab, 2)).toBe('Round 2 · Takeaway #7');
  });
});

describe('LiveUpdates and the cached lists', () => {
  beforeAll(() => vi.stubGlobal('AudioContext', FakeAudioContext));
  afterAll(() => vi.unstubAllGlobals());
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

  function TableList() {
    const tables = useTables();
    return (
      <ul aria-label="Tables">
        {tables.data?.map((table) => (
          <li
            key={table._id}
          >{`Table ${table.tableNo}: ${table.status}${table.currentOrder ? ` #${table.currentOrder.orderNo} ${table.currentOrder.status}` : ''}`}</li>
        ))}
      </ul>
    );
  }

  /** The kitchen board and a list of tables, on a server that answers once and counts what it is asked. */
  function renderBoard(orders: Order[], tables: Table[] = []) {
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/order') {
        const pagination = { currentPage: 1, totalPages: 1, totalItems: orders.length, itemsPerPage: 200 };
        return { status: 200, body: { success: true, data: orders, pagination } };
      }
      // A copy, as from the network: a test may change `tables` for the next answer.
      if (method === 'GET' && url === '/api/table') return ok([...tables]);
      return fail(404, 'Not found');
    });
    const fake = createFakeSocket();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SnackbarProvider maxSnack={3} autoHideDuration={3000}>
          <SocketContext value={{ socket: fake.socket, isConnected: true }}>
            <LiveUpdates />
            <KitchenBoard now={Date.now()} busyIds={new Set()} canMove onMove={() => undefined} />
            <TableList />
          </SocketContext>
        </SnackbarProvider>
      </QueryClientProvider>,
    );
    return fake;
  }

  const ticketNumbers = () =>
    within(screen.getByRole('list', { name: 'Kitchen tickets, oldest first' }))
      .getAllByRole('heading')
      .map((heading) => heading.textContent?.split(' ')[0]);

  it('asks once for the open kitchen orders, oldest first, in one page', async () => {
    renderBoard([makeOrder({ orderNo: 5, status: 'pending' })]);
    await screen.findByRole('list', { name: 'Kitchen tickets, oldest first' });
    const orderRequests = fakeApi?.configs.filter((config) => config.url === '/api/order');
    expect(orderRequests?.map((config) => config.params)).toEqual([
      { status: 'pending,in_progress,ready', sort: 'oldest', limit: 200 },
    ]);
  });

  it('puts a new order on the board, moves it along and takes it off, without asking the server again', async () => {
    const older = makeOrder({ orderNo: 5, status: 'in_progress', createdAt: minutesAgo(20) });
    const newer = makeOrder({ orderNo: 7, status: 'pending', createdAt: minutesAgo(2) });
    const { emit } = renderBoard([older, newer]);
    await screen.findByRole('list', { name: 'Kitchen tickets, oldest first' });
    const requestsBefore = fakeApi!.requests.length;

    const created = makeOrder({ orderNo: 6, status: 'pending', createdAt: minutesAgo(10) });
    emit('order:created', created);
    expect(await screen.findByText('New order #6 · Table 4')).toBeInTheDocument();
    expect(ticketNumbers()).toEqual(['#5', '#6', '#7']);

    emit('order:updated', withOrderStatus(created, 'in_progress'));
    expect(await screen.findByRole('button', { name: 'Mark ready order #6' })).toBeInTheDocument();

    // Served: it leaves the kitchen.
    emit('order:updated', { ...older, status: 'served' });
    await vi.waitFor(() => expect(ticketNumbers()).toEqual(['#6', '#7']));
    expect(screen.getByText('2 tickets')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fakeApi!.requests.slice(requestsBefore)).toEqual([]);

    // What the diners following an order get is no whole order: the lists are asked for again instead.
    emit('order:updated', { _id: newer._id, orderNo: newer.orderNo, status: 'cancelled' });
    await vi.waitFor(() => expect(fakeApi!.requests.slice(requestsBefore)).toContain('GET /api/order'));
  });

  it('puts a new round of a tab on the board as its own ticket, without asking the server again', async () => {
    const tab = makeOrder({ orderNo: 5, status: 'in_progress', createdAt: minutesAgo(30) });
    const { emit } = renderBoard([tab]);
    await screen.findByRole('list', { name: 'Kitchen tickets, oldest first' });
    const requestsBefore = fakeApi!.requests.length;

    const withRound: Order = {
      ...tab,
      status: 'pending',
      version: tab.version + 1,
      rounds: [...tab.rounds, makeRound(2, { status: 'pending', source: 'table', sentAt: minutesAgo(1) })],
      items: [...tab.items, makeLine({ name: 'Chè ba màu', roundNo: 2, position: 2 })],
    };
    emit('order:round-added', { order: withRound, roundNo: 2 });

    const round2 = await screen.findByRole('article', { name: 'Round 2 · Table 4 #5' });
    expect(within(round2).getByText('Chè ba màu')).toBeInTheDocument();
    expect(within(round2).getByRole('button', { name: 'Accept round 2 of order #5' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Round 1 · Table 4 #5' })).toBeInTheDocument();
    expect(screen.getByText('2 tickets, 1 waiting for approval')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fakeApi!.requests.slice(requestsBefore)).not.toContain('GET /api/order');
  });

  it('writes a table from its event into the list of tables, and an order into the table that seats it', async () => {
    const order = makeOrder({ orderNo: 9, status: 'pending' });
    const seated = makeTable(4, {
      status: 'booked',
      currentOrder: { _id: order._id, orderNo: 9, customerName: 'Hà', status: 'pending' },
    });
    const { emit } = renderBoard([order], [makeTable(1), seated]);
    const tables = await screen.findByRole('list', { name: 'Tables' });
    expect(await within(tables).findByText('Table 4: booked #9 pending')).toBeInTheDocument();
    const requestsBefore = fakeApi!.requests.length;

    emit('table:updated', makeTable(2, { status: 'booked' }));
    emit('table:updated', makeTable(1, { status: 'booked' }));
    emit('order:updated', { ...order, status: 'in_progress' });

    await vi.waitFor(() =>
      expect(
        within(tables)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Table 1: booked', 'Table 2: booked', 'Table 4: booked #9 in_progress']),
    );
    expect(fakeApi!.requests.slice(requestsBefore)).not.toContain('GET /api/table');
  });

  it('drops a table deleted on another device from the list of tables, asking the server again', async () => {
    const tables = [makeTable(1), makeTable(2), makeTable(3)];
    const { emit } = renderBoard([], tables);
    const list = await screen.findByRole('list', { name: 'Tables' });
    expect(await within(list).findByText('Table 2: available')).toBeInTheDocument();
    const requestsBefore = fakeApi!.requests.length;

    const [deleted] = tables.splice(1, 1);
    emit('table:deleted', { _id: deleted!._id, tableNo: deleted!.tableNo });

    await vi.waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Table 1: available', 'Table 3: available']),
    );
    expect(fakeApi!.requests.slice(requestsBefore)).toEqual(['GET /api/table']);
  });
});
