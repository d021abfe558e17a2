import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type { Reservation } from '@quan/contract/reservations';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../test/data/orders';
import { makeTable } from '../test/data/tables';
import { queryRoots } from '../lib/query-keys';
import { printQueueQueryKey } from '../features/orders/api/list-print-queue';
import { printBridgesQueryKey } from '../features/printers/api/list-print-bridges';
import { printersQueryKey } from '../features/printers/api/list-printers';
import { renderLiveUpdates, liveUpdatesScene, renderBeside } from './live-updates-test-kit';

describe('LiveUpdates', () => {
  liveUpdatesScene();

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
    let fetches = 0;
    let customerFetches = 0;
    function ReportsCounter() {
      const reports = useQuery({ queryKey: [...queryRoots.reports, 'test'], queryFn: () => ++fetches });
      const customers = useQuery({ queryKey: [...queryRoots.customers, 'test'], queryFn: () => ++customerFetches });
      return <p>{`reports ${reports.data ?? 0} · customers ${customers.data ?? 0}`}</p>;
    }
    const fake = renderBeside(<ReportsCounter />);
    await screen.findByText('reports 1 · customers 1');

    fake.emit('order:created', makeOrder());
    fake.emit('order:updated', makeOrder({ status: 'ready' }));
    // The listener invalidates as an event arrives: a refetch, had one been asked for, would be under way now.
    expect(fake.queryClient.isFetching()).toBe(0);
    expect([fetches, customerFetches]).toEqual([1, 1]);

    fake.emit('order:updated', makeOrder({ status: 'completed', paymentMethod: 'cash', paymentStatus: 'paid' }));
    await screen.findByText('reports 2 · customers 2');
  });

  it("asks for the day's bookings again when a reservation is booked, changed or moved along", async () => {
    let fetched = 0;
    function Bookings() {
      const bookings = useQuery({ queryKey: [...queryRoots.reservations, 'day', 'test'], queryFn: () => ++fetched });
      return <p>{`bookings ${bookings.data ?? 0}`}</p>;
    }
    const fake = renderBeside(<Bookings />);
    await screen.findByText('bookings 1');
    fake.emit('reservation:updated', { _id: 'r1', status: 'arrived' } as Reservation);
    await screen.findByText('bookings 2');
  });

  it('asks for the printers and the jobs waiting again when the print queue changes', async () => {
    let fetched = 0;
    function PrintQueue() {
      const queue = useQuery({ queryKey: [...queryRoots.printers, 'queue', 'test'], queryFn: () => ++fetched });
      return <p>{`queue ${queue.data ?? 0}`}</p>;
    }
    const fake = renderBeside(<PrintQueue />);
    await screen.findByText('queue 1');
    fake.emit('print:queue-changed', {});
    await screen.findByText('queue 2');
  });

  it('asks once per half second in a burst of print events, and leaves the bridges alone', async () => {
    const fetched = { queue: 0, printers: 0, bridges: 0 };
    function Printing() {
      const count = (name: keyof typeof fetched) => () => ++fetched[name];
      const queue = useQuery({ queryKey: printQueueQueryKey, queryFn: count('queue') });
      const printers = useQuery({ queryKey: printersQueryKey, queryFn: count('printers') });
      const bridges = useQuery({ queryKey: printBridgesQueryKey, queryFn: count('bridges') });
      return <p>{`queue ${queue.data ?? 0} · printers ${printers.data ?? 0} · bridges ${bridges.data ?? 0}`}</p>;
    }
    const fake = renderBeside(<Printing />);
    await screen.findByText('queue 1 · printers 1 · bridges 1');

    // A round to three printers: queued, then each printed.
    for (let event = 0; event < 4; event++) fake.emit('print:queue-changed', {});
    await screen.findByText('queue 2 · printers 2 · bridges 1');
    // The burst's last event, once the window has passed; then nothing more.
    await screen.findByText('queue 3 · printers 3 · bridges 1');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(screen.getByText('queue 3 · printers 3 · bridges 1')).toBeInTheDocument();
  });

  it('stays quiet on updates and stops listening when it unmounts', async () => {
    const { emit, unmount, listenerCount } = renderLiveUpdates();
    expect(listenerCount()).toBe(12);
    await screen.findByText('orders 1 · tables 1 · menu 1 · ingredients 1');

    emit('order:updated', makeOrder({ orderNo: 1042 }));
    await screen.findByText('orders 2 · tables 2 · menu 1 · ingredients 2');
    expect(screen.queryByText(/New order/)).not.toBeInTheDocument();

    unmount();
    expect(listenerCount()).toBe(0);
  });
});
