import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, OrderRound } from '@quan/contract/order';
import { orderStatusOfRounds } from '@quan/contract/rounds';
import { stationOfLine } from '@quan/contract/stations';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeStation } from '../../../test/data/menu';
import { makeLine, makeOrder, makeRound } from '../../../test/data/orders';
import { kitchenStationStorageKey } from './use-kitchen-station';

const bep = makeStation({ _id: '0190a1b2-c3d4-7e5f-8a9b-5a7100000001', name: 'Bếp', sortOrder: 0, targetMinutes: 15 });
const bar = makeStation({ _id: '0190a1b2-c3d4-7e5f-8a9b-5a7100000002', name: 'Bar', sortOrder: 1, targetMinutes: 5 });
const phoId = '0190a1b2-c3d4-7e5f-8a9b-17e000000001';
const coffeeId = '0190a1b2-c3d4-7e5f-8a9b-17e000000002';

/** The fixed clock of these tests: tickets are measured against it. */
const now = new Date('2026-03-10T12:00:00.000Z').getTime();
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

/** Order #42 at table 5: a large phở without onions for the kitchen and an iced coffee for the bar. */
function makePhoAndCoffee(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    orderNo: 42,
    status: 'in_progress',
    table: { _id: '0190a1b2-c3d4-7e5f-8a9b-7ab1e0000005', tableNo: 5 },
    createdAt: minutesAgo(10),
    version: 3,
    rounds: [makeRound(1, { status: 'in_progress', sentAt: minutesAgo(10) })],
    items: [
      makeLine({
        itemId: phoId,
        name: 'Phở bò',
        price: 75000,
        position: 0,
        stationId: bep._id,
        options: [
          { optionId: '0190a1b2-c3d4-7e5f-8a9b-0b7100000001', group: 'Size', name: 'Lớn', priceDelta: 10000 },
          { optionId: '0190a1b2-c3d4-7e5f-8a9b-0b7100000002', group: 'Preferences', name: 'không hành', priceDelta: 0 },
        ],
      }),
      makeLine({ itemId: coffeeId, name: 'Cà phê sữa đá', price: 25000, position: 1, stationId: bar._id }),
    ],
    ...overrides,
  });
}

/**
 * A little kitchen server: the open orders, the stations, the menu's target minutes; a start starts a station's
 * lines of a round (or all of them), a station's PATCH marks them done (the round ready once every station is),
 * and each ticket printed counts a copy (and goes to the station's printer, when `printerOf` names one).
 */
