import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item } from '@quan/contract/menu';
import type { Reservation } from '@quan/contract/reservations';
import { defaultSettings, type Settings } from '@quan/contract/settings';
import type { Table } from '@quan/contract/table';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { formatLongDay, formatTime } from '../../../lib/date-format';
import { restaurantDay, restaurantInstantIso } from '../../../lib/restaurant-day';
import { fail, installFakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';

const minute = 60_000;
const staff = makeUser({ _id: '0190a1b2-c3d4-7e5f-8a9b-00000000000b', name: 'Lan', role: 'staff' });
const table7: Table = {
  _id: '0190a1b2-c3d4-7e5f-8a9b-000000000007',
  tableNo: 7,
  seats: 6,
  status: 'available',
  qrKey: 'key-7',
  currentOrder: null,
} as unknown as Table;
const hotpot = {
  _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000a1',
  name: 'Lẩu thái',
  price: 350_000,
  isAvailable: true,
  isSoldOut: false,
} as unknown as Item;

function makeReservation(overrides: Partial<Reservation> = {}): Reservation {
  const startsAt = overrides.startsAt ?? new Date(Date.now() + 3 * 60 * minute).toISOString();
  return {
    _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000b1',
    status: 'booked',
    source: 'phone',
    name: 'Anh Tùng',
    phone: '0901234567',
    customerId: null,
    partySize: 6,
    startsAt,
    durationMinutes: 90,
    endsAt: new Date(Date.parse(startsAt) + 90 * minute).toISOString(),
    tables: [{ _id: table7._id, tableNo: 7, seats: 6 }],
    note: '',
    preorder: [],
    preorderTotal: 0,
    fireAt: null,
    orderId: null,
    version: 1,
    createdBy: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

function serve(
  reservations: Reservation[],
  { requests = [], settings = defaultSettings }: { requests?: Reservation[]; settings?: Settings } = {},
) {
  const writes: { method: string; url: string; body: unknown }[] = [];
  const handler: FakeHandler = ({ method, url, config }) => {
    if (method === 'GET' && url === '/api/settings') return ok(settings);
    if (method === 'GET' && url === '/api/reservations') return ok(reservations);
    if (method === 'GET' && url === '/api/reservations/requests') return ok(requests);
    if (method === 'GET' && url === '/api/table') return ok([table7]);
    if (method === 'GET' && url === '/api/item') return ok([hotpot]);
    if (method === 'POST' && url.endsWith('/decline-alike')) {
      writes.push({ method, url, body: null });
      return ok({ declined: 4 });
    }
    if (method !== 'GET') {
      const body = JSON.parse(String(config.data)) as Record<string, unknown>;
      writes.push({ method, url, body });
      return { status: method === 'POST' ? 201 : 200, body: { success: true, data: makeReservation() } };
    }
    return fail(404, 'Not found');
  };
  return { writes, fakeApi: installFakeApi(handler) };
}

describe('ReservationsPage', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('books table 7 for 19:00 for six with a hotpot ordered ahead, to reach the kitchen when they arrive', async () => {
    storeSession(staff, tokenExpiringIn(3600));
    const served = serve([]);
    fakeApi = served.fakeApi;
    renderRoutes(routes, { path: '/reservations' });

    expect(await screen.findByText('No bookings on this day yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New booking' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New booking' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Guest name' }), 'Anh Tùng');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Phone/ }), '0901234567');
    const guests = dialog.getByRole('spinbutton', { name: 'Guests' });
    await userEvent.clear(guests);
    await userEvent.type(guests, '6');
    await userEvent.click(dialog.getByRole('button', { name: 'Table 7 · 6 seats' }));
    expect(dialog.getByText('6 seats chosen')).toBeInTheDocument();
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Dish' }), hotpot._id);
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    expect(dialog.getByRole('button', { name: 'One more Lẩu thái' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Book' }));

    await waitFor(() => expect(served.writes).toHaveLength(1));
    const today = restaurantDay(new Date());
    expect(served.writes[0]).toEqual({
      method: 'POST',
      url: '/api/reservations',
      body: {
        name: 'Anh Tùng',
        phone: '0901234567',
        partySize: 6,
        startsAt: restaurantInstantIso(today, '19:00'),
        durationMinutes: 90,
        tableIds: [table7._id],
        note: '',
        preorder: [{ itemId: hotpot._id, quantity: 1 }],
        fireAt: null,
      },
    });
  });

  it('puts late guests first, with a no-show button, and seats a party that arrives', async () => {
    storeSession(staff, tokenExpiringIn(3600));
    const late = makeReservation({
      _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000c1',
      name: 'Chị Mai',
      startsAt: new Date(Date.now() - 20 * minute).toISOString(),
    });
    const soon = makeReservation({
      _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000c2',
      name: 'Anh Tùng',
      version: 3,
      startsAt: new Date(Date.now() + 20 * minute).toISOString(),
      preorder: [
        { itemId: hotpot._id, name: 'Lẩu thái', price: 350_000, quantity: 1, note: '', options: [], total: 350_000 },
      ],
      preorderTotal: 350_000,
    });
    const served = serve([late, soon]);
    fakeApi = served.fakeApi;
    renderRoutes(routes, { path: '/reservations' });

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Late, not arrived (1)',
      'Coming within 30 minutes (1)',
    ]);
    const lateCard = within(screen.getByRole('article', { name: /Chị Mai$/ }));
    expect(lateCard.getByRole('button', { name: 'No-show' })).toBeInTheDocument();
    const soonCard = within(screen.getByRole('article', { name: /Anh Tùng$/ }));
    expect(soonCard.queryByRole('button', { name: 'No-show' })).not.toBeInTheDocument();
    expect(soonCard.getByText(/Ordered ahead: 1× Lẩu thái/)).toHaveTextContent('to the kitchen when they arrive');

    await userEvent.click(soonCard.getByRole('button', { name: 'Arrived' }));
    await waitFor(() => expect(served.writes).toHaveLength(1));
    expect(served.writes[0]).toEqual({
      method: 'PUT',
      url: `/api/reservations/${soon._id}/status`,
      body: { status: 'arrived', expectedVersion: 3 },
    });
  });

  it('lists a guest request with what it holds, and Accept books it', async () => {
    storeSession(staff, tokenExpiringIn(3600));
    const startsAt = new Date(Date.now() + 3 * 24 * 60 * minute).toISOString();
    const request = makeReservation({
      _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000d1',
      status: 'requested',
      source: 'public',
      name: 'Chị Hoa',
      phone: '0912 345 678',
      partySize: 4,
      startsAt,
      note: 'Sinh nhật, cần ghế em bé',
      version: 2,
    });
    const served = serve([], { requests: [request] });
    fakeApi = served.fakeApi;
    renderRoutes(routes, { path: '/reservations' });

    const section = within(await screen.findByRole('region', { name: 'Request to accept (1)' }));
    const card = within(section.getByRole('article', { name: /Chị Hoa$/ }));
    expect(card.getByText(formatLongDay(restaurantDay(new Date(startsAt))))).toBeInTheDocument();
    expect(card.getByRole('heading', { level: 3 })).toHaveTextContent(`${formatTime(startsAt)} · Chị Hoa`);
    expect(card.getByText('4 guests')).toBeInTheDocument();
    expect(card.getByText('Tables 7')).toBeInTheDocument();
    expect(card.getByText('Sinh nhật, cần ghế em bé')).toBeInTheDocument();
    expect(card.getByText('Waiting for you to accept')).toBeInTheDocument();
    expect(card.getByRole('link', { name: '0912 345 678' })).toHaveAttribute('href', 'tel:0912345678');
    expect(card.getByRole('button', { name: 'Change' })).toBeInTheDocument();

    await userEvent.click(card.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(served.writes).toHaveLength(1));
    expect(served.writes[0]).toEqual({
      method: 'PUT',
      url: `/api/reservations/${request._id}/status`,
      body: { status: 'booked', expectedVersion: 2 },
    });
    expect(await screen.findByText("Chị Hoa's booking is accepted.")).toBeInTheDocument();
  });

  it('declines a request once asked, listing it once: among the requests, not again in the day', async () => {
    storeSession(staff, tokenExpiringIn(3600));
    const request = makeReservation({
      _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000d2',
      status: 'requested',
      source: 'public',
      name: 'Anh Bảo',
      startsAt: new Date(Date.now() + 2 * 60 * minute).toISOString(),
    });
    const declined = makeReservation({
      _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000d3',
      status: 'declined',
      source: 'public',
      name: 'Chị Vy',
    });
    const served = serve([request, declined], { requests: [request] });
    fakeApi = served.fakeApi;
    renderRoutes(routes, { path: '/reservations' });

    // Today's book does not list it a second time; a declined one goes with the closed ones.
    const closed = within(await screen.findByRole('region', { name: 'Finished or cancelled (1)' }));
    expect(screen.getAllByRole('article', { name: /Anh Bảo$/ })).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Waiting for you to accept (1)' })).not.toBeInTheDocument();
    expect(within(closed.getByRole('article', { name: /Chị Vy$/ })).getByText('Declined')).toBeInTheDocument();

    const section = within(screen.getByRole('region', { name: 'Request to accept (1)' }));
    await userEvent.click(
      within(section.getByRole('article', { name: /Anh Bảo$/ })).getByRole('button', { name: 'Decline' }),
    );
    const question = within(await screen.findByRole('dialog', { name: "Decline Anh Bảo's request?" }));
    expect(served.writes).toEqual([]);
    await userEvent.click(question.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(served.writes).toHaveLength(1));
    expect(served.writes[0]).toEqual({
      method: 'PUT',
      url: `/api/reservations/${request._id}/status`,
      body: { status: 'declined', expectedVersion: 1 },
    });
    expect(await screen.findByText("Anh Bảo's request is declined.")).toBeInTheDocument();
  });

  it('declines every request of one guest at once, once asked, and says an unanswered one expired', async () => {
    storeSession(staff, tokenExpiringIn(3600));
    const request = makeReservation({
      _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000d4',
      status: 'requested',
      source: 'public',
      name: 'Bot',
      startsAt: new Date(Date.now() + 2 * 60 * minute).toISOString(),
    });
    const expired = makeReservation({
      _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000d5',
      status: 'expired',
      source: 'public',
      name: 'Chị Lan',
    });
    const served = serve([request, expired], { requests: [request] });
    fakeApi = served.fakeApi;
    renderRoutes(routes, { path: '/reservations' });

    const closed = within(await screen.findByRole('region', { name: 'Finished or cancelled (1)' }));
    expect(
      within(closed.getByRole('article', { name: /Chị Lan$/ })).getByText('Expired, never answered'),
    ).toBeInTheDocument();
    const section = within(screen.getByRole('region', { name: 'Request to accept (1)' }));
    await userEvent.click(
      within(section.getByRole('article', { name: /Bot$/ })).getByRole('button', {
        name: 'Decline all their requests',
      }),
    );
    const question = within(await screen.findByRole('dialog', { name: 'Decline every request from Bot?' }));
    expect(served.writes).toEqual([]);
    await userEvent.click(question.getByRole('button', { name: 'Decline all' }));
    await waitFor(() => expect(served.writes).toHaveLength(1));
    expect(served.writes[0]).toEqual({
      method: 'POST',
      url: `/api/reservations/${request._id}/decline-alike`,
      body: null,
    });
    expect(await screen.findByText('4 requests declined.')).toBeInTheDocument();
  });

  it("offers a new booking the restaurant's default length", async () => {
    storeSession(staff, tokenExpiringIn(3600));
    const settings: Settings = {
      ...defaultSettings,
      reservations: { ...defaultSettings.reservations, defaultMinutes: 105 },
    };
    const served = serve([], { settings });
    fakeApi = served.fakeApi;
    renderRoutes(routes, { path: '/reservations' });

    await screen.findByText('No bookings on this day yet.');
    await userEvent.click(screen.getByRole('button', { name: 'New booking' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New booking' }));
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Length' })).toHaveValue('105'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Guest name' }), 'Anh Tùng');
    await userEvent.click(dialog.getByRole('button', { name: 'Book' }));

    await waitFor(() => expect(served.writes).toHaveLength(1));
    expect(served.writes[0]?.body).toMatchObject({ name: 'Anh Tùng', durationMinutes: 105 });
  });

  it('shows on the tables screen that table 7 is reserved tonight', async () => {
    storeSession(staff, tokenExpiringIn(3600));
    const tonight = makeReservation({ startsAt: new Date(Date.now() + 2 * 60 * minute).toISOString() });
    fakeApi = serve([tonight]).fakeApi;
    renderRoutes(routes, { path: '/tables' });

    const card = within(await screen.findByRole('article', { name: 'Table 7' }));
    expect(await card.findByText(/^Reserved .+ · Anh Tùng \(6\)$/)).toBeInTheDocument();
  });

  it('tells whoever seats guests on the tables screen who is late and who is due within the half hour', async () => {
    storeSession(staff, tokenExpiringIn(3600));
    const late = makeReservation({
      _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000c1',
      name: 'Chị Hà',
      partySize: 2,
      startsAt: new Date(Date.now() - 20 * minute).toISOString(),
    });
    const due = makeReservation({
      _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000c2',
      name: 'Anh Tùng',
      startsAt: new Date(Date.now() + 20 * minute).toISOString(),
    });
    const later = makeReservation({ _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000c3', name: 'Cô Mai' });
    const gone = makeReservation({ _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000c4', name: 'Bác Ba', status: 'cancelled' });
    fakeApi = serve([late, due, later, gone]).fakeApi;
    renderRoutes(routes, { path: '/tables' });

    const comingUp = within(await screen.findByRole('region', { name: 'Coming up' }));
    const rows = comingUp.getAllByRole('listitem').map((row) => row.textContent);
    expect(rows).toEqual([
      `${formatTime(late.startsAt)}Chị Hà2 gueststable 7Late`,
      `${formatTime(due.startsAt)}Anh Tùng6 gueststable 7`,
    ]);
    // The later one is counted, the cancelled one not at all.
    expect(comingUp.getByRole('link', { name: '1 more booking today' })).toHaveAttribute('href', '/reservations');
    expect(comingUp.queryByText('Bác Ba')).toBeNull();
  });
});
