import { screen, within } from '@testing-library/react';
import type { Order } from '@quan/contract/order';
import type { Table } from '@quan/contract/table';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KitchenBoard } from '../features/orders/components/KitchenBoard';
import { makeLine, makeOrder, makeRound, withOrderStatus } from '../test/data/orders';
import { useTables } from '../features/tables/api/list-tables';
import { makeTable } from '../test/data/tables';
import { fail, installFakeApi, ok } from '../test/fake-api';
import { liveUpdatesScene, renderBeside } from './live-updates-test-kit';

describe('LiveUpdates and the cached lists', () => {
  liveUpdatesScene();

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
    return renderBeside(
      <>
        <KitchenBoard now={Date.now()} busyIds={new Set()} canMove onMove={() => undefined} />
        <TableList />
      </>,
    );
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
    const { emit, queryClient } = renderBoard([older, newer]);
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
    // The listener writes or invalidates as an event arrives: a request it asked for would be under way now.
    expect(queryClient.isFetching()).toBe(0);
    expect(fakeApi!.requests.slice(requestsBefore)).toEqual([]);

    // What the diners following an order get is no whole order: the lists are asked for again instead.
    emit('order:updated', { _id: newer._id, orderNo: newer.orderNo, status: 'cancelled' });
    await vi.waitFor(() => expect(fakeApi!.requests.slice(requestsBefore)).toContain('GET /api/order'));
  });

  it('puts a new round of a tab on the board as its own ticket, without asking the server again', async () => {
    const tab = makeOrder({ orderNo: 5, status: 'in_progress', createdAt: minutesAgo(30) });
    const { emit, queryClient } = renderBoard([tab]);
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
    expect(queryClient.isFetching()).toBe(0);
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