function serveKitchen(
  initial: Order[],
  refuse?: (body: Record<string, unknown>) => FakeResponse | null,
  printerOf: (stationId: string | null) => string | null = () => null,
) {
  let orders = initial;
  const stations = [bep, bar];
  const starts: { url: string; body: Record<string, unknown> }[] = [];
  const stationPatches: { url: string; body: Record<string, unknown> }[] = [];
  const prints: { url: string; body: Record<string, unknown> }[] = [];
  const copies = new Map<string, number>();
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/order') {
      const pagination = { currentPage: 1, totalPages: 1, totalItems: orders.length, itemsPerPage: 200 };
      return { status: 200, body: { success: true, data: orders, pagination } };
    }
    if (method === 'GET' && url === '/api/station') return ok(stations);
    if (method === 'GET' && url === '/api/item') {
      return ok([
        { _id: phoId, name: 'Phở bò', prepMinutes: 10 },
        { _id: coffeeId, name: 'Cà phê sữa đá', prepMinutes: null },
      ]);
    }
    if (method === 'GET' && url === '/api/table') return ok([]);
    const start = /^\/api\/order\/([^/]+)\/rounds\/(\d+)\/start$/.exec(url);
    if (method === 'POST' && start) {
      const body = JSON.parse(config.data as string) as { stationId: string | null };
      starts.push({ url, body });
      const refusal = refuse?.(body);
      if (refusal) return refusal;
      const order = orders.find((o) => o._id === decodeURIComponent(start[1]!))!;
      const items = order.items.map((line) =>
        line.roundNo === Number(start[2]) &&
        (body.stationId === null || stationOfLine(line, stations) === body.stationId)
          ? { ...line, startedAt: line.startedAt ?? new Date(now).toISOString() }
          : line,
      );
      const updated = { ...order, items, version: order.version + 1 };
      orders = orders.map((o) => (o._id === updated._id ? updated : o));
      return ok(updated);
    }
    const work = /^\/api\/order\/([^/]+)\/rounds\/(\d+)\/stations\/([^/]+)$/.exec(url);
    if (method === 'PATCH' && work) {
      const body = JSON.parse(config.data as string) as { ready: boolean };
      stationPatches.push({ url, body });
      const refusal = refuse?.(body);
      if (refusal) return refusal;
      const order = orders.find((o) => o._id === decodeURIComponent(work[1]!))!;
      const roundNo = Number(work[2]);
      const stationId = decodeURIComponent(work[3]!);
      const items = order.items.map((line) =>
        line.roundNo === roundNo && stationOfLine(line, stations) === stationId
          ? {
              ...line,
              readyAt: body.ready ? new Date(now).toISOString() : null,
              startedAt: line.startedAt ?? (body.ready ? new Date(now).toISOString() : null),
            }
          : line,
      );
      const allDone = items.filter((line) => line.roundNo === roundNo).every((line) => line.readyAt !== null);
      const rounds = order.rounds.map((round) =>
        round.no === roundNo && allDone ? { ...round, status: 'ready' as const } : round,
      );
      const updated = { ...order, items, rounds, status: orderStatusOfRounds(rounds), version: order.version + 1 };
      orders = orders.map((o) => (o._id === updated._id ? updated : o));
      return ok(updated);
    }
    const ticket = /^\/api\/order\/([^/]+)\/rounds\/(\d+)\/tickets$/.exec(url);
    if (method === 'POST' && ticket) {
      const body = JSON.parse(config.data as string) as Record<string, unknown>;
      prints.push({ url, body });
      const key = `${url} ${String(body.stationId)}`;
      copies.set(key, (copies.get(key) ?? 0) + 1);
      return ok({ copy: copies.get(key), sentTo: printerOf((body.stationId as string | null) ?? null) });
    }
    return fail(404, 'Not found');
  });
  return { fakeApi, starts, stationPatches, prints };
}

/** The dishes on a ticket, as the kitchen reads them. */
function dishes(ticket: HTMLElement) {
  return within(within(ticket).getByRole('list', { name: 'Dishes' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

const ticketOf42 = () => screen.findByRole('article', { name: '#42 · Table 5' });

describe('the kitchen screen by station', { timeout: 20_000 }, () => {
  let server: ReturnType<typeof serveKitchen> | undefined;
  beforeEach(() => {
    // Only the clock is fixed: the timers the screen and the tests wait with still run.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    localStorage.clear();
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
  });
  afterEach(() => {
    server?.fakeApi.restore();
    vi.useRealTimers();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('shows the bar only its coffee, and the kitchen only its phở with the options under it', async () => {
    server = serveKitchen([makePhoAndCoffee()]);
    const { router } = renderRoutes(routes, { path: `/orders?view=kitchen&station=${bar._id}` });

    const ticket = await ticketOf42();
    expect(dishes(ticket)).toEqual(['1 × Cà phê sữa đá']);
    expect(ticket).toHaveTextContent('Also in this round: Bếp (preparing)');
    const picker = within(screen.getByRole('group', { name: 'Station' }));
    expect(picker.getAllByRole('button').map((button) => button.textContent)).toEqual(['All stations', 'Bếp', 'Bar']);
    expect(picker.getByRole('button', { name: 'Bar' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(picker.getByRole('button', { name: 'Bếp' }));
    await waitFor(() =>
      expect(dishes(screen.getByRole('article', { name: '#42 · Table 5' }))).toEqual(['1 × Phở bòLớn · không hành']),
    );
    expect(within(screen.getByRole('article')).getByText('Lớn · không hành')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?view=kitchen&station=${bep._id}`);

    // All stations: the whole round, moved on as a whole.
    await userEvent.click(picker.getByRole('button', { name: 'All stations' }));
    await waitFor(() =>
      expect(dishes(screen.getByRole('article', { name: '#42 · Table 5' }))).toEqual([
        '1 × Phở bòLớn · không hành',
        '1 × Cà phê sữa đá',
      ]),
    );
    expect(screen.getByRole('button', { name: 'Mark ready order #42' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('Stations: Bếp (preparing), Bar (preparing)');
    expect(router.state.location.search).toBe('?view=kitchen');
    expect(localStorage.getItem(kitchenStationStorageKey)).toBeNull();
  });

  it('speaks Vietnamese on a station’s screen: its picker, its dishes, the other stations and its buttons', async () => {
    await activateLanguage('vi', 'staff');
    const order = makePhoAndCoffee();
    server = serveKitchen([order]);
    renderRoutes(routes, { path: `/orders?view=kitchen&station=${bar._id}` });

    const ticket = within(await screen.findByRole('article', { name: '#42 · Bàn 5' }));
    expect(within(ticket.getByRole('list', { name: 'Món' })).getAllByRole('listitem')).toHaveLength(1);
    expect(ticket.getByText(/Cùng lượt gọi này:/).closest('p')).toHaveTextContent('Cùng lượt gọi này: Bếp (đang làm)');
    const picker = within(screen.getByRole('group', { name: 'Khu bếp' }));
    expect(picker.getByRole('button', { name: 'Tất cả khu bếp' })).toHaveAttribute('aria-pressed', 'false');

    expect(ticket.getByRole('button', { name: 'Bắt đầu đơn #42' })).toBeInTheDocument();
    await userEvent.click(ticket.getByRole('button', { name: 'Xong đơn #42' }));
    expect(await screen.findByText('Đơn #42 đã xong ở Bar.')).toBeInTheDocument();
    expect(await ticket.findByText('Xong ✓')).toBeInTheDocument();
    expect(ticket.getByRole('button', { name: 'Hoàn tác đã xong cho đơn #42' })).toBeInTheDocument();
  });

  it('leaves out the rounds without dishes of the station', async () => {
    const coffeeOnly = makeOrder({
      orderNo: 43,
      rounds: [makeRound(1, { status: 'in_progress', sentAt: minutesAgo(2) })],
      items: [makeLine({ itemId: coffeeId, name: 'Cà phê sữa đá', stationId: bar._id })],
    });
    server = serveKitchen([makePhoAndCoffee(), coffeeOnly]);
    renderRoutes(routes, { path: `/orders?view=kitchen&station=${bep._id}` });

    await ticketOf42();
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual([
      '#42 · Table 5',
    ]);
    expect(screen.getByText('1 ticket')).toBeInTheDocument();
  });

  it('marks the bar’s dishes done with the bar’s station, undoes it, and the round is ready when both are done', async () => {
    const order = makePhoAndCoffee();
    server = serveKitchen([order]);
    renderRoutes(routes, { path: `/orders?view=kitchen&station=${bar._id}` });

    const ticket = within(await ticketOf42());
    await userEvent.click(ticket.getByRole('button', { name: 'Done order #42' }));

    expect(await screen.findByText('Order #42 done at Bar.')).toBeInTheDocument();
    expect(server.stationPatches).toEqual([
      { url: `/api/order/${order._id}/rounds/1/stations/${bar._id}`, body: { ready: true, expectedVersion: 3 } },
    ]);
    expect(await ticket.findByText('Done ✓')).toBeInTheDocument();
    expect(ticket.queryByRole('button', { name: /^Done/ })).not.toBeInTheDocument();

    // Taken back, with the version the first tap left.
    await userEvent.click(ticket.getByRole('button', { name: 'Undo done for order #42' }));
    expect(await screen.findByText('Order #42 back to making at Bar.')).toBeInTheDocument();
    expect(server.stationPatches.at(-1)?.body).toEqual({ ready: false, expectedVersion: 4 });
    expect(await ticket.findByRole('button', { name: 'Done order #42' })).toBeInTheDocument();

    await userEvent.click(ticket.getByRole('button', { name: 'Done order #42' }));
    await ticket.findByText('Done ✓');
    await userEvent.click(screen.getByRole('button', { name: 'Bếp' }));
    const kitchen = within(await ticketOf42());
    expect(await ticketOf42()).toHaveTextContent('Also in this round: Bar (done)');
    expect(kitchen.getByText('Bar (done)')).toHaveClass('text-green-800');
    await userEvent.click(kitchen.getByRole('button', { name: 'Done order #42' }));

    expect(await screen.findByText('Order #42 is ready.')).toBeInTheDocument();
    expect(server.stationPatches.at(-1)).toEqual({
      url: `/api/order/${order._id}/rounds/1/stations/${bep._id}`,
      body: { ready: true, expectedVersion: 6 },
    });
    // Ready: the round has left the stations' screens for the one that serves it.
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'All stations' }));
    expect(await screen.findByRole('button', { name: 'Mark served order #42' })).toBeInTheDocument();
  });

  it('starts the bar’s dishes with one tap and says when; the kitchen and all stations start theirs', async () => {
    const order = makePhoAndCoffee();
    server = serveKitchen([order]);
    renderRoutes(routes, { path: `/orders?view=kitchen&station=${bar._id}` });

    const ticket = within(await ticketOf42());
    // Done stays beside Start: a cook who never taps Start still bumps in one tap.
    expect(ticket.getByRole('button', { name: 'Done order #42' })).toBeInTheDocument();
    await userEvent.click(ticket.getByRole('button', { name: 'Start order #42' }));
    expect(await screen.findByText('Bar started order #42.')).toBeInTheDocument();
    expect(server.starts).toEqual([
      { url: `/api/order/${order._id}/rounds/1/start`, body: { stationId: bar._id, expectedVersion: 3 } },
    ]);
    expect(await ticket.findByText(/^Started at \d\d:\d\d$/)).toBeInTheDocument();
    expect(ticket.queryByRole('button', { name: 'Start order #42' })).not.toBeInTheDocument();

    // The phở is not started: the kitchen's screen still offers it.
    await userEvent.click(screen.getByRole('button', { name: 'Bếp' }));
    expect(await within(await ticketOf42()).findByRole('button', { name: 'Start order #42' })).toBeInTheDocument();
    // All stations start what is left of the round at once.
    await userEvent.click(screen.getByRole('button', { name: 'All stations' }));
    await userEvent.click(await within(await ticketOf42()).findByRole('button', { name: 'Start order #42' }));
    expect(await screen.findByText('Started order #42.')).toBeInTheDocument();
    expect(server.starts.at(-1)?.body).toEqual({ stationId: null, expectedVersion: 4 });
  });

  it('stops a finished ticket turning red, and never counts down a diner’s round nobody accepted', async () => {
    const barDone = makePhoAndCoffee({
      rounds: [makeRound(1, { status: 'in_progress', sentAt: minutesAgo(30) })],
    });
    barDone.items[1] = { ...barDone.items[1]!, startedAt: minutesAgo(28), readyAt: minutesAgo(20) };
    const fromTable = makeOrder({
      orderNo: 43,
      status: 'pending',
      source: 'table',
      rounds: [makeRound(1, { status: 'pending', source: 'table', sentAt: minutesAgo(30) })],
      items: [makeLine({ itemId: coffeeId, name: 'Cà phê sữa đá', stationId: bar._id })],
    });
    server = serveKitchen([barDone, fromTable]);
    renderRoutes(routes, { path: `/orders?view=kitchen&station=${bar._id}` });

    const done = await ticketOf42();
    expect(done.dataset.tone).toBe('done');
    expect(within(done).queryByText(/\d+ min/)).not.toBeInTheDocument();
    const waiting = screen.getByRole('article', { name: '#43 · Table 4' });
    expect(waiting.dataset.tone).toBe('awaiting');
    expect(waiting).toHaveTextContent('Not accepted yet');
    expect(within(waiting).queryByText(/\d+ min/)).not.toBeInTheDocument();
    // The kitchen's phở of the same round is still being made, and late.
    await userEvent.click(screen.getByRole('button', { name: 'Bếp' }));
    await waitFor(async () => expect((await ticketOf42()).dataset.tone).toBe('late'));
  });

  it('counts all day what the station still waits for, with its options, most first, as the tickets change', async () => {
    const large = [
      { optionId: '0190a1b2-c3d4-7e5f-8a9b-0b7100000001', group: 'Size', name: 'Lớn', priceDelta: 10000 },
      { optionId: '0190a1b2-c3d4-7e5f-8a9b-0b7100000002', group: 'Preferences', name: 'không hành', priceDelta: 0 },
    ];
    const small = [{ optionId: '0190a1b2-c3d4-7e5f-8a9b-0b7100000003', group: 'Size', name: 'Nhỏ', priceDelta: 0 }];
    const pho = (overrides: Parameters<typeof makeLine>[0]) =>
      makeLine({ itemId: phoId, name: 'Phở bò', stationId: bep._id, options: large, ...overrides });
    const round = (sentMinutesAgo: number, overrides: Partial<OrderRound> = {}) => [
      makeRound(1, { status: 'in_progress', sentAt: minutesAgo(sentMinutesAgo), ...overrides }),
    ];
    server = serveKitchen([
      makePhoAndCoffee(),
      makeOrder({
        orderNo: 43,
        rounds: round(8),
        items: [pho({ quantity: 2 }), pho({ position: 1, quantity: 2, voidedQuantity: 1, options: small })],
      }),
      // Not counted: a diner's round nobody accepted, and a phở already done.
      makeOrder({ orderNo: 44, status: 'pending', rounds: round(6, { status: 'pending', source: 'table' }) }),
      makeOrder({ orderNo: 45, rounds: round(4), items: [pho({ readyAt: minutesAgo(1) })] }),
    ]);
    renderRoutes(routes, { path: `/orders?view=kitchen&station=${bep._id}` });

    const allDay = () =>
      within(screen.getByRole('region', { name: 'All day' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    await ticketOf42();
    expect(allDay()).toEqual(['3 × Phở bò (Lớn, không hành)', '1 × Phở bò (Nhỏ)']);

    await userEvent.click(within(await ticketOf42()).getByRole('button', { name: 'Done order #42' }));
    await waitFor(() => expect(allDay()).toEqual(['2 × Phở bò (Lớn, không hành)', '1 × Phở bò (Nhỏ)']));
  });

  it('says a 409 in a toast and fetches the orders again; keeps any other refusal on the ticket', async () => {
    const message = 'Order 42 was changed on another screen since you opened it; its latest state is shown now';
    let answer: FakeResponse = fail(409, message);
    server = serveKitchen([makePhoAndCoffee()], () => answer);
    renderRoutes(routes, { path: `/orders?view=kitchen&station=${bar._id}` });

    const ticket = within(await ticketOf42());
    const listsBefore = server.fakeApi.requests.filter((request) => request === 'GET /api/order').length;
    await userEvent.click(ticket.getByRole('button', { name: 'Done order #42' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(ticket.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(server?.fakeApi.requests.filter((request) => request === 'GET /api/order').length).toBeGreaterThan(
        listsBefore,
      ),
    );

    answer = fail(403, 'Your role (staff) cannot move orders along');
    await userEvent.click(ticket.getByRole('button', { name: 'Done order #42' }));
    expect(await ticket.findByRole('alert')).toHaveTextContent('Your role (staff) cannot move orders along');
  });

  it('remembers the station on this device and opens on it when the address names none', async () => {
    server = serveKitchen([makePhoAndCoffee()]);
    const first = renderRoutes(routes, { path: '/orders?view=kitchen' });
    await userEvent.click(await screen.findByRole('button', { name: 'Bar' }));
    await waitFor(() => expect(first.router.state.location.search).toBe(`?view=kitchen&station=${bar._id}`));
    expect(localStorage.getItem(kitchenStationStorageKey)).toBe(bar._id);
    first.unmount();

    renderRoutes(routes, { path: '/orders?view=kitchen' });
    expect(dishes(await ticketOf42())).toEqual(['1 × Cà phê sữa đá']);
    expect(screen.getByRole('button', { name: 'Bar' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows all stations, saying so, when the remembered station is no longer there', async () => {
    localStorage.setItem(kitchenStationStorageKey, '0190a1b2-c3d4-7e5f-8a9b-5a71000000ff');
    server = serveKitchen([makePhoAndCoffee()]);
    renderRoutes(routes, { path: '/orders?view=kitchen' });

    expect(await screen.findByText(/The chosen station is no longer there/)).toBeInTheDocument();
    expect(dishes(await ticketOf42())).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'All stations' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('colours and names a ticket due at its target and late past one and a half times it', async () => {
    const fresh = makeOrder({
      orderNo: 44,
      rounds: [makeRound(1, { status: 'in_progress', sentAt: minutesAgo(2) })],
      items: [makeLine({ itemId: phoId, name: 'Phở bò', stationId: bep._id })],
    });
    server = serveKitchen([makePhoAndCoffee(), fresh]);
    renderRoutes(routes, { path: `/orders?view=kitchen&station=${bep._id}` });

    // The phở's own 10 minutes win over the kitchen's 15: sent 10 minutes ago, it is due now.
    const ticket = await ticketOf42();
    await waitFor(() => expect(ticket).toHaveAttribute('data-tone', 'waiting'));
    expect(ticket).toHaveTextContent('Due · target 10 min');
    const other = screen.getByRole('article', { name: '#44 · Table 4' });
    expect(other).toHaveAttribute('data-tone', 'fresh');
    expect(other).toHaveTextContent('On time · target 10 min');

    // The coffee has no target of its own: the bar's 5 minutes, passed one and a half times over.
    await userEvent.click(screen.getByRole('button', { name: 'Bar' }));
    await waitFor(() =>
      expect(screen.getByRole('article', { name: '#42 · Table 5' })).toHaveAttribute('data-tone', 'late'),
    );
    expect(screen.getByRole('article', { name: '#42 · Table 5' })).toHaveTextContent('Late · target 5 min');
    expect(screen.getByRole('article', { name: '#42 · Table 5' })).toHaveTextContent('10 min');
  });

  it('prints the bar’s ticket of a round, and marks the second copy REPRINT', async () => {
    const order = makePhoAndCoffee();
    server = serveKitchen([order]);
    const printed: string[] = [];
    vi.spyOn(window, 'print').mockImplementation(() => {
      printed.push(document.querySelector('body > .print-sheet')?.textContent ?? '');
      window.dispatchEvent(new Event('afterprint'));
    });
    renderRoutes(routes, { path: `/orders?view=kitchen&station=${bar._id}` });

    const ticket = within(await ticketOf42());
    await userEvent.click(ticket.getByRole('button', { name: 'Print Bar ticket of order #42' }));
    await waitFor(() => expect(printed).toHaveLength(1));
    expect(server.prints).toEqual([{ url: `/api/order/${order._id}/rounds/1/tickets`, body: { stationId: bar._id } }]);
    expect(printed[0]).toContain('BAR · #42');
    expect(printed[0]).toContain('Table 5');
    expect(printed[0]).toContain('Round 1');
    expect(printed[0]).toContain('1 × Cà phê sữa đá');
    expect(printed[0]).not.toContain('Phở bò');
    expect(printed[0]).not.toContain('REPRINT');
    await waitFor(() => expect(document.querySelector('.print-sheet')).toBeNull());

    await userEvent.click(ticket.getByRole('button', { name: 'Print Bar ticket of order #42' }));
    await waitFor(() => expect(printed).toHaveLength(2));
    expect(printed[1]).toContain('REPRINT');
    expect(printed[1]).toContain('copy 2');

    // The whole round, from the screen of all stations, with its options under the dish.
    await userEvent.click(screen.getByRole('button', { name: 'All stations' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Print ticket of order #42' }));
    await waitFor(() => expect(printed).toHaveLength(3));
    expect(server.prints.at(-1)?.body).toEqual({ stationId: null });
    expect(printed[2]).toContain('KITCHEN · #42');
    expect(printed[2]).toContain('1 × Phở bòLớn · không hành');
    expect(printed[2]).not.toContain('REPRINT');
  });

  it('leaves a ticket to the station’s printer when the branch has one, and says so', async () => {
    const order = makePhoAndCoffee();
    server = serveKitchen([order], undefined, (stationId) => (stationId === bar._id ? 'Quầy bar' : null));
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    renderRoutes(routes, { path: `/orders?view=kitchen&station=${bar._id}` });

    const ticket = within(await ticketOf42());
    await userEvent.click(ticket.getByRole('button', { name: 'Print Bar ticket of order #42' }));
    expect(await screen.findByText('Sent to the printer Quầy bar')).toBeInTheDocument();
    expect(server.prints).toEqual([{ url: `/api/order/${order._id}/rounds/1/tickets`, body: { stationId: bar._id } }]);
    expect(print).not.toHaveBeenCalled();
    expect(document.querySelector('.print-sheet')).toBeNull();
  });
});
